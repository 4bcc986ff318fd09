import { outputQuerySchema } from '../../shared/domain/runs/output-view.js';
import { outputDocumentSchema, simulationPathSchema } from '../../shared/domain/runs/schemas.js';
import { getSimulationOutput } from '../../shared/domain/runs/simulations.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { route } from '../../shared/http/stack.js';
import { csvAlternative, csvDescription, outputReply, queryFor } from './csv-reply.js';
import { outputExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: "A completed simulation's output document",
    description:
      `\`sections=summary,timeSeries,economy,lives\` picks sections (metadata always comes along); ` +
      `\`view=real|nominal\` keeps one view. 404, with the run's status in the message, until the run is ` +
      `COMPLETED.${csvDescription}`,
    tags: ['outputs'],
    path: simulationPathSchema,
    query: outputQuerySchema,
    responses: {
      200: {
        description: 'The output document',
        schema: outputDocumentSchema,
        headers: ['ETag'],
        examples: outputExamples,
        alternatives: csvAlternative,
      },
    },
  },
  async ({ principal, path, query, event }) => {
    const { simulation, output } = await getSimulationOutput(
      principal,
      path.householdId,
      path.scenarioId,
      path.simulationId,
      queryFor(event, query),
    );
    return outputReply(event, output, etagOf(simulation.version), `simulation-${simulation.id}`);
  },
);
