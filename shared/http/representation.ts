/**
 * What HTTP caches and clients expect of a successful response: GETs carry an ETag (the resource
 * version, or a hash of the body) and answer a matching `If-None-Match` with 304, and bodies of
 * 1 KiB or more are compressed with brotli or gzip when `Accept-Encoding` allows.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ApiEvent } from './request.js';
import { header } from './request.js';

type Result = APIGatewayProxyStructuredResultV2;

export const compressFromBytes = 1024;
// Brotli's default (11) costs about a second on a 300 KB output; 5 is as fast as gzip and smaller.
const brotliQuality = 5;

const headerOf = (result: Result, name: string): string | undefined => {
  const entry = Object.entries(result.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return entry === undefined ? undefined : String(entry[1]);
};

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** RFC 9110 §13.1.2: weak comparison; `*` matches any current representation. */
export function matchesIfNoneMatch(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

function withEtag(result: Result): Result {
  if (headerOf(result, 'etag') !== undefined) return result;
  const digest = createHash('sha256')
    .update(result.body ?? '')
    .digest('base64url')
    .slice(0, 27);
  return { ...result, headers: { ...result.headers, ETag: `W/"${digest}"` } };
}

/** The coding to use: the client's highest-weighted of br and gzip (br on a tie), if any. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding) weights.set(coding.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

function compressed(event: ApiEvent, result: Result): Result {
  if (result.body === undefined || result.isBase64Encoded || headerOf(result, 'content-encoding') !== undefined) return result;
  const bytes = Buffer.from(result.body, 'utf8');
  if (bytes.length < compressFromBytes) return result;
  const vary = headerOf(result, 'vary');
  const headers = { ...result.headers, Vary: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding' };
  const encoding = chooseEncoding(header(event, 'accept-encoding'));
  if (!encoding) return { ...result, headers };
  const body =
    encoding === 'br'
      ? brotliCompressSync(bytes, {
          params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        })
      : gzipSync(bytes);
  return { ...result, headers: { ...headers, 'Content-Encoding': encoding }, body: body.toString('base64'), isBase64Encoded: true };
}

export function represent(event: ApiEvent, result: Result): Result {
  let out = result;
  const noStore = headerOf(out, 'cache-control')?.includes('no-store') ?? false;
  if (event.requestContext?.http?.method === 'GET' && out.statusCode === 200 && out.body !== undefined && !noStore) {
    out = withEtag(out);
    const ifNoneMatch = header(event, 'if-none-match');
    if (ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, headerOf(out, 'etag')!)) {
      const keep = ['etag', 'cache-control', 'vary', 'link'];
      return {
        statusCode: 304,
        headers: Object.fromEntries(Object.entries(out.headers ?? {}).filter(([k]) => keep.includes(k.toLowerCase()))),
      };
    }
  }
  return compressed(event, out);
}
