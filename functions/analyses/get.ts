import { getAnalysis } from '../../shared/domain/runs/analyses.js';
import { runWaitDescription, runWaitQuerySchema } from '../../shared/domain/runs/run-wait.js';
import { analysisPathSchema, analysisWithDocumentSchema } from '../../shared/domain/runs/schemas.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { analysisExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: "An analysis's status, progress and timing, its error if it failed, and its document once completed",
    tags: ['analyses'],
    description: runWaitDescription,
    path: analysisPathSchema,
    query: runWaitQuerySchema,
    responses: { 200: { description: 'The analysis', schema: analysisWithDocumentSchema, headers: ['ETag'], examples: analysisExamples } },
  },
  async ({ principal, path, query }) => ok(await getAnalysis(principal, path.householdId, path.scenarioId, path.analysisId, query.wait)),
);
