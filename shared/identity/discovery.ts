/** `GET /realms/{realmId}/.well-known/openid-configuration` (OpenID Connect Discovery 1.0). */
import { grantTypes } from '../domain/identity/entities.js';
import { endpointPaths } from './issuer.js';
import { supportedScopes } from './scopes.js';

export function discoveryDocument(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}${endpointPaths.authorization}`,
    token_endpoint: `${issuer}${endpointPaths.token}`,
    jwks_uri: `${issuer}${endpointPaths.certs}`,
    revocation_endpoint: `${issuer}${endpointPaths.revocation}`,
    grant_types_supported: [...grantTypes],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    // `none`: public clients (browser apps), which send only their client_id and use PKCE.
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [...supportedScopes],
    claims_supported: ['iss', 'sub', 'aud', 'azp', 'exp', 'iat', 'auth_time', 'nonce', 'sid', 'preferred_username', 'email', 'roles'],
    authorization_response_iss_parameter_supported: true,
  };
}
