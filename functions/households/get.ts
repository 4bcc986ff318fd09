import { householdPathSchema, householdSchema } from '../../shared/domain/households/schema.js';
import { getHousehold } from '../../shared/domain/households/service.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Read a household',
    tags: ['households'],
    path: householdPathSchema,
    responses: { 200: { description: 'The household', schema: householdSchema, headers: ['ETag'] } },
  },
  async ({ principal, path }) => ok(await getHousehold(principal, path.householdId)),
);
