/**
 * `POST .../revoke` (RFC 7009). The client authenticates; a token it does not own, or that is not
 * a token at all, still gets 200 so the endpoint reveals nothing. A refresh token revokes its
 * whole family (and so the access tokens issued from it, checked by `sid`); an access token goes
 * on the deny-list until it would have expired.
 */
import { digestToken, digestsEqual } from './hashing.js';
import { verifyOwnAccessToken } from './access-token-verification.js';
import { authenticateClient } from './client-authentication.js';
import { OAuthError, oauthErrorBody, oauthErrorHeaders } from './oauth-error.js';
import { jsonResponse, type EndpointRequest, type EndpointResponse, type IdentityProvider } from './provider.js';
import { parseParameters, required } from './request-parameters.js';
import { refreshTokenFamily } from './token-issuer.js';

export async function revocationEndpoint(provider: IdentityProvider, request: EndpointRequest): Promise<EndpointResponse> {
  try {
    if (!(await provider.store.realms.get(request.realmId))) {
      throw new OAuthError('invalid_request', `Realm ${request.realmId} does not exist`, 404);
    }
    const params = parseParameters(request.body, request.headers['content-type']);
    const client = await authenticateClient(provider, request, params);
    const token = required(params, 'token');
    const hint = params.token_type_hint;
    if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token') {
      throw new OAuthError('unsupported_token_type', `Unsupported token_type_hint: ${hint}`, 400, 'token_type_hint');
    }
    const familyId = refreshTokenFamily(token);
    if (familyId) {
      const family = await provider.store.refreshFamilies.get(request.realmId, familyId);
      const digest = digestToken(token);
      const owned = family?.clientId === client.clientId && (digestsEqual(digest, family.currentDigest) || family.usedDigests.has(digest));
      if (owned) await provider.store.refreshFamilies.revoke(request.realmId, familyId);
    } else {
      const payload = await verifyOwnAccessToken(provider.keys, token, request.issuer);
      if (payload?.azp === client.clientId && typeof payload.jti === 'string' && typeof payload.exp === 'number') {
        await provider.store.revokedTokens.revokeAccessToken(request.realmId, payload.jti, payload.exp);
      }
    }
    return { statusCode: 200, headers: { 'cache-control': 'no-store' } };
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return jsonResponse(error.statusCode, oauthErrorBody(error), oauthErrorHeaders(error, request.realmId));
  }
}
