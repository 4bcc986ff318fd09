/**
 * How bearer tokens become a Principal. The interface is what the middleware stack depends on;
 * `RealmTokenVerifier` is the implementation on aws-jwt-verify (RS256, per-realm issuer, JWKS from
 * a pluggable source). The source is chosen in one place: `auth-config.ts`.
 */
import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { UnauthorizedError } from '../domain/errors.js';
import { serviceAccountRole, serviceAccountSubject } from '../domain/principal.js';
import type { Principal } from '../domain/principal.js';

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

/** Optional extra check after the signature and claims hold, e.g. a revocation list. */
export type TokenCheck = (payload: JwtPayload, principal: Principal) => Promise<void>;

const realmIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const certsSuffix = '/protocol/openid-connect/certs';

export function jwksUriFor(issuer: string): string {
  return `${issuer}${certsSuffix}`;
}

/** Reads `iss` without trusting it: only to pick the realm whose keys must then verify it. */
function unverifiedIssuer(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    const iss = (payload as { iss?: unknown } | null)?.iss;
    return typeof iss === 'string' ? iss : undefined;
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
  const isService =
    clientId !== '' && subject === serviceAccountSubject(clientId) && roles.includes(serviceAccountRole);
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
          const jwks = await jwksProvider(realmId, issuer);
          if (!jwks) throw new UnauthorizedError('Unknown realm');
          const bytes = new TextEncoder().encode(JSON.stringify(jwks));
          return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        },
      },
    });
  }

  async verify(token: string, issuerBase: string): Promise<Principal> {
    const iss = unverifiedIssuer(token);
    const prefix = `${issuerBase}/realms/`;
    if (!iss || !iss.startsWith(prefix)) throw new UnauthorizedError('The token was not issued here');
    const realmId = iss.slice(prefix.length);
    if (!realmIdPattern.test(realmId)) throw new UnauthorizedError('The token was not issued here');
    let payload: JwtPayload;
    try {
      payload = await this.verifierFor(iss).verify(token);
    } catch (error) {
      throw new UnauthorizedError(describeVerifyFailure(error));
    }
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
        { issuer, audience: null, jwksUri: jwksUriFor(issuer) },
        { jwksCache: this.jwksCache },
      );
      this.verifiers.set(issuer, verifier);
    }
    return verifier;
  }
}

/** A short reason for the 401 body: which check failed, never key material or internals. */
function describeVerifyFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  switch (name) {
    case 'JwtExpiredError':
      return 'The token has expired';
    case 'JwtNotBeforeError':
      return 'The token is not valid yet';
    case 'JwtInvalidSignatureError':
    case 'KidNotFoundInJwksError':
    case 'JwtInvalidSignatureAlgorithmError':
      return 'The token signature is not valid';
    case 'JwtParseError':
      return 'The token is malformed';
    default:
      return error instanceof UnauthorizedError ? error.message : 'The token is not valid';
  }
}
