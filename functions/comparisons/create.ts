import { comparisonRequestSchema, createComparison } from '../../shared/domain/runs/comparisons.js';
import { comparisonListPathSchema, comparisonWithDocumentSchema } from '../../shared/domain/runs/schemas.js';
import { created } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

import { comparisonExamples, comparisonRequestExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: 'Start a paired comparison of two scenarios of the household',
    description:
      'Both scenarios run on the same seed and path indices. A small comparison completes at once; a larger one is ' +
      'QUEUED and fanned out like a simulation.',
    idempotent: true,
    tags: ['comparisons'],
    path: comparisonListPathSchema,
    body: comparisonRequestSchema,
    errors: [429],
    bodyExamples: comparisonRequestExamples,
    responses: {
      201: {
        description: 'The comparison',
        schema: comparisonWithDocumentSchema,
        headers: ['Location', 'ETag'],
        examples: comparisonExamples,
      },
    },
  },
  async ({ principal, path, body, origin }) => {
    const comparison = await createComparison(principal, path.householdId, body);
    return created(comparison, `${origin}/households/${encodeURIComponent(path.householdId)}/comparisons/${comparison.id}`);
  },
);
