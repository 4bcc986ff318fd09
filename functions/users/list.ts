import { userListQuerySchema, userSchema } from '../../shared/domain/identity/user-input.js';
import { listUsers } from '../../shared/domain/identity/user-service.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "List the realm's users (realm administrators only)",
    tags: ['users'],
    query: userListQuerySchema,
    repeatedQuery: ['sort'],
    responses: { 200: { description: 'A page of users', schema: pageSchema(userSchema, 'UserPage'), headers: ['Link'] } },
  },
  async ({ principal, query, origin, rawQuery }) => pageReply(await listUsers(principal, query), `${origin}/users`, rawQuery),
);
