import { householdPathSchema, householdReplaceSchema, householdSchema } from '../../shared/domain/households/schema.js';
import { replaceHousehold } from '../../shared/domain/households/service.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Replace a household',
    description: 'Honours If-Match (412 when stale) and `version` in the body (409 when stale).',
    tags: ['households'],
    path: householdPathSchema,
    body: householdReplaceSchema,
    responses: { 200: { description: 'The household as written', schema: householdSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, body, preconditions }) => ok(await replaceHousehold(principal, path.householdId, body, preconditions)),
);
