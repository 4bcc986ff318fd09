import * as z from 'zod/mini';
import { route } from '../../shared/http/stack.js';

const healthSchema = z.object({ status: z.literal('UP') }).register(z.globalRegistry, { id: 'Health' });

export const handler = route(
  {
    summary: 'Liveness',
    tags: ['system'],
    auth: false,
    responses: { 200: { description: 'The service is up', schema: healthSchema } },
  },
  async () => ({ status: 200, body: { status: 'UP' } }),
);
