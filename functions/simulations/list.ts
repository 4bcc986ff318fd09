import { simulationListPathSchema, simulationSchema } from '../../shared/domain/runs/schemas.js';
import { listSimulations, simulationListQuerySchema } from '../../shared/domain/runs/simulations.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "List a scenario's simulations (sort by createdAt, updatedAt, status)",
    tags: ['simulations'],
    path: simulationListPathSchema,
    query: simulationListQuerySchema,
    repeatedQuery: ['sort'],
    responses: { 200: { description: 'A page of simulations', schema: pageSchema(simulationSchema, 'SimulationPage'), headers: ['Link'] } },
  },
  async ({ principal, path, query, origin, rawQuery }) =>
    pageReply(
      await listSimulations(principal, path.householdId, path.scenarioId, query),
      `${origin}/households/${encodeURIComponent(path.householdId)}/scenarios/${encodeURIComponent(path.scenarioId)}/simulations`,
      rawQuery,
    ),
);
