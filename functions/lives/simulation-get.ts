import { lifeSchema, simulationLifePathSchema } from '../../shared/domain/runs/lives-schemas.js';
import { getLife } from '../../shared/domain/runs/lives.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { lifeDescription } from '../api-examples-lives.js';
import { simulationAddress } from './addresses.js';

export const handler = route(
  {
    summary: "One life of a completed simulation, whole: every year's figures, states and economy, and its events",
    description: lifeDescription,
    tags: ['lives'],
    path: simulationLifePathSchema,
    errors: [409],
    responses: { 200: { description: 'The life', schema: lifeSchema } },
  },
  async ({ principal, path }) => ok(await getLife(principal, simulationAddress(path), path.index)),
);
