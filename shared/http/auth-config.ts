/**
 * The one place that decides where token keys come from. Every handler's stack asks
 * `tokenVerifier()`; a runtime (or a test) may plug in another key source with `configureAuth`
 * before the first request.
 *
 * Default: each realm's public keys read directly, with no call to the service's own certs
 * endpoint: the realm from the table, the keys from the process's signing key source (KMS
 * `GetPublicKey` in the cloud, the key ring locally), both cached per container (the JWKS per realm
 * until a token names an unknown key, each KMS public key for the container's life). Every token is
 * checked against the revocation list (revoked tokens and revoked logins). A failure to read keys
 * is a 503 (`KeysUnavailableError`), never a 401.
 */
import { RealmTokenVerifier } from './auth.js';
import type { JwksProvider, TokenCheck, TokenVerifier } from './auth.js';
import { identityJwksProvider, revocationCheck } from '../identity/resource-server.js';

let jwksProvider: JwksProvider = identityJwksProvider();
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
