/**
 * The OpenAPI 3.1 document, built from the route table and the handlers' own zod schemas: what is
 * validated is what is documented.
 */
import * as z from 'zod/mini';
import { errorBodySchema } from '../../shared/http/error-response.js';
import { ComponentSchemas } from '../../shared/http/json-schema.js';
import type { ResponseSpec, RouteSpec } from '../../shared/http/stack.js';
import { jsonMediaType } from '../../shared/http/body.js';
import { apiRoutes } from '../routes.js';
import type { Route } from '../routes.js';
import { apiDescription, securitySchemes } from './openapi-auth.js';
import { operationHandlers } from './operations.js';
import { webhooksSection } from './openapi-webhooks.js';

type Json = Record<string, unknown>;
type AnySpec = RouteSpec<z.core.$ZodType | undefined, z.core.$ZodType | undefined, z.core.$ZodType | undefined>;

const publicModules = new Set(['system/health', 'system/openapi', 'system/docs', 'system/docs-script']);

const errorResponses: Record<number, { name: string; description: string; headers?: string[] }> = {
  400: { name: 'BadRequest', description: 'Invalid input; `errors` lists each invalid field' },
  401: { name: 'Unauthorized', description: 'Missing, malformed, expired or foreign token', headers: ['WWW-Authenticate'] },
  403: { name: 'Forbidden', description: "Another user's resource in the caller's realm" },
  404: { name: 'NotFound', description: 'No such resource for this caller' },
  409: { name: 'Conflict', description: 'Stale `version` in the body, or a lost race' },
  412: { name: 'PreconditionFailed', description: 'Stale `If-Match`' },
  413: { name: 'PayloadTooLarge', description: 'Body over 1 MiB, or a document too large to store' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not JSON' },
  422: { name: 'UnprocessableContent', description: 'The `Idempotency-Key` was used with another request body' },
  429: { name: 'TooManyRequests', description: 'Too many requests in flight; retry after `Retry-After` seconds', headers: ['Retry-After'] },
  500: { name: 'InternalServerError', description: 'Unexpected failure; the body carries the request id' },
  503: { name: 'ServiceUnavailable', description: 'Busy; retry after `Retry-After` seconds', headers: ['Retry-After'] },
};

const headerDocs: Record<string, Json> = {
  ETag: { description: 'The resource version, `"<version>"`', schema: { type: 'string' } },
  Location: { description: 'URI of the new resource', schema: { type: 'string', format: 'uri' } },
  Link: { description: 'RFC 8288 paging links (self, first, prev, next, last)', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 0 } },
  'WWW-Authenticate': { description: 'The authentication scheme and error', schema: { type: 'string' } },
};

const headersOf = (names: string[] | undefined): Json | undefined =>
  names?.length ? Object.fromEntries(names.map((h) => [h, headerDocs[h] ?? { schema: { type: 'string' } }])) : undefined;

/** The error statuses every route of this kind can answer, besides those its spec names. */
function errorStatuses(route: Route, spec: AnySpec): number[] {
  const statuses = [400, 500, 503, ...(spec.errors ?? [])];
  if (spec.idempotent) statuses.push(409, 422);
  if (!publicModules.has(route.handler) && spec.auth !== false) statuses.push(401, 403, 404);
  if (['PUT', 'PATCH', 'DELETE'].includes(route.method)) statuses.push(409, 412);
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) statuses.push(413, 415);
  return [...new Set(statuses)].sort();
}

function operationId(route: Route): string {
  const id = route.handler.replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase());
  // One handler module may serve two methods (the login page's GET and POST).
  return apiRoutes().filter((r) => r.handler === route.handler).length > 1
    ? `${id}${route.method[0]}${route.method.slice(1).toLowerCase()}`
    : id;
}

