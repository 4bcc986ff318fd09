import { deleteAnalysis } from '../../shared/domain/runs/analyses.js';
import { analysisPathSchema } from '../../shared/domain/runs/schemas.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Delete an analysis with its shard results and document',
    description: 'Honours If-Match (412 when stale). An analysis still in flight is deleted too; its remaining shards are dropped.',
    tags: ['analyses'],
    path: analysisPathSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  async ({ principal, path, preconditions }) => {
    await deleteAnalysis(principal, path.householdId, path.scenarioId, path.analysisId, preconditions);
    return noContent();
  },
);
