import * as z from 'zod/mini';
import { documentPatch, jsonPatchMediaType, jsonPatchSchema } from '../../shared/domain/document-patch.js';
import {
  jsonObjectBodySchema,
  scenarioPatchDescription,
  scenarioPathSchema,
  scenarioSchema,
} from '../../shared/domain/scenario-resource/schema.js';
import { patchScenario } from '../../shared/domain/scenario-resource/service.js';
import { jsonMediaType, mergePatchMediaType } from '../../shared/http/body.js';
import { ok } from '../../shared/http/reply.js';
import { header } from '../../shared/http/request.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Change a scenario with a JSON merge patch (RFC 7396) or a JSON Patch (RFC 6902)',
    description:
      'A merge patch replaces arrays whole; a JSON Patch changes one item, e.g. ' +
      '`[{"op":"replace","path":"/members/0/retirementAge","value":67}]` ' +
      'as `application/json-patch+json`. Honours If-Match (412 when stale) and `version` in the patch (409 when stale). ' +
      'A failed JSON Patch `test` is 409; an operation whose path does not exist is 422; a copy or move from the root or into ' +
      'its own source is 400; a result over the body limits (1 MiB, 200,000 values) is 413.',
    tags: ['scenarios'],
    path: scenarioPathSchema,
    body: z.union([jsonObjectBodySchema, jsonPatchSchema]),
    bodyDocumentation: scenarioPatchDescription,
    bodyMediaTypes: [mergePatchMediaType, jsonPatchMediaType, jsonMediaType],
    bodyByMediaType: { [jsonPatchMediaType]: jsonPatchSchema },
    errors: [422],
    responses: { 200: { description: 'The scenario as written', schema: scenarioSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, body, preconditions, event }) =>
    ok(
      await patchScenario(principal, path.householdId, path.scenarioId, documentPatch(header(event, 'content-type'), body), preconditions),
    ),
);
