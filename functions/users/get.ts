import { userPathSchema, userSchema } from '../../shared/domain/identity/user-input.js';
import { getUser } from '../../shared/domain/identity/user-service.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Read a user (realm administrators only)',
    tags: ['users'],
    path: userPathSchema,
    responses: { 200: { description: 'The user', schema: userSchema, headers: ['ETag'] } },
  },
  async ({ principal, path }) => ok(await getUser(principal, path.userId)),
);
