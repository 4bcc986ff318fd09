import { simulationQueryPathSchema, queryRunSchema } from '../../shared/domain/runs/lives-schemas.js';
import { getQuery } from '../../shared/domain/runs/queries.js';
import { runWaitDescription, runWaitQuerySchema } from '../../shared/domain/runs/run-wait.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { simulationAddress } from '../lives/addresses.js';

export const handler = route(
  {
    summary: "A query of a simulation's lives: its status and, once COMPLETED, its answer",
    description: runWaitDescription,
    tags: ['queries'],
    path: simulationQueryPathSchema,
    query: runWaitQuerySchema,
    responses: { 200: { description: 'The query', schema: queryRunSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, query }) => ok(await getQuery(principal, simulationAddress(path), path.queryId, query.wait)),
);
