/**
 * The middleware stack every HTTP handler runs in (middy): the X-Ray handler subsegment, CORS,
 * request id and the log line, header normalisation, error mapping, bearer authentication, JSON body
 * parsing and zod validation. A handler declares its route's schemas in a `RouteSpec` and receives
 * parsed, validated input.
 */
import middy from '@middy/core';
import type { MiddlewareObj } from '@middy/core';
import httpCors from '@middy/http-cors';
import httpErrorHandler from '@middy/http-error-handler';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { NotFoundError, UnauthorizedError, ValidationError } from '../domain/errors.js';
import { parseOrThrow } from '../domain/field-errors.js';
import type { Principal } from '../domain/principal.js';
import type { WritePreconditions } from '../domain/versioning.js';
import { tokenVerifier } from './auth-config.js';
import { jsonMediaType, parseJsonBody } from './body.js';
import { errorResult, mapError, withRetryAfter } from './error-response.js';
import { idempotentReply } from './idempotency.js';
import { log, logContext, withLogContext } from '../log/logger.js';
import { annotate, flagStatus, traceLogFields, tracer } from '../aws/tracing.js';
import { publishRealmMetrics } from '../log/usage-metrics.js';
import { countApiRequest } from '../store/usage/ledger.js';
import type { Reply } from './reply.js';
import { toResult } from './reply.js';
import type { ApiEvent } from './request.js';
import { represent } from './representation.js';
import { header, issuerBase, queryValues, requestOrigin } from './request.js';

type Schema = z.core.$ZodType | undefined;
type Out<S extends Schema> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface ResponseSpec {
  description: string;
  schema?: z.core.$ZodType;
  /** Response headers worth documenting, e.g. `ETag`, `Location`, `Link`. */
  headers?: string[];
  /** A non-JSON body, e.g. `text/html`. */
  mediaType?: string;
  /** Named examples of the body, shown by the docs page. */
  examples?: Record<string, Example>;
  /** Text representations the route also answers, chosen by `Accept`: media type -> an example. */
  alternatives?: Record<string, string>;
}

export interface Example {
  summary: string;
  value: unknown;
}

export interface RouteSpec<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined> {
  summary: string;
  description?: string;
  tags?: string[];
  /** Defaults to true: a bearer token is required. */
  auth?: boolean;
  path?: P;
  query?: Q;
  /** Query parameters that may repeat (`?sort=a&sort=b`): each reads as a list of its values. */
  repeatedQuery?: readonly string[];
  body?: B;
  /**
   * The body as the OpenAPI document shows it, when `body` only checks that it is a JSON object and
   * the domain validates it with this (e.g. a scenario document, after taking out `copyOf`).
   */
  bodyDocumentation?: z.core.$ZodType;
  /** The query as the OpenAPI document shows it, when the handler reads it itself. */
  queryDocumentation?: z.core.$ZodType;
  /** Accepted request media types; defaults to `application/json` (and `+json` types). */
  bodyMediaTypes?: string[];
  bodyExamples?: Record<string, Example>;
  /** The body as documented for one of `bodyMediaTypes` when it differs, e.g. a JSON Patch array. */
  bodyByMediaType?: Record<string, z.core.$ZodType>;
  /** The documented body may be left out (the route then uses its defaults). */
  bodyOptional?: boolean;
  /**
   * Successful responses. The document adds the error responses every route of its kind can give;
   * an error status listed here replaces that generic one (e.g. the OAuth error shape).
   */
  responses: Record<number, ResponseSpec>;
  /** Error statuses beyond the generic ones, e.g. 429 on a route with a quota. */
  errors?: number[];
  /** A creating POST: an `Idempotency-Key` makes a retry answer the first response (idempotency.ts). */
  idempotent?: boolean;
}

export interface RouteInput<P extends Schema, Q extends Schema, B extends Schema> {
  event: ApiEvent;
  requestId: string;
  /** Present on every route that requires a token. */
  principal: Principal;
  path: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The raw query, for building links. */
  rawQuery: URLSearchParams;
  preconditions: WritePreconditions;
  /** The request's public origin, e.g. `http://127.0.0.1:3000`. */
  origin: string;
  /** Settles once this request is counted in its realm's usage (a usage report awaits it, to include itself). */
  counted: Promise<void>;
}