const shapeOf = (schema: z.core.$ZodType | undefined) =>
  (schema as unknown as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape;

function parameters(components: ComponentSchemas, route: Route, spec: AnySpec): Json[] {
  const out: Json[] = [];
  const pathShape = shapeOf(spec.path);
  for (const name of route.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
    const schema = pathShape?.[name] ? components.ref(pathShape[name], 'input') : { type: 'string' };
    out.push({ name, in: 'path', required: true, schema });
  }
  const query = spec.query ?? spec.queryDocumentation;
  for (const [name, schema] of Object.entries(shapeOf(query) ?? {})) {
    const json = components.ref(schema, 'input');
    const isArray = json.type === 'array';
    // Optional when leaving it out is valid (a default or an optional value).
    const optional = z.safeParse(schema, undefined).success;
    out.push({
      name,
      in: 'query',
      required: !optional,
      schema: json,
      ...(isArray ? { style: 'form', explode: true } : {}),
      ...(name === 'sort' ? { description: 'Repeatable `<property>,<asc|desc>`' } : {}),
    });
  }
  for (const [name, description] of headerParameters(route, spec))
    out.push({ name, in: 'header', required: false, description, schema: { type: 'string' } });
  return out;
}

/** GETs answer `If-None-Match` with 304, except the login page, which is never cached. */
const answersNotModified = (route: Route) => route.method === 'GET' && route.handler !== 'identity/authorize';

function headerParameters(route: Route, spec: AnySpec): [string, string][] {
  const out: [string, string][] = [];
  if (spec.idempotent) {
    out.push([
      'Idempotency-Key',
      'Up to 255 visible ASCII characters. A retry with the same key and body within 24 hours answers the first ' +
        'response (with `Idempotent-Replayed: true`) instead of creating again; the same key with another body is a ' +
        '422.',
    ]);
  }
  if (answersNotModified(route))
    out.push(['If-None-Match', 'An `ETag` from an earlier response: 304 without a body when it still matches']);
  if (['PUT', 'PATCH', 'DELETE'].includes(route.method) && spec.auth !== false)
    out.push(['If-Match', 'The `ETag` read: 412 when the resource has changed since']);
  return out;
}

/** The document and docs routes cannot import themselves through the registry; they are described here. */
const selfDescribed: Record<string, AnySpec> = {
  'system/openapi': {
    summary: 'The OpenAPI 3.1 document of this API',
    tags: ['system'],
    auth: false,
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
  },
  'system/docs': {
    summary: 'The API reference: this document rendered by Redoc',
    tags: ['system'],
    auth: false,
    responses: { 200: { description: 'HTML page', mediaType: 'text/html' } },
  },
};

function specOf(route: Route): AnySpec {
  const spec = operationHandlers[route.handler]?.spec ?? selfDescribed[route.handler];
  if (!spec) throw new Error(`${route.method} ${route.path}: handler ${route.handler} is not registered in functions/system/operations.ts`);
  return spec;
}

function responseEntry(components: ComponentSchemas, route: Route, response: ResponseSpec): Json {
  const entry: Json = { description: response.description };
  const headers = headersOf(response.headers);
  if (headers) entry.headers = headers;
  if (route.method === 'HEAD') return entry;
  const examples = response.examples ? { examples: response.examples } : {};
  if (response.schema) {
    entry.content = { [response.mediaType ?? 'application/json']: { schema: components.ref(response.schema, 'output'), ...examples } };
  } else if (response.mediaType) {
    entry.content = { [response.mediaType]: { schema: { type: 'string' }, ...examples } };
  }
  for (const [type, example] of Object.entries(response.alternatives ?? {})) {
    entry.content = { ...(entry.content as Json), [type]: { schema: { type: 'string' }, example } };
  }
  return entry;
}

function operation(components: ComponentSchemas, route: Route, spec: AnySpec): Json {
  const responses: Json = {};
  for (const [status, response] of Object.entries(spec.responses)) responses[status] = responseEntry(components, route, response);
  if (answersNotModified(route))
    responses[304] = { description: 'Not modified: the `If-None-Match` ETag still matches', headers: headersOf(['ETag']) };
  for (const status of errorStatuses(route, spec)) {
    if (responses[status]) continue;
    const { name, description, headers } = errorResponses[status];
    responses[status] =
      route.method === 'HEAD'
        ? { description, ...(headers ? { headers: headersOf(headers) } : {}) }
        : { $ref: `#/components/responses/${name}` };
  }
  const op: Json = {
    operationId: operationId(route),
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags ?? [route.handler.split('/')[0]],
    parameters: parameters(components, route, spec),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
  const requestSchema = spec.bodyDocumentation ?? spec.body;
  if (requestSchema) {
    const schema = components.ref(requestSchema, 'input');
    const examples = spec.bodyExamples ? { examples: spec.bodyExamples } : {};
    op.requestBody = {
      required: spec.bodyOptional !== true,
      content: Object.fromEntries(
        (spec.bodyMediaTypes ?? [jsonMediaType]).map((type) => {
          const own = spec.bodyByMediaType?.[type];
          return [type, own ? { schema: components.ref(own, 'input') } : { schema, ...examples }];
        }),
      ),
    };
  }
  if (publicModules.has(route.handler) || spec.auth === false) op.security = [];
  return op;
}

export function buildOpenApiDocument(origin: string): Json {
  const components = new ComponentSchemas();
  const errorRef = components.ref(errorBodySchema, 'output');
  const paths: Record<string, Json> = {};
  // Responses first, so request-side variants of shared schemas get the `Input` names.
  const ordered = apiRoutes();
  const built = new Map<Route, Json>();
  for (const route of ordered) {
    const spec = specOf(route);
    operation(components, route, {
      ...spec,
      body: undefined,
      bodyDocumentation: undefined,
      bodyByMediaType: undefined,
      query: undefined,
      queryDocumentation: undefined,
      path: undefined,
    });
  }
  for (const route of ordered) built.set(route, operation(components, route, specOf(route)));
  const webhooks = webhooksSection(components);
  for (const route of ordered) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = built.get(route)!;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Household scenario analytics API',
      version: '0.1.0',
      description: apiDescription(origin),
    },
    servers: [{ url: origin }],
    security: [{ bearerAuth: [] }, { realmOAuth: [] }],
    tags: [...new Set(apiRoutes().map((r) => specOf(r).tags?.[0] ?? r.handler.split('/')[0]))].map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      schemas: components.schemas,
      responses: Object.fromEntries(
        Object.values(errorResponses).map(({ name, description, headers }) => [
          name,
          { description, ...(headers ? { headers: headersOf(headers) } : {}), content: { 'application/json': { schema: errorRef } } },
        ]),
      ),
      securitySchemes: securitySchemes(origin),
    },
  };
}
