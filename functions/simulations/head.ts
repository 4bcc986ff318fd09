import { simulationPathSchema } from '../../shared/domain/runs/schemas.js';
import { getSimulation } from '../../shared/domain/runs/simulations.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Check that a simulation exists',
    tags: ['simulations'],
    path: simulationPathSchema,
    responses: { 204: { description: 'The simulation exists', headers: ['ETag'] } },
  },
  async ({ principal, path }) =>
    noContent({ ETag: etagOf((await getSimulation(principal, path.householdId, path.scenarioId, path.simulationId)).version) }),
);
