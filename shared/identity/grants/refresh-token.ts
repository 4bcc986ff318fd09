/**
 * Refresh with rotation: the presented token must be the family's live one; it is replaced by a
 * new one in one conditional write. A rotated token presented again (or two requests racing with
 * the same token) revokes the whole family: one of the two holders is not the rightful one.
 */
import { loginEnded } from '../../domain/identity/entities.js';
import { epochSeconds } from '../../store/table.js';
import { digestToken, digestsEqual } from '../hashing.js';
import { lifetimes } from '../lifetimes.js';
import { OAuthError } from '../oauth-error.js';
import { required } from '../request-parameters.js';
import { narrowScope } from '../scopes.js';
import { newRefreshToken, refreshTokenFamily } from '../token-issuer.js';
import type { Grant } from './grant-context.js';

const invalid = (why: string) => new OAuthError('invalid_grant', why);

export const refreshTokenGrant: Grant = async ({ realmId, issuer, client, params, store, issuerOfTokens, now }) => {
  const token = required(params, 'refresh_token');
  const familyId = refreshTokenFamily(token);
  const family = familyId ? await store.refreshFamilies.get(realmId, familyId) : undefined;
  if (!familyId || !family || family.clientId !== client.clientId) throw invalid('Invalid refresh token');
  const nowSeconds = epochSeconds(now);
  if (family.revoked) throw invalid('The refresh token has been revoked');
  if (family.expiresAt <= nowSeconds) throw invalid('The refresh token has expired');

  const presented = digestToken(token);
  if (!digestsEqual(presented, family.currentDigest)) {
    if (family.usedDigests.has(presented)) {
      await store.refreshFamilies.revoke(realmId, familyId);
      throw invalid('The refresh token was already used; the session has been revoked');
    }
    throw invalid('Invalid refresh token');
  }
  if (family.currentExpiresAt <= nowSeconds) throw invalid('The refresh token has expired');
  const scopes = narrowScope(family.scope, params.scope);

  const user = await store.users.get(realmId, family.subject);
  if (loginEnded(user, familyId)) {
    await store.refreshFamilies.revoke(realmId, familyId);
    throw invalid(user ? 'The password has changed since this login; sign in again' : 'The user no longer exists');
  }

  const next = newRefreshToken(familyId);
  const currentExpiresAt = Math.min(family.expiresAt, nowSeconds + lifetimes.refreshTokenIdle);
  const outcome = await store.refreshFamilies.rotate(realmId, familyId, presented, digestToken(next), currentExpiresAt);
  if (outcome === 'lost-race') {
    await store.refreshFamilies.revoke(realmId, familyId);
    throw invalid('The refresh token was already used; the session has been revoked');
  }
  const { familyId: _family, ...response } = await issuerOfTokens.issue({
    realmId,
    issuer,
    clientId: client.clientId,
    subject: { kind: 'user', user: user! },
    scopes,
    authTime: family.authTime,
    continuedFamily: { familyId, refreshToken: next, expiresAt: family.expiresAt, currentExpiresAt },
  });
  return response;
};
