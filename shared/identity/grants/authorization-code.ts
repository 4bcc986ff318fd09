/**
 * Authorization code exchange. The code is redeemed (marked used by one conditional write) before
 * anything else is checked, so a code works once whatever happens next; a replayed code also
 * revokes the refresh family issued from it (RFC 6749 §4.1.2).
 */
import { epochSeconds } from '../../store/table.js';
import { digestToken, digestsEqual } from '../hashing.js';
import { OAuthError } from '../oauth-error.js';
import { pkceValuePattern, s256Challenge } from '../pkce.js';
import { required } from '../request-parameters.js';
import type { Grant } from './grant-context.js';

const invalid = (why: string, field?: string) => new OAuthError('invalid_grant', why, 400, field);

export const authorizationCodeGrant: Grant = async ({ realmId, issuer, client, params, store, issuerOfTokens, now }) => {
  const code = required(params, 'code');
  const redirectUri = required(params, 'redirect_uri');
  const verifier = params.code_verifier;
  const codeDigest = digestToken(code);
  const redemption = await store.authorizationCodes.redeem(realmId, codeDigest);
  if (redemption.outcome === 'unknown') throw invalid('Invalid authorization code', 'code');
  if (redemption.outcome === 'already-used') {
    if (redemption.code.familyId) await store.refreshFamilies.revoke(realmId, redemption.code.familyId);
    throw invalid('The authorization code was already used', 'code');
  }
  const stored = redemption.code;
  if (stored.expiresAt <= epochSeconds(now)) throw invalid('The authorization code has expired', 'code');
  if (stored.clientId !== client.clientId) throw invalid('The authorization code was issued to another client', 'code');
  if (stored.redirectUri !== redirectUri) throw invalid('redirect_uri does not match the authorization request', 'redirect_uri');
  if (stored.codeChallenge) {
    if (!verifier || !pkceValuePattern.test(verifier)) throw invalid('A valid code_verifier is required', 'code_verifier');
    if (!digestsEqual(s256Challenge(verifier), stored.codeChallenge)) throw invalid('code_verifier does not match', 'code_verifier');
  } else if (verifier !== undefined) {
    throw invalid('code_verifier sent but no code_challenge was', 'code_verifier');
  }
  const user = await store.users.get(realmId, stored.subject);
  if (!user) throw invalid('The user no longer exists');
  const signedInAt = new Date(stored.signedInAt ?? stored.authTime * 1000);
  if (user.credentialsChangedAt !== undefined && signedInAt.getTime() < user.credentialsChangedAt) {
    throw invalid('The password has changed since this sign-in; sign in again', 'code');
  }
  const { familyId, ...response } = await issuerOfTokens.issue({
    realmId,
    issuer,
    clientId: client.clientId,
    subject: { kind: 'user', user },
    scopes: stored.scope.split(' ').filter(Boolean),
    nonce: stored.nonce,
    authTime: stored.authTime,
    signedInAt,
  });
  if (familyId) await store.authorizationCodes.recordFamily(realmId, codeDigest, familyId);
  return response;
};
