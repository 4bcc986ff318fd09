import { getComparison } from '../../shared/domain/runs/comparisons.js';
import { comparisonPathSchema, comparisonWithDocumentSchema } from '../../shared/domain/runs/schemas.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { comparisonExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: "A comparison's status and, once completed, its comparison document",
    tags: ['comparisons'],
    path: comparisonPathSchema,
    responses: {
      200: { description: 'The comparison', schema: comparisonWithDocumentSchema, headers: ['ETag'], examples: comparisonExamples },
    },
  },
  async ({ principal, path }) => ok(await getComparison(principal, path.householdId, path.comparisonId)),
);
