import { lifeSchema, simulationLivesPathSchema } from '../../shared/domain/runs/lives-schemas.js';
import { listLives, livesQuerySchema } from '../../shared/domain/runs/lives.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { livesDescription } from '../api-examples-lives.js';
import { simulationAddress, sourceUrl } from './addresses.js';

export const handler = route(
  {
    summary: "A page of a completed simulation's lives, replayed on demand",
    description: livesDescription,
    tags: ['lives'],
    path: simulationLivesPathSchema,
    query: livesQuerySchema,
    errors: [409],
    responses: { 200: { description: 'A page of lives', schema: pageSchema(lifeSchema, 'SimulationLifePage'), headers: ['Link'] } },
  },
  async ({ principal, path, query, origin, rawQuery }) => {
    const address = simulationAddress(path);
    return pageReply(await listLives(principal, address, query), sourceUrl(origin, address, 'lives'), rawQuery);
  },
);
