import { householdPathSchema } from '../../shared/domain/households/schema.js';
import { getHousehold } from '../../shared/domain/households/service.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Check that a household exists',
    tags: ['households'],
    path: householdPathSchema,
    responses: { 204: { description: 'The household exists', headers: ['ETag'] } },
  },
  async ({ principal, path }) => noContent({ ETag: etagOf((await getHousehold(principal, path.householdId)).version) }),
);
