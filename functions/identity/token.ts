import { runEndpoint } from '../../shared/identity/http-adapter.js';
import { identityProvider } from '../../shared/identity/process-provider.js';
import { tokenEndpoint } from '../../shared/identity/token-endpoint.js';
import { formMediaType, oauthErrorSchema, tokenRequestSchema, tokenResponseSchema } from '../../shared/identity/openapi-schemas.js';
import { jsonMediaType } from '../../shared/http/body.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Token endpoint (OAuth 2.0 / OpenID Connect)',
    description:
      'Grants client_credentials, password, refresh_token and authorization_code (PKCE S256). Form-encoded or JSON body; ' +
      'client authentication by HTTP Basic or client_secret in the body. Errors carry `error` and ' +
      '`error_description` besides the service error shape.',
    tags: ['identity'],
    auth: false,
    bodyDocumentation: tokenRequestSchema,
    bodyMediaTypes: [formMediaType, jsonMediaType],
    bodyExamples: {
      clientCredentials: {
        summary: 'A service account',
        value: { grant_type: 'client_credentials', client_id: 'back-end', client_secret: '<secret>' },
      },
      password: {
        summary: 'A user',
        value: { grant_type: 'password', client_id: 'back-end', client_secret: '<secret>', username: 'demo', password: '<password>' },
      },
      refresh: {
        summary: 'Refresh',
        value: { grant_type: 'refresh_token', client_id: 'back-end', client_secret: '<secret>', refresh_token: '<refresh token>' },
      },
    },
    responses: {
      200: { description: 'Tokens', schema: tokenResponseSchema },
      400: { description: 'A missing or invalid parameter, grant or scope', schema: oauthErrorSchema },
      401: { description: 'Client authentication failed (invalid_client)', schema: oauthErrorSchema, headers: ['WWW-Authenticate'] },
      404: { description: 'No such realm', schema: oauthErrorSchema },
    },
  },
  async ({ event }) => runEndpoint(event, (request) => tokenEndpoint(identityProvider(), request)),
);
