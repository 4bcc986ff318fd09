/**
 * Test token issuer: an RSA key made per test process, its JWKS served to the resource server for
 * the realms a test names, and access tokens minted with the claims docs/API-NOTES.md fixes.
 */
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey, JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Jwks, JwksProvider } from '../../shared/http/auth.js';
import { signJwt } from '../../shared/identity/signing/jwt.js';
import type { SigningKey } from '../../shared/identity/signing/signing-key.js';

export interface TestIssuer {
  /** Serves this issuer's keys for the known realms; any other realm is unknown. */
  jwksProvider: JwksProvider;
  /** Realms whose keys the provider serves. */
  realms: Set<string>;
  userToken(realmId: string, userId: string, options?: TokenOptions): Promise<string>;
  /** A realm administrator's service account (roles `service-account`, `realm-admin`) unless `options.roles` says otherwise. */
  serviceToken(realmId: string, clientId?: string, options?: TokenOptions): Promise<string>;
  mint(claims: Record<string, unknown>, options?: TokenOptions): Promise<string>;
}

export interface TokenOptions {
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresIn?: number;
  /** Sign with another key than the one the JWKS publishes (a forged token). */
  signWith?: CryptoKey;
  issuerBase?: string;
  kid?: string;
  /** Leave out `exp`. */
  noExpiry?: boolean;
  /** Seconds from now before which the token is not valid (`nbf`). */
  notBefore?: number;
  /** The token's `roles`, in place of the default. */
  roles?: string[];
  /** Extra protected header parameters, e.g. `crit`. */
  header?: Record<string, unknown>;
}

export async function createTestIssuer(issuerBase: () => string, realms: string[]): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = `test-${randomUUID()}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const known = new Set(realms);
  const jwksProvider: JwksProvider = async (realmId) => (known.has(realmId) ? ({ keys: [jwk] } as unknown as Jwks) : null);

  const mint = async (claims: Record<string, unknown>, options: TokenOptions = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ typ: 'Bearer', jti: randomUUID(), ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid, typ: 'JWT', ...options.header })
      .setIssuedAt(now - 5);
    if (!options.noExpiry) jwt.setExpirationTime(now + (options.expiresIn ?? 300));
    if (options.notBefore !== undefined) jwt.setNotBefore(now + options.notBefore);
    return jwt.sign(options.signWith ?? privateKey);
  };
  const issuer = (realmId: string, options: TokenOptions) => `${options.issuerBase ?? issuerBase()}/realms/${realmId}`;

  return {
    jwksProvider,
    realms: known,
    mint,
    userToken: (realmId, userId, options = {}) =>
      mint({ iss: issuer(realmId, options), sub: userId, azp: 'web-app', roles: options.roles ?? ['user'] }, options),
    serviceToken: (realmId, clientId = 'back-end', options = {}) =>
      mint(
        {
          iss: issuer(realmId, options),
          sub: `service-account-${clientId}`,
          azp: clientId,
          roles: options.roles ?? ['service-account', 'realm-admin'],
        },
        options,
      ),
  };
}

/**
 * A user's access token as the service's own issuer signs it (the claims docs/API-NOTES.md fixes),
 * with one of the service's signing keys: for tests of the deployed key path, where a realm's keys
 * come from KMS or the key ring rather than from a test issuer's JWKS.
 */
export async function serviceSignedUserToken(issuer: string, key: SigningKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: issuer, sub: 'alice', azp: 'web', typ: 'Bearer', jti: randomUUID(), iat: now, exp: now + 300 };
  return signJwt(claims, key);
}
