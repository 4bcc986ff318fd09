import { parseScope } from '../scopes.js';
import type { Grant } from './grant-context.js';

/** The client acts for itself as its service account; no refresh token (RFC 6749 §4.4.3). */
export const clientCredentialsGrant: Grant = async ({ realmId, issuer, client, params, issuerOfTokens }) => {
  const scopes = parseScope(params.scope);
  const { familyId: _none, ...response } = await issuerOfTokens.issue({
    realmId,
    issuer,
    clientId: client.clientId,
    subject: { kind: 'service', clientId: client.clientId, roles: client.serviceAccountRoles },
    scopes,
  });
  return response;
};
