import { getComparison } from '../../shared/domain/runs/comparisons.js';
import { comparisonPathSchema } from '../../shared/domain/runs/schemas.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Check that a comparison exists',
    tags: ['comparisons'],
    path: comparisonPathSchema,
    responses: { 204: { description: 'The comparison exists', headers: ['ETag'] } },
  },
  async ({ principal, path }) => noContent({ ETag: etagOf((await getComparison(principal, path.householdId, path.comparisonId)).version) }),
);
