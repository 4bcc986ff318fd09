import { checkAnalysis } from '../../shared/domain/runs/analyses.js';
import { analysisPathSchema } from '../../shared/domain/runs/schemas.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Check that an analysis exists',
    tags: ['analyses'],
    path: analysisPathSchema,
    responses: { 204: { description: 'The analysis exists', headers: ['ETag'] } },
  },
  async ({ principal, path }) =>
    noContent({ ETag: etagOf((await checkAnalysis(principal, path.householdId, path.scenarioId, path.analysisId)).version) }),
);
