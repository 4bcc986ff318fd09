import * as z from 'zod/mini';
import { route } from '../../shared/http/stack.js';
import { buildOpenApiDocument } from './openapi-document.js';

const documents = new Map<string, Record<string, unknown>>();

export const handler = route(
  {
    summary: 'The OpenAPI 3.1 document of this API',
    tags: ['system'],
    auth: false,
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
  },
  async ({ origin }) => {
    let document = documents.get(origin);
    if (!document) {
      document = buildOpenApiDocument(origin);
      documents.set(origin, document);
    }
    return { status: 200, body: document };
  },
);