export type ApiResult = APIGatewayProxyStructuredResultV2;
export type ApiHandler = ((event: ApiEvent, context: Context) => Promise<ApiResult>) & { spec: RouteSpec<Schema, Schema, Schema> };

interface RequestState {
  requestId: string;
  startedAt: number;
  principal?: Principal;
  path?: unknown;
  query?: unknown;
  body?: unknown;
  /** The error the handler or a middleware threw, kept for the log after it became an HTTP error. */
  error?: Error;
  /** The count of this request in its realm's usage, written while the handler runs. */
  counted?: Promise<void>;
}

type Request = middy.Request<ApiEvent, ApiResult, Error, Context>;
/** The handler's view of the request's state: middy hands a handler only the event and the context. */
type RouteContext = Context & { requestState?: RequestState };

/**
 * The request's state lives in middy's `request.internal`, shared by the middlewares; the request
 * id is the one `route` put into the log context for this request.
 */
const stateOf = (request: Request): RequestState => {
  const internal = request.internal as { state?: RequestState };
  internal.state ??= { requestId: String(logContext().requestId), startedAt: Date.now() };
  return internal.state;
};

/** The request headers a browser may send cross-origin: the preflight (functions/system/fallback.ts) allows the same. */
export const corsAllowedHeaders = 'Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key';

const corsOptions = {
  origin: '*',
  headers: corsAllowedHeaders,
  exposeHeaders: 'ETag, Location, Link, X-Request-Id, WWW-Authenticate, Allow, Retry-After, Idempotent-Replayed',
  methods: 'GET, HEAD, POST, PUT, PATCH, DELETE',
};

/**
 * Counts an authenticated request in its realm's usage ledger (one atomic `ADD` on the day's item),
 * started as soon as the token is verified so that it overlaps the handler's own work. A failed
 * count is logged and does not fail the request.
 */
function countRequest(principal: Principal): Promise<void> {
  return countApiRequest(principal.realmId).then(
    () => publishRealmMetrics(principal.realmId, { ApiRequests: 1 }),
    (error: unknown) => log('warn', 'the request was not counted in the usage ledger', { error: (error as Error).message }),
  );
}

/** Request id header, HEAD without body, the request's usage count, the one log line per request and the trace's annotations. */
const finalizer = (): MiddlewareObj<ApiEvent, ApiResult, Error, Context> => {
  const finish = async (request: Request) => {
    const state = stateOf(request);
    await state.counted;
    const response = withRetryAfter(request.response ?? { statusCode: 500 });
    response.headers = { ...response.headers, 'X-Request-Id': state.requestId };
    if (request.event.requestContext?.http?.method === 'HEAD') delete response.body;
    request.response = response;
    const status = response.statusCode ?? 200;
    const fields: Record<string, unknown> = {
      method: request.event.requestContext?.http?.method,
      path: request.event.rawPath,
      routeKey: request.event.routeKey,
      status,
      durationMs: Date.now() - state.startedAt,
    };
    if (state.principal) {
      fields.realmId = state.principal.realmId;
      fields.subject = state.principal.subject;
    }
    annotate({ route: request.event.routeKey, status, realm: state.principal?.realmId });
    const error = state.error ?? request.error;
    flagStatus(status, error ?? undefined);
    if (status >= 500 && error) {
      const cause = error.cause instanceof Error ? { name: error.cause.name, message: error.cause.message } : undefined;
      log('error', 'request failed', { ...fields, error: { name: error.name, message: error.message, stack: error.stack, cause } });
    } else {
      log('info', 'request', fields);
    }
  };
  return {
    before: (request) => {
      stateOf(request);
    },
    after: finish,
    onError: finish,
  };
};

/**
 * The X-Ray subsegment of the handler (Powertools' Tracer), opened before everything else and closed
 * after: every SDK call of the request falls within it, and the finalizer annotates and flags it. An
 * error response closes it like any other, so a 4xx is never a fault; the response is never copied
 * into the trace (it may hold a token).
 */
const handlerSubsegment = (): MiddlewareObj<ApiEvent, ApiResult, Error, Context> => {
  const capture = captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj<ApiEvent, ApiResult, Error, Context>;
  return { before: capture.before, after: capture.after, onError: capture.after };
};

