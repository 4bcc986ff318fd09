/**
 * Requests no route matched: 404 for an unknown path, 405 with `Allow` for a known path and another
 * method, and the CORS preflight for a known path.
 */
import { MethodNotAllowedError, NotFoundError } from '../../shared/domain/errors.js';
import { matchPathTemplate } from '../../shared/http/path-template.js';
import { noContent } from '../../shared/http/reply.js';
import { corsAllowedHeaders, route } from '../../shared/http/stack.js';
import { routes } from '../routes.js';

export const handler = route({ summary: 'Unmatched requests', auth: false, responses: {} }, async ({ event }) => {
  const path = event.rawPath;
  const allowed = routes.filter((r) => matchPathTemplate(r.path, path)).map((r) => r.method);
  if (allowed.length === 0) throw new NotFoundError(`No resource at ${path}`);
  const allow = [...new Set(allowed)].join(', ');
  if (event.requestContext.http.method === 'OPTIONS') {
    return noContent({
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': corsAllowedHeaders,
      'Access-Control-Max-Age': '600',
      Allow: allow,
    });
  }
  throw new MethodNotAllowedError(`${event.requestContext.http.method} is not allowed on ${path}`, [...new Set(allowed)]);
});
