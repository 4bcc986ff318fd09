/**
 * The embedded store accepts only requests signed with its credentials (AWS Signature Version 4,
 * as DynamoDB does): the request's signature is computed again with the secret, by the SDK's own
 * signer, and compared in constant time; the body's hash, the key id and the time (within 15
 * minutes) are checked too. Anything else is answered as DynamoDB answers a bad signature, before
 * the store sees it.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { SignatureV4 } from '@smithy/signature-v4';
import type { StoreCredentials } from './store-credentials.js';

/** DynamoDB's largest request is well under this. */
const maxBodyBytes = 16 * 1024 * 1024;
const maxClockSkewMs = 15 * 60_000;
const authorizationPattern =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

type Data = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: Data): string | Buffer =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** The hash (and, given a secret, the HMAC) the signer asks for, on Node's crypto. */
export class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: Data): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function refuse(response: ServerResponse, type: string, message: string): void {
  const body = JSON.stringify({ __type: `com.amazon.coral.service#${type}`, message });
  response.writeHead(400, { 'Content-Type': 'application/x-amz-json-1.0', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        request.destroy();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const amzDate = (value: string) => new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/** Why the request is refused, or undefined when it is signed with `credentials`. */
async function signatureProblem(request: IncomingMessage, body: Buffer, credentials: StoreCredentials): Promise<string | undefined> {
  const match = authorizationPattern.exec(String(request.headers.authorization ?? ''));
  if (!match) return 'Request is missing a valid Authorization header';
  const [, accessKeyId, , region, service, signedHeaders, signature] = match;
  if (accessKeyId !== credentials.accessKeyId) return 'The security token included in the request is invalid.';
  const date = amzDate(String(request.headers['x-amz-date'] ?? ''));
  if (Number.isNaN(date.getTime()) || Math.abs(date.getTime() - Date.now()) > maxClockSkewMs) return 'Signature expired';
  const bodyHash = request.headers['x-amz-content-sha256'];
  if (bodyHash !== undefined && bodyHash !== createHash('sha256').update(body).digest('hex')) return 'The body does not match its hash';
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    const value = request.headers[name];
    if (value === undefined) return `Signed header ${name} is missing`;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const url = new URL(request.url ?? '/', 'http://store');
  const signer = new SignatureV4({ credentials, region, service, sha256: Sha256 });
  const signed = await signer.sign(
    {
      method: request.method ?? 'POST',
      protocol: 'http:',
      hostname: url.hostname,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: body.toString('utf8'),
    },
    { signingDate: date, signingRegion: region, signingService: service },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1] ?? '';
  const same = expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
  return same ? undefined : 'The request signature we calculated does not match the signature you provided.';
}

/** Wraps the store's request listener: only requests signed with `credentials` reach it. */
export function requireSignedRequests(store: RequestListener, credentials: StoreCredentials): RequestListener {
  return (request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (body === undefined) return refuse(response, 'SerializationException', 'The request is too large');
      const problem = await signatureProblem(request, body, credentials);
      if (problem)
        return refuse(response, problem.includes('token') ? 'UnrecognizedClientException' : 'InvalidSignatureException', problem);
      // The store reads the body as a stream: it gets the one already read, with the request's head.
      const replay = Object.assign(Readable.from(body.length > 0 ? [body] : []), {
        headers: request.headers,
        method: request.method,
        url: request.url,
      });
      store(replay as unknown as IncomingMessage, response);
    })().catch(() => {
      if (!response.headersSent) refuse(response, 'InternalFailure', 'The request could not be read');
      else response.destroy();
    });
  };
}
