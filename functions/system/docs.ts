import { route } from '../../shared/http/stack.js';
import { renderDocsPage } from './docs-page.js';
import { buildOpenApiDocument } from './openapi-document.js';

const pages = new Map<string, string>();

export const handler = route(
  {
    summary: 'A readable page of the OpenAPI document',
    tags: ['system'],
    auth: false,
    responses: { 200: { description: 'HTML page', mediaType: 'text/html' } },
  },
  async ({ origin }) => {
    let page = pages.get(origin);
    if (!page) {
      page = renderDocsPage(buildOpenApiDocument(origin));
      pages.set(origin, page);
    }
    return { status: 200, text: { contentType: 'text/html;charset=UTF-8', body: page } };
  },
);
