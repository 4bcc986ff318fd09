import { analysisListQuerySchema, listAnalyses } from '../../shared/domain/runs/analyses.js';
import { analysisListPathSchema, analysisSchema } from '../../shared/domain/runs/schemas.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "List a scenario's analyses, without their documents (sort by createdAt, updatedAt, status, type)",
    tags: ['analyses'],
    path: analysisListPathSchema,
    query: analysisListQuerySchema,
    repeatedQuery: ['sort'],
    responses: { 200: { description: 'A page of analyses', schema: pageSchema(analysisSchema, 'AnalysisPage'), headers: ['Link'] } },
  },
  async ({ principal, path, query, origin, rawQuery }) =>
    pageReply(
      await listAnalyses(principal, path.householdId, path.scenarioId, query),
      `${origin}/households/${encodeURIComponent(path.householdId)}/scenarios/${encodeURIComponent(path.scenarioId)}/analyses`,
      rawQuery,
    ),
);
