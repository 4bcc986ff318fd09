import { parseOrThrow } from '../../shared/domain/field-errors.js';
import { simulationListPathSchema, simulationSchema } from '../../shared/domain/runs/schemas.js';
import { createSimulation, simulationRequestSchema } from '../../shared/domain/runs/simulations.js';
import { jsonMediaType, parseJsonBody } from '../../shared/http/body.js';
import { created } from '../../shared/http/reply.js';
import { header } from '../../shared/http/request.js';
import { route } from '../../shared/http/stack.js';
import { simulationRequestExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: 'Start a simulation of a scenario',
    description:
      "Optional body `{ paths?, seed? }` (defaults: the scenario's `simulation` settings). A small run is simulated " +
      'at once and comes back COMPLETED; a larger one is QUEUED and fanned out in shards. 429 when the realm has too ' +
      'many runs in flight.',
    idempotent: true,
    tags: ['simulations'],
    path: simulationListPathSchema,
    bodyDocumentation: simulationRequestSchema,
    bodyOptional: true,
    bodyExamples: simulationRequestExamples,
    errors: [429],
    responses: { 201: { description: 'The run', schema: simulationSchema, headers: ['Location', 'ETag'] } },
  },
  async ({ principal, path, event, origin }) => {
    // The body is optional: no body at all means the scenario's own settings.
    const hasBody = (event.body ?? '') !== '' || header(event, 'content-type') !== undefined;
    const body = hasBody ? parseOrThrow(simulationRequestSchema, parseJsonBody(event, [jsonMediaType]), 'request body') : {};
    const simulation = await createSimulation(principal, path.householdId, path.scenarioId, body);
    return created(
      simulation,
      `${origin}/households/${encodeURIComponent(path.householdId)}` +
        `/scenarios/${encodeURIComponent(path.scenarioId)}/simulations/${simulation.id}`,
    );
  },
);
