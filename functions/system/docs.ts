import { route } from '../../shared/http/stack.js';
import { renderDocsPage } from './docs-page.js';

const page = renderDocsPage('Household scenario analytics API');

/**
 * The page may load only from the service. Redoc's side menu shows a logo from its CDN: the policy
 * stops that request in the browser (the menu then shows its text alone). Redoc's search runs in a
 * worker made from a blob, and its styles are injected inline.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const handler = route(
  {
    summary: 'The API reference: this document rendered by Redoc',
    tags: ['system'],
    auth: false,
    responses: { 200: { description: 'HTML page', mediaType: 'text/html' } },
  },
  async () => ({
    status: 200,
    headers: { 'Content-Security-Policy': contentSecurityPolicy, 'X-Content-Type-Options': 'nosniff' },
    text: { contentType: 'text/html;charset=UTF-8', body: page },
  }),
);
