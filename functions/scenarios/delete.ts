import { scenarioPathSchema } from '../../shared/domain/scenario-resource/schema.js';
import { deleteScenario } from '../../shared/domain/scenario-resource/service.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Delete a scenario with its simulations',
    description: 'Honours If-Match (412 when stale).',
    tags: ['scenarios'],
    path: scenarioPathSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  async ({ principal, path, preconditions }) => {
    await deleteScenario(principal, path.householdId, path.scenarioId, preconditions);
    return noContent();
  },
);
