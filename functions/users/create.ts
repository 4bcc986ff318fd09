import { userCreateSchema, userSchema } from '../../shared/domain/identity/user-input.js';
import { createUser } from '../../shared/domain/identity/user-service.js';
import { created } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Register a user of the realm (realm administrators only)',
    description:
      'The username is unique in the realm (case-insensitive): a taken one is 409. The password is stored only as a scrypt hash.',
    idempotent: true,
    tags: ['users'],
    body: userCreateSchema,
    responses: { 201: { description: 'The new user', schema: userSchema, headers: ['Location', 'ETag'] } },
  },
  async ({ principal, body, origin }) => {
    const user = await createUser(principal, body);
    return created(user, `${origin}/users/${user.id}`);
  },
);
