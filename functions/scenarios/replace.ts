import {
  jsonObjectBodySchema,
  scenarioPathSchema,
  scenarioReplaceDescription,
  scenarioSchema,
} from '../../shared/domain/scenario-resource/schema.js';
import { replaceScenario } from '../../shared/domain/scenario-resource/service.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { scenarioExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: 'Replace a scenario document',
    description: 'Honours If-Match (412 when stale) and `version` in the body (409 when stale).',
    tags: ['scenarios'],
    path: scenarioPathSchema,
    body: jsonObjectBodySchema,
    bodyDocumentation: scenarioReplaceDescription,
    bodyExamples: scenarioExamples,
    responses: { 200: { description: 'The scenario as written', schema: scenarioSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, body, preconditions }) =>
    ok(await replaceScenario(principal, path.householdId, path.scenarioId, body, preconditions)),
);
