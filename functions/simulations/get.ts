import { simulationPathSchema, simulationSchema } from '../../shared/domain/runs/schemas.js';
import { runWaitDescription, runWaitQuerySchema } from '../../shared/domain/runs/run-wait.js';
import { getSimulation } from '../../shared/domain/runs/simulations.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "A simulation's status, progress, timing, and error if it failed",
    tags: ['simulations'],
    description: runWaitDescription,
    path: simulationPathSchema,
    query: runWaitQuerySchema,
    responses: { 200: { description: 'The run', schema: simulationSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, query }) =>
    ok(await getSimulation(principal, path.householdId, path.scenarioId, path.simulationId, query.wait)),
);
