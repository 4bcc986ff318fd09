import {
  jsonObjectBodySchema,
  scenarioPatchDescription,
  scenarioPathSchema,
  scenarioSchema,
} from '../../shared/domain/scenario-resource/schema.js';
import { patchScenario } from '../../shared/domain/scenario-resource/service.js';
import { jsonMediaType, mergePatchMediaType } from '../../shared/http/body.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Change a scenario with a JSON merge patch (RFC 7396)',
    description: 'Honours If-Match (412 when stale) and `version` in the patch (409 when stale).',
    tags: ['scenarios'],
    path: scenarioPathSchema,
    body: jsonObjectBodySchema,
    bodyDocumentation: scenarioPatchDescription,
    bodyMediaTypes: [mergePatchMediaType, jsonMediaType],
    responses: { 200: { description: 'The scenario as written', schema: scenarioSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, body, preconditions }) =>
    ok(await patchScenario(principal, path.householdId, path.scenarioId, body, preconditions)),
);
