import { OAuthError } from '../oauth-error.js';
import { required } from '../request-parameters.js';
import { parseScope } from '../scopes.js';
import { authenticateUser } from '../user-authentication.js';
import type { Grant } from './grant-context.js';

export const passwordGrant: Grant = async ({ realmId, issuer, client, params, store, issuerOfTokens, now, sourceIp, policies }) => {
  const username = required(params, 'username');
  const password = required(params, 'password');
  const scopes = parseScope(params.scope);
  // The client is authenticated: failures lock the username for this client, not for every source.
  const result = await authenticateUser(
    store,
    { realmId, username, password, source: `client:${client.clientId}`, payer: { sourceIp, clientId: client.clientId }, now },
    policies,
  );
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
