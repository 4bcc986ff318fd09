import { runEndpoint } from '../../shared/identity/http-adapter.js';
import { identityProvider } from '../../shared/identity/process-provider.js';
import { revocationEndpoint } from '../../shared/identity/revocation-endpoint.js';
import { formMediaType, oauthErrorSchema, revokeRequestSchema } from '../../shared/identity/openapi-schemas.js';
import { jsonMediaType } from '../../shared/http/body.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Token revocation (RFC 7009)',
    description: 'Revokes a refresh token (with its whole login) or an access token. Unknown tokens also get 200.',
    tags: ['identity'],
    auth: false,
    bodyDocumentation: revokeRequestSchema,
    bodyMediaTypes: [formMediaType, jsonMediaType],
    responses: {
      200: { description: 'Revoked, or not a token of this client' },
      400: { description: 'A missing or invalid parameter', schema: oauthErrorSchema },
      401: { description: 'Client authentication failed (invalid_client)', schema: oauthErrorSchema, headers: ['WWW-Authenticate'] },
      404: { description: 'No such realm', schema: oauthErrorSchema },
    },
  },
  async ({ event }) => runEndpoint(event, (request) => revocationEndpoint(identityProvider(), request)),
);
