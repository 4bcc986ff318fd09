import { householdPathSchema } from '../../shared/domain/households/schema.js';
import { deleteHousehold } from '../../shared/domain/households/service.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Delete a household with its scenarios, simulations and comparisons',
    description: 'Honours If-Match (412 when stale). An interrupted delete can be repeated.',
    tags: ['households'],
    path: householdPathSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  async ({ principal, path, preconditions }) => {
    await deleteHousehold(principal, path.householdId, preconditions);
    return noContent();
  },
);
