import { scenarioPathSchema, scenarioSchema } from '../../shared/domain/scenario-resource/schema.js';
import { getScenario } from '../../shared/domain/scenario-resource/service.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Read a scenario',
    tags: ['scenarios'],
    path: scenarioPathSchema,
    responses: { 200: { description: 'The scenario', schema: scenarioSchema, headers: ['ETag'] } },
  },
  async ({ principal, path }) => ok(await getScenario(principal, path.householdId, path.scenarioId)),
);
