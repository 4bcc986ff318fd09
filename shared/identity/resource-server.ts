/**
 * What the resource server (shared/http/auth-config.ts) plugs in: realm JWKS read straight from
 * the key store (no HTTP round trip to the certs endpoint), and the revocation check.
 */
import type { Jwks, JwksProvider, TokenCheck } from '../http/auth.js';
import { UnauthorizedError } from '../domain/errors.js';
import { loginEnded } from '../domain/identity/entities.js';
import type { IdentityStore } from '../store/identity/identity-store.js';
import { identityStore } from '../store/identity/process-store.js';
import { signingKeysFromEnvironment } from './signing/from-environment.js';
import { familyIdPattern } from './token-issuer.js';
import type { SigningKeySource } from './signing/signing-key.js';

export function identityJwksProvider(
  store: () => IdentityStore = identityStore,
  keys: () => SigningKeySource = signingKeysFromEnvironment,
): JwksProvider {
  return async (realmId) => {
    if (!(await store().realms.get(realmId))) return null;
    return { keys: await keys().publicKeys() } as unknown as Jwks;
  };
}

/**
 * Whether a token is revoked: its `jti` is on the deny-list, or, for a user's login, its refresh
 * family was revoked or its user deleted or given new credentials since the login began.
 */
export async function tokenRevoked(
  store: IdentityStore,
  realmId: string,
  jti: string,
  login?: { sid: string; userId: string },
): Promise<boolean> {
  const facts = await store.revokedTokens.revocationFacts(realmId, jti, login);
  return facts.accessTokenRevoked || (login !== undefined && (facts.familyRevoked || loginEnded(facts.user, login.sid)));
}

/** Refuses a token on the deny-list, or one whose login (refresh family `sid`) was revoked. */
export function revocationCheck(store: () => IdentityStore = identityStore): TokenCheck {
  return async (payload, principal) => {
    const jti = (payload as Record<string, unknown>).jti;
    const sid = (payload as Record<string, unknown>).sid;
    if (typeof jti !== 'string') throw new UnauthorizedError('The token has no jti');
    // A token with `sid` was issued to a user's login (refresh family); its `sub` is the user.
    const login = typeof sid === 'string' && familyIdPattern.test(sid) ? { sid, userId: principal.subject } : undefined;
    if (typeof sid === 'string' && !login) throw new UnauthorizedError('The token has been revoked');
    if (await tokenRevoked(store(), principal.realmId, jti, login)) throw new UnauthorizedError('The token has been revoked');
  };
}
