import { outputQuerySchema } from '../../shared/domain/runs/output-view.js';
import { simulationListPathSchema } from '../../shared/domain/runs/schemas.js';
import { getScenarioOutput } from '../../shared/domain/runs/simulations.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Check that a scenario has a completed output',
    tags: ['outputs'],
    path: simulationListPathSchema,
    query: outputQuerySchema,
    responses: { 204: { description: 'An output exists', headers: ['ETag'] } },
  },
  async ({ principal, path }) => {
    const output = await getScenarioOutput(principal, path.householdId, path.scenarioId, { sections: ['summary'] });
    return noContent({ ETag: `"${output.simulationId}.${output.stale ? 'stale' : 'current'}"` });
  },
);
