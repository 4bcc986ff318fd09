import { jsonResponse } from '../../shared/identity/provider.js';
import { runEndpoint, unknownRealm } from '../../shared/identity/http-adapter.js';
import { identityProvider } from '../../shared/identity/process-provider.js';
import { jwksSchema, oauthErrorSchema } from '../../shared/identity/openapi-schemas.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "The realm's JSON Web Key Set",
    description: 'Public keys only: the key that signs now and retired keys whose tokens may still be live.',
    tags: ['identity'],
    auth: false,
    responses: {
      200: { description: 'JWKS', schema: jwksSchema },
      404: { description: 'No such realm', schema: oauthErrorSchema },
    },
  },
  async ({ event }) =>
    runEndpoint(event, async (request) => {
      const provider = identityProvider();
      if (!(await provider.store.realms.get(request.realmId))) return unknownRealm();
      return jsonResponse(200, { keys: await provider.keys.publicKeys() }, { 'cache-control': 'public, max-age=60' });
    }),
);
