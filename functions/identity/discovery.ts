import { discoveryDocument } from '../../shared/identity/discovery.js';
import { runEndpoint, unknownRealm } from '../../shared/identity/http-adapter.js';
import { jsonResponse } from '../../shared/identity/provider.js';
import { identityStore } from '../../shared/store/identity/process-store.js';
import { discoverySchema, oauthErrorSchema } from '../../shared/identity/openapi-schemas.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'OpenID Connect discovery document of a realm',
    tags: ['identity'],
    auth: false,
    responses: {
      200: { description: 'OpenID provider metadata', schema: discoverySchema },
      404: { description: 'No such realm', schema: oauthErrorSchema },
    },
  },
  async ({ event }) =>
    runEndpoint(event, async (request) => {
      if (!(await identityStore().realms.get(request.realmId))) return unknownRealm();
      return jsonResponse(200, discoveryDocument(request.issuer), { 'cache-control': 'public, max-age=300' });
    }),
);
