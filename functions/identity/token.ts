import { runEndpoint } from '../../shared/identity/http-adapter.js';
import { identityProvider } from '../../shared/identity/process-provider.js';
import { tokenEndpoint } from '../../shared/identity/token-endpoint.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Token endpoint (OAuth 2.0 / OpenID Connect)',
    description:
      'Grants client_credentials, password, refresh_token and authorization_code (PKCE S256). Form-encoded or JSON body; ' +
      'client authentication by HTTP Basic or client_secret in the body. Errors carry `error` and `error_description` besides the service error shape.',
    tags: ['identity'],
    auth: false,
    responses: { 200: { description: 'Tokens' } },
  },
  async ({ event }) => runEndpoint(event, (request) => tokenEndpoint(identityProvider(), request)),
);
