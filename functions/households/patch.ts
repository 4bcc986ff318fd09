import { householdPatchSchema, householdPathSchema, householdSchema } from '../../shared/domain/households/schema.js';
import { patchHousehold } from '../../shared/domain/households/service.js';
import { jsonMediaType, mergePatchMediaType } from '../../shared/http/body.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Change a household with a JSON merge patch (RFC 7396)',
    description: 'Honours If-Match (412 when stale) and `version` in the patch (409 when stale).',
    tags: ['households'],
    path: householdPathSchema,
    body: householdPatchSchema,
    bodyMediaTypes: [mergePatchMediaType, jsonMediaType],
    responses: { 200: { description: 'The household as written', schema: householdSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, body, preconditions }) => ok(await patchHousehold(principal, path.householdId, body, preconditions)),
);
