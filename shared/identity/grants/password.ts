import { OAuthError } from '../oauth-error.js';
import { required } from '../request-parameters.js';
import { parseScope } from '../scopes.js';
import { authenticateUser } from '../user-authentication.js';
import type { Grant } from './grant-context.js';

export const passwordGrant: Grant = async ({ realmId, issuer, client, params, store, issuerOfTokens, now }) => {
  const username = required(params, 'username');
  const password = required(params, 'password');
  const scopes = parseScope(params.scope);
  const result = await authenticateUser(store, realmId, username, password, now);
  if (result.outcome === 'locked') {
    throw new OAuthError('invalid_grant', 'Too many failed logins for this username; try again later');
  }
  if (result.outcome === 'invalid') throw new OAuthError('invalid_grant', 'Invalid user credentials');
  const { familyId: _family, ...response } = await issuerOfTokens.issue({
    realmId,
    issuer,
    clientId: client.clientId,
    subject: { kind: 'user', user: result.user },
    scopes,
    signedInAt: now,
  });
  return response;
};
