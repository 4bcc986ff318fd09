import { deleteComparison } from '../../shared/domain/runs/comparisons.js';
import { comparisonPathSchema } from '../../shared/domain/runs/schemas.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Delete a comparison with its shard results and document',
    description: 'Honours If-Match (412 when stale).',
    tags: ['comparisons'],
    path: comparisonPathSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  async ({ principal, path, preconditions }) => {
    await deleteComparison(principal, path.householdId, path.comparisonId, preconditions);
    return noContent();
  },
);
