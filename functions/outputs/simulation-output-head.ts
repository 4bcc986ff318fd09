import { outputQuerySchema } from '../../shared/domain/runs/output-view.js';
import { simulationPathSchema } from '../../shared/domain/runs/schemas.js';
import { getSimulation } from '../../shared/domain/runs/simulations.js';
import { NotFoundError } from '../../shared/domain/errors.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "Check that a simulation's output exists (the run has completed)",
    tags: ['outputs'],
    path: simulationPathSchema,
    query: outputQuerySchema,
    responses: { 204: { description: 'The output exists', headers: ['ETag'] } },
  },
  async ({ principal, path }) => {
    const simulation = await getSimulation(principal, path.householdId, path.scenarioId, path.simulationId);
    if (simulation.status !== 'COMPLETED') throw new NotFoundError(`Simulation ${simulation.id} has no output: it is ${simulation.status}`);
    return noContent({ ETag: etagOf(simulation.version) });
  },
);
