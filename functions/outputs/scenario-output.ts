import { outputQuerySchema } from '../../shared/domain/runs/output-view.js';
import { scenarioOutputSchema, simulationListPathSchema } from '../../shared/domain/runs/schemas.js';
import { getScenarioOutput } from '../../shared/domain/runs/simulations.js';
import { route } from '../../shared/http/stack.js';
import { scenarioOutputExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: "The output of a scenario's latest completed simulation",
    description:
      '`stale: true` when the scenario has changed since that run. Same `sections` and `view` options as a simulation\'s output.',
    tags: ['outputs'],
    path: simulationListPathSchema,
    query: outputQuerySchema,
    responses: { 200: { description: 'The latest output', schema: scenarioOutputSchema, headers: ['ETag'], examples: scenarioOutputExamples } },
  },
  async ({ principal, path, query }) => {
    const output = await getScenarioOutput(principal, path.householdId, path.scenarioId, query);
    return { status: 200, body: output, headers: { ETag: `"${output.simulationId}.${output.stale ? 'stale' : 'current'}"` } };
  },
);
