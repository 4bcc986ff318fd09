/** `POST /realms/{realmId}/protocol/openid-connect/token` */
import { grantTypes, type GrantType } from '../domain/identity/entities.js';
import { authenticateClient } from './client-authentication.js';
import { authorizationCodeGrant } from './grants/authorization-code.js';
import { clientCredentialsGrant } from './grants/client-credentials.js';
import type { Grant } from './grants/grant-context.js';
import { passwordGrant } from './grants/password.js';
import { refreshTokenGrant } from './grants/refresh-token.js';
import { OAuthError, oauthErrorBody, oauthErrorHeaders } from './oauth-error.js';
import { jsonResponse, type EndpointRequest, type EndpointResponse, type IdentityProvider } from './provider.js';
import { parseParameters, required } from './request-parameters.js';

const grants: Record<GrantType, Grant> = {
  client_credentials: clientCredentialsGrant,
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  authorization_code: authorizationCodeGrant,
};

export async function tokenEndpoint(provider: IdentityProvider, request: EndpointRequest): Promise<EndpointResponse> {
  try {
    if (!(await provider.store.realms.get(request.realmId))) {
      throw new OAuthError('invalid_request', `Realm ${request.realmId} does not exist`, 404);
    }
    const params = parseParameters(request.body, request.headers['content-type']);
    const client = await authenticateClient(provider, request, params);
    const grantType = required(params, 'grant_type');
    if (!(grantTypes as readonly string[]).includes(grantType)) {
      throw new OAuthError('unsupported_grant_type', `Unsupported grant_type: ${grantType}`, 400, 'grant_type');
    }
    if (!client.grantTypes.includes(grantType as GrantType)) {
      throw new OAuthError('unauthorized_client', `Client ${client.clientId} may not use grant_type ${grantType}`, 400, 'grant_type');
    }
    const response = await grants[grantType as GrantType]({
      realmId: request.realmId,
      issuer: request.issuer,
      client,
      params,
      store: provider.store,
      issuerOfTokens: provider.tokens,
      now: provider.clock(),
      sourceIp: request.sourceIp,
      policies: provider.policies,
    });
    return jsonResponse(200, response);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return jsonResponse(error.statusCode, oauthErrorBody(error), oauthErrorHeaders(error, request.realmId));
  }
}
