import { userPathSchema } from '../../shared/domain/identity/user-input.js';
import { deleteUser } from '../../shared/domain/identity/user-service.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Delete a user (realm administrators only)',
    description: 'Honours If-Match (412 when stale). The user can no longer sign in or refresh tokens.',
    tags: ['users'],
    path: userPathSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  async ({ principal, path, preconditions }) => {
    await deleteUser(principal, path.userId, preconditions);
    return noContent();
  },
);
