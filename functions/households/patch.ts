import * as z from 'zod/mini';
import { documentPatch, jsonPatchMediaType, jsonPatchSchema } from '../../shared/domain/document-patch.js';
import { householdPatchSchema, householdPathSchema, householdSchema } from '../../shared/domain/households/schema.js';
import { patchHousehold } from '../../shared/domain/households/service.js';
import { jsonMediaType, mergePatchMediaType } from '../../shared/http/body.js';
import { ok } from '../../shared/http/reply.js';
import { header } from '../../shared/http/request.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Change a household with a JSON merge patch (RFC 7396) or a JSON Patch (RFC 6902)',
    description:
      'The media type says which: `application/merge-patch+json` (or `application/json`), or `application/json-patch+json`. ' +
      'Honours If-Match (412 when stale) and `version` in the patch (409 when stale). A failed JSON Patch `test` is ' +
      '409; an operation whose path does not exist is 422; a copy or move from the root or into its own source is 400; a result over ' +
      'the body limits (1 MiB, 200,000 values) is 413.',
    tags: ['households'],
    path: householdPathSchema,
    body: z.union([householdPatchSchema, jsonPatchSchema]),
    bodyDocumentation: householdPatchSchema,
    bodyMediaTypes: [mergePatchMediaType, jsonPatchMediaType, jsonMediaType],
    bodyByMediaType: { [jsonPatchMediaType]: jsonPatchSchema },
    errors: [422],
    responses: { 200: { description: 'The household as written', schema: householdSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, body, preconditions, event }) =>
    ok(await patchHousehold(principal, path.householdId, documentPatch(header(event, 'content-type'), body), preconditions)),
);
