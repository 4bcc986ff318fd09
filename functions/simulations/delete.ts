import { simulationPathSchema } from '../../shared/domain/runs/schemas.js';
import { deleteSimulation } from '../../shared/domain/runs/simulations.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Delete a simulation with its shard results and output',
    description: 'Honours If-Match (412 when stale). A run still in flight is deleted too; its remaining shards are dropped.',
    tags: ['simulations'],
    path: simulationPathSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  async ({ principal, path, preconditions }) => {
    await deleteSimulation(principal, path.householdId, path.scenarioId, path.simulationId, preconditions);
    return noContent();
  },
);
