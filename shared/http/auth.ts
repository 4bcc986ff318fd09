/**
 * How bearer tokens become a Principal. The interface is what the middleware stack depends on;
 * `RealmTokenVerifier` is the implementation on aws-jwt-verify (RS256, per-realm issuer, JWKS from
 * a pluggable source). The source is chosen in one place: `auth-config.ts`.
 */
import { JwtVerifier } from 'aws-jwt-verify';
import {
  JwtExpiredError,
  JwtInvalidIssuerError,
  JwtInvalidSignatureAlgorithmError,
  JwtInvalidSignatureError,
  JwtNotBeforeError,
  JwtParseError,
  JwtWithoutValidKidError,
  KidNotFoundInJwksError,
} from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { ServiceUnavailableError, UnauthorizedError } from '../domain/errors.js';
import { serviceAccountRole, serviceAccountSubject } from '../domain/principal.js';
import type { Principal } from '../domain/principal.js';
import { lifetimes } from '../identity/lifetimes.js';

export type { Principal } from '../domain/principal.js';
export type { Jwks } from 'aws-jwt-verify/jwk';

export interface TokenVerifier {
  /** Resolves to the caller, or rejects with UnauthorizedError. */
  verify(token: string, issuerBase: string): Promise<Principal>;
}

/**
 * Gives the realm's public keys. `null` means no such realm (the token is then refused).
 * `issuer` is `${issuerBase}/realms/${realmId}`.
 */
export type JwksProvider = (realmId: string, issuer: string) => Promise<Jwks | null>;

/**
 * The realm's public keys could not be read (KMS or the table did not answer): a 503 with
 * Retry-After, never a 401, since it says nothing about the token. The cause is kept for the log.
 */
export class KeysUnavailableError extends ServiceUnavailableError {
  constructor(cause: unknown) {
    super('The token signing keys cannot be read right now; retry shortly', 2);
    this.cause = cause;
  }
}

/** Optional extra check after the signature and claims hold, e.g. a revocation list. */
export type TokenCheck = (payload: JwtPayload, principal: Principal) => Promise<void>;

const realmIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const certsSuffix = '/protocol/openid-connect/certs';

export function jwksUriFor(issuer: string): string {
  return `${issuer}${certsSuffix}`;
}

/** A header or payload part of a JWT, decoded without trusting it; undefined when it is not a JSON object. */
function decodePart(part: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  return [];
}

export function principalFromClaims(realmId: string, payload: JwtPayload): Principal {
  const subject = typeof payload.sub === 'string' ? payload.sub : '';
  const azp = (payload as Record<string, unknown>).azp;
  const clientId = typeof azp === 'string' ? azp : '';
  const roles = stringList((payload as Record<string, unknown>).roles);
  if (!subject) throw new UnauthorizedError('The token has no subject');
  const isService = clientId !== '' && subject === serviceAccountSubject(clientId) && roles.includes(serviceAccountRole);
  return { realmId, subject, clientId, kind: isService ? 'service' : 'user', roles };
}

export class RealmTokenVerifier implements TokenVerifier {
  private readonly verifiers = new Map<string, ReturnType<typeof JwtVerifier.create>>();
  private readonly jwksCache: SimpleJwksCache;

  constructor(
    jwksProvider: JwksProvider,
    private readonly extraCheck?: TokenCheck,
  ) {
    // The cache asks this fetcher for a realm's JWKS (once, and again on an unknown `kid`),
    // so keys come from wherever the provider keeps them, not only from an https URL.
    this.jwksCache = new SimpleJwksCache({
      fetcher: {
        fetch: async (uri: string) => {
          const issuer = uri.slice(0, -certsSuffix.length);
          const realmId = issuer.slice(issuer.lastIndexOf('/') + 1);
          let jwks: Jwks | null;
          try {
            jwks = await jwksProvider(realmId, issuer);
          } catch (error) {
            // Keys that cannot be read say nothing about the token: the caller retries, not logs in again.
            throw new KeysUnavailableError(error);
          }
          if (!jwks) throw new UnauthorizedError('Unknown realm');
          const bytes = new TextEncoder().encode(JSON.stringify(jwks));
          return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        },
      },
    });
  }

  async verify(token: string, issuerBase: string): Promise<Principal> {
    const parts = token.split('.');
    const header = decodePart(parts[0]);
    // `iss` is read unverified only to pick the realm whose keys must then verify the token.
    const iss = decodePart(parts[1])?.iss;
    if (parts.length !== 3 || !header) throw new UnauthorizedError('The token is malformed');
    const prefix = `${issuerBase}/realms/`;
    if (typeof iss !== 'string' || !iss.startsWith(prefix)) throw new UnauthorizedError('The token was issued by another issuer');
    const realmId = iss.slice(prefix.length);
    if (!realmIdPattern.test(realmId)) throw new UnauthorizedError('The token was issued by another issuer');
    let payload: JwtPayload;
    try {
      payload = await this.verifierFor(iss).verify(token);
    } catch (error) {
      if (error instanceof KeysUnavailableError) throw error;
      throw new UnauthorizedError(describeVerifyFailure(error));
    }
    // RFC 7515 §4.1.11: a critical extension the recipient does not understand makes the token invalid; this server understands none.
    if (header.crit !== undefined)
      throw new UnauthorizedError('The token names a critical header extension this server does not understand');
    // aws-jwt-verify checks `exp` only when it is there; an access token must always end.
    if (typeof payload.exp !== 'number') throw new UnauthorizedError('The token has no expiry (exp)');
    const typ = (payload as Record<string, unknown>).typ;
    if (typ !== undefined && typ !== 'Bearer') throw new UnauthorizedError('Not an access token');
    const principal = principalFromClaims(realmId, payload);
    if (this.extraCheck) await this.extraCheck(payload, principal);
    return principal;
  }

  private verifierFor(issuer: string) {
    let verifier = this.verifiers.get(issuer);
    if (!verifier) {
      verifier = JwtVerifier.create(
        // graceSeconds: the clock skew docs/IDENTITY.md allows on `exp` and `nbf`.
        { issuer, audience: null, jwksUri: jwksUriFor(issuer), graceSeconds: lifetimes.clockSkew },
        { jwksCache: this.jwksCache },
      );
      this.verifiers.set(issuer, verifier);
    }
    return verifier;
  }
}

/**
 * A short reason for the 401 body: which check failed, never key material or internals. The
 * library's errors are told apart by class (their `name` is the generic `Error`).
 */
function describeVerifyFailure(error: unknown): string {
  if (error instanceof UnauthorizedError) return error.message;
  if (error instanceof JwtExpiredError) return 'The token has expired';
  if (error instanceof JwtNotBeforeError) return 'The token is not valid yet';
  if (error instanceof JwtInvalidIssuerError) return 'The token was issued by another issuer';
  if (error instanceof JwtInvalidSignatureError || error instanceof JwtInvalidSignatureAlgorithmError) {
    return 'The token signature is not valid';
  }
  if (error instanceof KidNotFoundInJwksError || error instanceof JwtWithoutValidKidError)
    return 'The token was signed with an unknown key';
  if (error instanceof JwtParseError) return 'The token is malformed';
  return 'The token is not valid';
}
