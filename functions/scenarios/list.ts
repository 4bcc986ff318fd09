import { scenarioListPathSchema, scenarioListQuerySchema, scenarioSchema } from '../../shared/domain/scenario-resource/schema.js';
import { listScenarios } from '../../shared/domain/scenario-resource/service.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "List a household's scenarios",
    tags: ['scenarios'],
    path: scenarioListPathSchema,
    query: scenarioListQuerySchema,
    repeatedQuery: ['sort'],
    responses: { 200: { description: 'A page of scenarios', schema: pageSchema(scenarioSchema, 'ScenarioPage'), headers: ['Link'] } },
  },
  async ({ principal, path, query, origin, rawQuery }) =>
    pageReply(
      await listScenarios(principal, path.householdId, query),
      `${origin}/households/${encodeURIComponent(path.householdId)}/scenarios`,
      rawQuery,
    ),
);
