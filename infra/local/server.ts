/**
 * The local HTTP front door: matches the route table, builds the payload 2.0 event, calls the same
 * handler module the cloud runs, and writes its result back. Unmatched requests go to the fallback
 * handler, as API Gateway's `$default` route does.
 */
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { fallbackHandler, routes } from '../../functions/routes.js';
import type { Route } from '../../functions/routes.js';
import { maxBodyBytes } from '../../shared/http/body.js';
import { errorResult, jsonContentType } from '../../shared/http/error-response.js';
import { matchPathTemplate } from '../../shared/http/path-template.js';
import { type Admission, admissionFromEnv } from './admission.js';
import { toApiGatewayEvent } from './event.js';

/** No endpoint takes a body over the JSON limit (1 MiB): a longer one is refused before it is read. */
const maxPayloadBytes = maxBodyBytes;

/**
 * How long a request may take to arrive, headers and body (Node's default is 300 s: a client that
 * sends headers and then nothing would hold its connection that long). Node answers 408.
 */
function requestTimeoutMs(): number {
  const value = Number(process.env.LOCAL_REQUEST_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : 30_000;
}

type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string | undefined>;

const loaded = new Map<string, Promise<Handler>>();

function loadHandler(module: string): Promise<Handler> {
  let handler = loaded.get(module);
  if (!handler) {
    handler = import(new URL(`../../functions/${module}.js`, import.meta.url).href).then((m: { handler: Handler }) => m.handler);
    loaded.set(module, handler);
  }
  return handler;
}

function findRoute(method: string, path: string): { route: Route; parameters: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const parameters = matchPathTemplate(route.path, path);
    if (parameters) return { route, parameters };
  }
  return undefined;
}

function lambdaContext(requestId: string, functionName: string): Context {
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxPayloadBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function writeResult(response: ServerResponse, method: string, result: APIGatewayProxyStructuredResultV2 | string | undefined): void {
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? result
      : { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(result ?? null) };
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name] = String(value);
  if (structured.cookies?.length) headers['Set-Cookie'] = structured.cookies;
  const body =
    structured.body === undefined || method === 'HEAD'
      ? undefined
      : structured.isBase64Encoded
        ? Buffer.from(structured.body, 'base64')
        : Buffer.from(structured.body, 'utf8');
  if (body !== undefined) headers['Content-Length'] = String(body.length);
  response.writeHead(structured.statusCode ?? 200, headers);
  response.end(body);
}

function unavailable(response: ServerResponse, message: string): void {
  response.writeHead(503, { 'Content-Type': jsonContentType, 'Retry-After': '1' });
  response.end(JSON.stringify({ status: 'SERVICE_UNAVAILABLE', message, errors: [] }));
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
  ready: boolean,
  admission: Admission,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://local').pathname;
  // Starting: whoever waits for /health (scripts, the README's calls) finds the demo realm ready.
  if (!ready && path === '/health') return unavailable(response, 'Starting: the demo realm is being set up');
  // /health reads nothing and answers at once: it is what tells a busy service from a dead one.
  if (path === '/health') return handle(request, response, origin, path);
  if (!(await admission.enter())) return unavailable(response, 'The service is busy; retry shortly');
  try {
    await handle(request, response, origin, path);
  } finally {
    admission.leave();
  }
}

async function handle(request: IncomingMessage, response: ServerResponse, origin: string, path: string): Promise<void> {
  const method = request.method ?? 'GET';
  const declared = Number(request.headers['content-length'] ?? 0);
  const body = declared > maxPayloadBytes ? undefined : await readBody(request);
  if (body === undefined) {
    response.writeHead(413, { 'Content-Type': jsonContentType, Connection: 'close' });
    response.end(
      JSON.stringify({ status: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${maxPayloadBytes} bytes`, errors: [] }),
    );
    return;
  }
  const match = findRoute(method, path);
  const routeKey = match ? `${match.route.method} ${match.route.path}` : '$default';
  const module = match ? match.route.handler : fallbackHandler;
  const event = toApiGatewayEvent({ request, origin, body, routeKey, pathParameters: match?.parameters });
  const handler = await loadHandler(module);
  const result = await handler(event, lambdaContext(event.requestContext.requestId, module.replace(/\//g, '-')));
  writeResult(response, method, result);
}

/**
 * What Node's HTTP parser refuses before any handler runs (headers over its 16 KB limit, a bare CR
 * in a header, ...) still gets the error shape. In the cloud, API Gateway answers these itself.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? {
          kind: 'REQUEST_HEADER_FIELDS_TOO_LARGE' as const,
          message: 'The request headers are too large',
          reason: 'Request Header Fields Too Large',
        }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { kind: 'REQUEST_TIMEOUT' as const, message: 'The request did not arrive in time', reason: 'Request Timeout' }
        : { kind: 'BAD_REQUEST' as const, message: 'The request is not valid HTTP', reason: 'Bad Request' };
  const result = errorResult({ kind: answer.kind, message: answer.message, errors: [], headers: {}, internal: false }, '');
  const body = Buffer.from(result.body ?? '', 'utf8');
  socket.end(
    `HTTP/1.1 ${result.statusCode} ${answer.reason}\r\nContent-Type: ${jsonContentType}\r\nContent-Length: ${body.length}\r\n` +
      `Connection: close\r\n\r\n${body.toString('utf8')}`,
  );
}

/** `origin` gives the runtime's own origin once it listens: the domain every event carries. */
export function createLocalServer(origin: () => string, ready: () => boolean = () => true): Server {
  const admission = admissionFromEnv();
  const timeout = requestTimeoutMs();
  const timeouts = { requestTimeout: timeout, headersTimeout: timeout, connectionsCheckingInterval: Math.min(1_000, timeout) };
  const server = createServer(timeouts, (request, response) => {
    serve(request, response, origin(), ready(), admission).catch((error: unknown) => {
      // A request cut off (its client went away, or it timed out and was answered 408) has no one to answer.
      if (request.destroyed && !response.writable) return;
      // Handlers map their own errors; this is the runtime itself failing.
      process.stderr.write(`${JSON.stringify({ level: 'error', message: 'local runtime failure', error: String(error) })}\n`);
      if (!response.headersSent) {
        response.writeHead(500, { 'Content-Type': 'application/json;charset=UTF-8' });
        response.end(JSON.stringify({ status: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', errors: [] }));
      } else {
        response.end();
      }
    });
  });
  server.on('clientError', answerClientError);
  return server;
}
