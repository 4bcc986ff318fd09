import { authorizationEndpoint } from '../../shared/identity/authorization-endpoint.js';
import { runEndpoint } from '../../shared/identity/http-adapter.js';
import { identityProvider } from '../../shared/identity/process-provider.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Authorization endpoint: the login page of the authorization code flow',
    description:
      'GET shows the login page for a valid authorization request; POST signs in and redirects to redirect_uri with code, state and iss. ' +
      'Responses are HTML (the one exception to the JSON error rule).',
    tags: ['identity'],
    auth: false,
    responses: {
      200: { description: 'The login page', mediaType: 'text/html' },
      302: { description: 'Back to the client with code and state, or with error and state', headers: ['Location'] },
    },
  },
  async ({ event }) => runEndpoint(event, (request) => authorizationEndpoint(identityProvider(), request)),
);
