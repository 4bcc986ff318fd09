import { authorizationEndpoint } from '../../shared/identity/authorization-endpoint.js';
import { runEndpoint } from '../../shared/identity/http-adapter.js';
import { identityProvider } from '../../shared/identity/process-provider.js';
import { authorizeQuerySchema, formMediaType, loginFormSchema } from '../../shared/identity/openapi-schemas.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Authorization endpoint: the login page of the authorization code flow',
    description:
      'GET shows the login page for a valid authorization request; POST signs in and redirects to redirect_uri with code, state and iss. ' +
      'Responses are HTML (the one exception to the JSON error rule).',
    tags: ['identity'],
    auth: false,
    queryDocumentation: authorizeQuerySchema,
    bodyDocumentation: loginFormSchema,
    bodyMediaTypes: [formMediaType],
    responses: {
      200: { description: 'The login page (again, with a message, after a wrong username or password)', mediaType: 'text/html' },
      302: { description: 'Back to the client with code and state, or with error and state', headers: ['Location'] },
      400: { description: 'An error page: unknown client or redirect_uri, or a bad request', mediaType: 'text/html' },
      404: { description: 'An error page: no such realm', mediaType: 'text/html' },
      429: {
        description: 'An error page: too many failed sign-ins; `Retry-After` says when to try again',
        mediaType: 'text/html',
        headers: ['Retry-After'],
      },
    },
  },
  async ({ event }) => runEndpoint(event, (request) => authorizationEndpoint(identityProvider(), request)),
);
