/**
 * `GET /app`, `/app/{file}`, `/app/assets/{file}`: the web app's built files (web/, `npm run build`).
 * Only files present in the build are served (a fixed list read once), so no path can reach
 * anything else. Hashed assets are cached for a year; the page itself is revalidated each time,
 * so a deploy shows at once.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { NotFoundError } from '../../shared/domain/errors.js';
import { route } from '../../shared/http/stack.js';

/** In a Lambda bundle the build sits beside the code (infra/cdk/constructs/web-app-files.ts); locally it is web/dist. */
const root = process.env.LAMBDA_TASK_ROOT
  ? join(process.env.LAMBDA_TASK_ROOT, 'app')
  : fileURLToPath(new URL('../../web/dist', import.meta.url));

const contentTypes: Record<string, string> = {
  '.html': 'text/html;charset=UTF-8',
  '.js': 'text/javascript;charset=UTF-8',
  '.css': 'text/css;charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain;charset=UTF-8',
};

/**
 * The page may load only its own scripts and call only its own origin (the API and the login
 * page are on it). Styles allow inline attributes: the charting library styles its SVG inline.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const securityHeaders = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // The login's code arrives in the page's query string: no other site may see it in a Referer.
  'Referrer-Policy': 'no-referrer',
};

interface StaticFile {
  contentType: string;
  body: string;
  cacheControl: string;
}

let files: Map<string, StaticFile> | undefined;

/** Relative path (`index.html`, `assets/index-1a2b.js`) to its file, for every servable file of the build. */
function loadFiles(): Map<string, StaticFile> {
  const found = new Map<string, StaticFile>();
  const walk = (dir: string, prefix: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full, `${prefix}${name}/`);
        continue;
      }
      const contentType = contentTypes[name.slice(name.lastIndexOf('.'))];
      if (!contentType) continue;
      found.set(`${prefix}${name}`, {
        contentType,
        body: readFileSync(full, 'utf8'),
        cacheControl: prefix === 'assets/' ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
  };
  walk(root, '');
  return found;
}

export const handler = route(
  {
    summary: 'The web app: its page and its built files',
    tags: ['app'],
    auth: false,
    path: z.object({ file: z.optional(z.string()) }),
    responses: { 200: { description: 'A file of the web app', mediaType: 'text/html' } },
  },
  async ({ event, path }) => {
    files ??= loadFiles();
    const relative = event.rawPath.startsWith('/app/assets/') ? `assets/${path.file}` : (path.file ?? 'index.html');
    const file = files.get(relative);
    if (!file) {
      if (files.size === 0) throw new NotFoundError('The web app is not built: run npm run build');
      throw new NotFoundError(`No file ${relative} in the web app`);
    }
    return {
      status: 200,
      headers: { 'Cache-Control': file.cacheControl, ...securityHeaders },
      text: { contentType: file.contentType, body: file.body },
    };
  },
);
