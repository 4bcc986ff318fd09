import { simulationLivesPathSchema, queryRequestSchema, queryRunSchema } from '../../shared/domain/runs/lives-schemas.js';
import { createQuery } from '../../shared/domain/runs/queries.js';
import { jsonMediaType, parseJsonBody } from '../../shared/http/body.js';
import { created } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { queryCreateDescription, queryExamples, queryRequestExamples } from '../api-examples-lives.js';
import { simulationAddress, sourceUrl } from '../lives/addresses.js';

export const handler = route(
  {
    summary: "Ask a question of a completed simulation's lives",
    description: queryCreateDescription,
    idempotent: true,
    tags: ['queries'],
    path: simulationLivesPathSchema,
    bodyDocumentation: queryRequestSchema,
    bodyExamples: queryRequestExamples,
    errors: [409, 429],
    responses: { 201: { description: 'The query', schema: queryRunSchema, headers: ['Location', 'ETag'], examples: queryExamples } },
  },
  async ({ principal, path, event, origin }) => {
    const address = simulationAddress(path);
    const query = await createQuery(principal, address, parseJsonBody(event, [jsonMediaType]));
    return created(query, `${sourceUrl(origin, address, 'queries')}/${query.id}`);
  },
);
