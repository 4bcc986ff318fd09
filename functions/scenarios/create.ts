import {
  jsonObjectBodySchema,
  scenarioCreateDescription,
  scenarioListPathSchema,
  scenarioSchema,
} from '../../shared/domain/scenario-resource/schema.js';
import { createScenario } from '../../shared/domain/scenario-resource/service.js';
import { created } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { scenarioExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: 'Create a scenario, or a what-if copy of one (`copyOf`)',
    idempotent: true,
    tags: ['scenarios'],
    path: scenarioListPathSchema,
    body: jsonObjectBodySchema,
    bodyDocumentation: scenarioCreateDescription,
    bodyExamples: scenarioExamples,
    responses: { 201: { description: 'The new scenario', schema: scenarioSchema, headers: ['Location', 'ETag'] } },
  },
  async ({ principal, path, body, origin }) => {
    const scenario = await createScenario(principal, path.householdId, body);
    return created(scenario, `${origin}/households/${encodeURIComponent(path.householdId)}/scenarios/${scenario.id}`);
  },
);
