/**
 * The one place that decides where token keys come from. Every handler's stack asks
 * `tokenVerifier()`; a runtime (or a test) may plug in another key source with `configureAuth`
 * before the first request.
 *
 * Default: each realm's JWKS from its own certs endpoint over HTTP(S)
 * (`${issuer}/protocol/openid-connect/certs`), fetched with `fetch` so a local http issuer works,
 * and every token checked against the revocation list (revoked tokens and revoked logins), which
 * only needs read access to the table that every handler has. The local runtime swaps in a key
 * source that reads the key ring directly.
 */
import { RealmTokenVerifier, jwksUriFor } from './auth.js';
import type { Jwks, JwksProvider, TokenCheck, TokenVerifier } from './auth.js';
import { revocationCheck } from '../identity/resource-server.js';

export const fetchJwksProvider: JwksProvider = async (_realmId, issuer) => {
  const response = await fetch(jwksUriFor(issuer), { signal: AbortSignal.timeout(5_000) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`JWKS request failed with status ${response.status}`);
  return (await response.json()) as Jwks;
};

let jwksProvider: JwksProvider = fetchJwksProvider;
let tokenCheck: TokenCheck = revocationCheck();
let verifier: TokenVerifier | undefined;

export function configureAuth(options: { jwksProvider?: JwksProvider; tokenCheck?: TokenCheck }): void {
  if (options.jwksProvider) jwksProvider = options.jwksProvider;
  if (options.tokenCheck) tokenCheck = options.tokenCheck;
  verifier = undefined;
}

export function tokenVerifier(): TokenVerifier {
  verifier ??= new RealmTokenVerifier(jwksProvider, tokenCheck);
  return verifier;
}
