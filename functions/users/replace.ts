import { userPathSchema, userReplaceSchema, userSchema } from '../../shared/domain/identity/user-input.js';
import { replaceUser } from '../../shared/domain/identity/user-service.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Replace a user (realm administrators only)',
    description: 'Honours If-Match (412 when stale) and `version` in the body (409 when stale). Leaving out `password` keeps it.',
    tags: ['users'],
    path: userPathSchema,
    body: userReplaceSchema,
    responses: { 200: { description: 'The user as written', schema: userSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, body, preconditions }) => ok(await replaceUser(principal, path.userId, body, preconditions)),
);