/**
 * Turns whatever was thrown into the HTTP error `@middy/http-error-handler` writes as the response:
 * the service's error shape `{ status, message, errors }` as its JSON message, with the status and
 * headers `mapError` gives (unexpected errors become a 500 that shows only the request id).
 */
const errorMapper = (): MiddlewareObj<ApiEvent, ApiResult, Error, Context> => ({
  onError: (request) => {
    const state = stateOf(request);
    state.error = request.error ?? undefined;
    const result = errorResult(mapError(request.error), state.requestId);
    request.error = Object.assign(new Error(String(result.body)), { statusCode: result.statusCode, headers: result.headers, expose: true });
  },
});

function bearerToken(event: ApiEvent): string {
  const value = header(event, 'authorization');
  if (!value) throw new UnauthorizedError('A bearer token is required', 'missing');
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(value.trim());
  if (!match) throw new UnauthorizedError('The Authorization header must be "Bearer <token>"');
  return match[1];
}

/** Query values as an object: a list for each repeatable parameter; any other given twice is a 400 naming it. */
function queryObject(event: ApiEvent, repeated: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, values] of queryValues(event)) {
    if (repeated.includes(key)) out[key] = values;
    else if (values.length === 1) out[key] = values[0];
    else throw new ValidationError('Invalid query parameters', [{ field: key, message: 'must be given at most once' }]);
  }
  return out;
}

/** Path parameters are ids (shared/domain/ids.ts): one that is not an id names nothing that can exist, so it is 404. */
function parsePath(schema: z.core.$ZodType, event: ApiEvent): unknown {
  try {
    return parseOrThrow(schema, event.pathParameters ?? {}, 'path');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const field = error.errors[0]?.field ?? 'path';
    throw new NotFoundError(`Not found: ${field} is not an id`);
  }
}

const inputParser = (spec: RouteSpec<Schema, Schema, Schema>): MiddlewareObj<ApiEvent, ApiResult, Error, Context> => ({
  before: async (request) => {
    const state = stateOf(request);
    const event = request.event;
    if (spec.auth !== false) {
      state.principal = await tokenVerifier().verify(bearerToken(event), issuerBase(event));
      state.counted = countRequest(state.principal);
    }
    if (spec.path) state.path = parsePath(spec.path, event);
    if (spec.query) state.query = parseOrThrow(spec.query, queryObject(event, spec.repeatedQuery), 'query parameters');
    if (spec.body) {
      const raw = parseJsonBody(event, spec.bodyMediaTypes ?? [jsonMediaType]);
      state.body = parseOrThrow(spec.body, raw, 'request body');
    }
    (request.context as RouteContext).requestState = state;
  },
});

export function route<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  spec: RouteSpec<P, Q, B>,
  fn: (input: RouteInput<P, Q, B>) => Promise<Reply>,
): ApiHandler {
  const handler = middy<ApiEvent, ApiResult, Error, Context>()
    .use(handlerSubsegment())
    .use(httpCors(corsOptions))
    .use(finalizer())
    .use(httpHeaderNormalizer())
    // Error handlers run in reverse order of use: errorMapper first, then http-error-handler writes the response.
    .use(httpErrorHandler({ logger: false }))
    .use(errorMapper())
    .use(inputParser(spec as RouteSpec<Schema, Schema, Schema>))
    .handler(async (event, context: RouteContext) => {
      const state = context.requestState as RequestState;
      const input: RouteInput<P, Q, B> = {
        event,
        requestId: state.requestId,
        principal: state.principal as Principal,
        path: state.path as Out<P>,
        query: state.query as Out<Q>,
        body: state.body as Out<B>,
        rawQuery: new URLSearchParams(event.rawQueryString ?? ''),
        preconditions: { ifMatch: header(event, 'if-match') },
        origin: requestOrigin(event),
        counted: state.counted ?? Promise.resolve(),
      };
      const reply = spec.idempotent ? await idempotentReply(event, input.principal, () => fn(input)) : await fn(input);
      return represent(event, toResult(reply));
    });
  // Every line logged while the request is handled carries its id (API Gateway's, or a new one),
  // and in Lambda its X-Ray trace id.
  const run = (event: ApiEvent, context: Context) =>
    withLogContext({ requestId: event.requestContext?.requestId || randomUUID(), ...traceLogFields() }, () => handler(event, context));
  return Object.assign(run, {
    spec: spec as RouteSpec<Schema, Schema, Schema>,
  });
}
