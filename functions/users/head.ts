import { userPathSchema } from '../../shared/domain/identity/user-input.js';
import { getUser } from '../../shared/domain/identity/user-service.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Check that a user exists (realm administrators only)',
    tags: ['users'],
    path: userPathSchema,
    responses: { 204: { description: 'The user exists', headers: ['ETag'] } },
  },
  async ({ principal, path }) => noContent({ ETag: etagOf((await getUser(principal, path.userId)).version) }),
);
