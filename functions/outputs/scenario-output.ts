import { outputQuerySchema } from '../../shared/domain/runs/output-view.js';
import { scenarioOutputSchema, simulationListPathSchema } from '../../shared/domain/runs/schemas.js';
import { getScenarioOutput } from '../../shared/domain/runs/simulations.js';
import { route } from '../../shared/http/stack.js';
import { csvAlternative, csvDescription, outputReply, queryFor } from './csv-reply.js';
import { scenarioOutputExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: "The output of a scenario's latest completed simulation",
    description:
      `\`stale: true\` when the scenario has changed since that run. Same \`sections\` and \`view\` options as a ` +
      `simulation's output.${csvDescription}`,
    tags: ['outputs'],
    path: simulationListPathSchema,
    query: outputQuerySchema,
    responses: {
      200: {
        description: 'The latest output',
        schema: scenarioOutputSchema,
        headers: ['ETag'],
        examples: scenarioOutputExamples,
        alternatives: csvAlternative,
      },
    },
  },
  async ({ principal, path, query, event }) => {
    const output = await getScenarioOutput(principal, path.householdId, path.scenarioId, queryFor(event, query));
    return outputReply(event, output, `"${output.simulationId}.${output.stale ? 'stale' : 'current'}"`, `scenario-${path.scenarioId}`);
  },
);
