import { comparisonListQuerySchema, listComparisons } from '../../shared/domain/runs/comparisons.js';
import { comparisonListPathSchema, comparisonSchema } from '../../shared/domain/runs/schemas.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "List a household's comparisons (sort by createdAt, updatedAt, status)",
    tags: ['comparisons'],
    path: comparisonListPathSchema,
    query: comparisonListQuerySchema,
    repeatedQuery: ['sort'],
    responses: { 200: { description: 'A page of comparisons', schema: pageSchema(comparisonSchema, 'ComparisonPage'), headers: ['Link'] } },
  },
  async ({ principal, path, query, origin, rawQuery }) =>
    pageReply(
      await listComparisons(principal, path.householdId, query),
      `${origin}/households/${encodeURIComponent(path.householdId)}/comparisons`,
      rawQuery,
    ),
);
