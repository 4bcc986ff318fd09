import { createAnalysis } from '../../shared/domain/runs/analyses.js';
import { analysisRequestSchema } from '../../shared/domain/runs/analysis-request.js';
import { analysisListPathSchema, analysisWithDocumentSchema } from '../../shared/domain/runs/schemas.js';
import { created } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { analysisExamples, analysisRequestExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: 'Start an analysis of a scenario: a solve, a diagnosis, a sensitivity or a stress test',
    description:
      "Body `{ type, ...request, paths?, seed? }` (docs/ANALYSES.md; `paths` and `seed` default to the scenario's " +
      '`simulation` settings). A small analysis runs at once and comes back COMPLETED with its document; a larger ' +
      'one is QUEUED and fanned out in shards. 400 names the field of a bad request (also an unknown goal, member, ' +
      'account or expense of the scenario); 429 when the realm has too many runs in flight.',
    idempotent: true,
    tags: ['analyses'],
    path: analysisListPathSchema,
    body: analysisRequestSchema,
    bodyExamples: analysisRequestExamples,
    errors: [429],
    responses: {
      201: { description: 'The analysis', schema: analysisWithDocumentSchema, headers: ['Location', 'ETag'], examples: analysisExamples },
    },
  },
  async ({ principal, path, body, origin }) => {
    const analysis = await createAnalysis(principal, path.householdId, path.scenarioId, body);
    return created(
      analysis,
      `${origin}/households/${encodeURIComponent(path.householdId)}` +
        `/scenarios/${encodeURIComponent(path.scenarioId)}/analyses/${analysis.id}`,
    );
  },
);
