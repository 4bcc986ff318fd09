import { simulationPathSchema, simulationSchema } from '../../shared/domain/runs/schemas.js';
import { getSimulation } from '../../shared/domain/runs/simulations.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "A simulation's status, progress, timing, and error if it failed",
    tags: ['simulations'],
    path: simulationPathSchema,
    responses: { 200: { description: 'The run', schema: simulationSchema, headers: ['ETag'] } },
  },
  async ({ principal, path }) => ok(await getSimulation(principal, path.householdId, path.scenarioId, path.simulationId)),
);
