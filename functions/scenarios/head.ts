import { scenarioPathSchema } from '../../shared/domain/scenario-resource/schema.js';
import { getScenario } from '../../shared/domain/scenario-resource/service.js';
import { etagOf } from '../../shared/domain/versioning.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Check that a scenario exists',
    tags: ['scenarios'],
    path: scenarioPathSchema,
    responses: { 204: { description: 'The scenario exists', headers: ['ETag'] } },
  },
  async ({ principal, path }) => noContent({ ETag: etagOf((await getScenario(principal, path.householdId, path.scenarioId)).version) }),
);
