import { householdCreateSchema, householdSchema } from '../../shared/domain/households/schema.js';
import { createHousehold } from '../../shared/domain/households/service.js';
import { created } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { householdExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: 'Create a household',
    idempotent: true,
    tags: ['households'],
    body: householdCreateSchema,
    bodyExamples: householdExamples,
    responses: { 201: { description: 'The new household', schema: householdSchema, headers: ['Location', 'ETag'] } },
  },
  async ({ principal, body, origin }) => {
    const household = await createHousehold(principal, body);
    return created(household, `${origin}/households/${household.id}`);
  },
);
