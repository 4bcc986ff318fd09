import { getComparison } from '../../shared/domain/runs/comparisons.js';
import { runWaitDescription, runWaitQuerySchema } from '../../shared/domain/runs/run-wait.js';
import { comparisonPathSchema, comparisonWithDocumentSchema } from '../../shared/domain/runs/schemas.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { comparisonExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: "A comparison's status and, once completed, its comparison document",
    tags: ['comparisons'],
    description: runWaitDescription,
    path: comparisonPathSchema,
    query: runWaitQuerySchema,
    responses: {
      200: { description: 'The comparison', schema: comparisonWithDocumentSchema, headers: ['ETag'], examples: comparisonExamples },
    },
  },
  async ({ principal, path, query }) => ok(await getComparison(principal, path.householdId, path.comparisonId, query.wait)),
);
