import { runEndpoint } from '../../shared/identity/http-adapter.js';
import { identityProvider } from '../../shared/identity/process-provider.js';
import { revocationEndpoint } from '../../shared/identity/revocation-endpoint.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Token revocation (RFC 7009)',
    description: 'Revokes a refresh token (with its whole login) or an access token. Unknown tokens also get 200.',
    tags: ['identity'],
    auth: false,
    responses: { 200: { description: 'Revoked, or not a token of this client' } },
  },
  async ({ event }) => runEndpoint(event, (request) => revocationEndpoint(identityProvider(), request)),
);
