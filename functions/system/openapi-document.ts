/**
 * The OpenAPI 3.1 document, built from the route table and the handlers' own zod schemas: what is
 * validated is what is documented.
 */
import * as z from 'zod/mini';
import { errorBodySchema } from '../../shared/http/error-response.js';
import { ComponentSchemas } from '../../shared/http/json-schema.js';
import type { RouteSpec } from '../../shared/http/stack.js';
import { jsonMediaType } from '../../shared/http/body.js';
import { routes } from '../routes.js';
import type { Route } from '../routes.js';
import { operationHandlers } from './operations.js';

type Json = Record<string, unknown>;
type AnySpec = RouteSpec<z.core.$ZodType | undefined, z.core.$ZodType | undefined, z.core.$ZodType | undefined>;

const publicModules = new Set(['system/health', 'system/openapi', 'system/docs']);

const errorResponses: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Invalid input; `errors` lists each invalid field' },
  401: { name: 'Unauthorized', description: 'Missing, malformed, expired or foreign token' },
  403: { name: 'Forbidden', description: "Another user's resource in the caller's realm" },
  404: { name: 'NotFound', description: 'No such resource for this caller' },
  409: { name: 'Conflict', description: 'Stale `version` in the body, or a lost race' },
  412: { name: 'PreconditionFailed', description: 'Stale `If-Match`' },
  413: { name: 'PayloadTooLarge', description: 'Body over 1 MiB, or a document too large to store' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not JSON' },
  500: { name: 'InternalServerError', description: 'Unexpected failure; the body carries the request id' },
  503: { name: 'ServiceUnavailable', description: 'Busy; retry' },
};

const headerDocs: Record<string, Json> = {
  ETag: { description: 'The resource version, `"<version>"`', schema: { type: 'string' } },
  Location: { description: 'URI of the new resource', schema: { type: 'string', format: 'uri' } },
  Link: { description: 'RFC 8288 paging links (self, first, prev, next, last)', schema: { type: 'string' } },
};

function errorStatuses(route: Route, spec: AnySpec | undefined): number[] {
  const statuses = [400, 500, 503];
  if (!publicModules.has(route.handler) && spec?.auth !== false) statuses.push(401, 403, 404);
  if (['PUT', 'PATCH', 'DELETE'].includes(route.method)) statuses.push(409, 412);
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) statuses.push(413, 415);
  return [...new Set(statuses)].sort();
}

function operationId(route: Route): string {
  return route.handler.replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase());
}

function parameters(components: ComponentSchemas, route: Route, spec: AnySpec | undefined): Json[] {
  const out: Json[] = [];
  const pathShape = (spec?.path as unknown as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape;
  for (const name of route.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
    const schema = pathShape?.[name] ? components.ref(pathShape[name], 'input') : { type: 'string' };
    out.push({ name, in: 'path', required: true, schema });
  }
  const queryShape = (spec?.query as unknown as { shape?: Record<string, z.core.$ZodType> } | undefined)?.shape ?? {};
  for (const [name, schema] of Object.entries(queryShape)) {
    const json = components.ref(schema, 'input');
    const isArray = json.type === 'array';
    out.push({
      name,
      in: 'query',
      required: false,
      schema: json,
      ...(isArray ? { style: 'form', explode: true } : {}),
      ...(name === 'sort' ? { description: 'Repeatable `<property>,<asc|desc>`' } : {}),
    });
  }
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
    summary: 'A readable page of the OpenAPI document',
    tags: ['system'],
    auth: false,
    responses: { 200: { description: 'HTML page', mediaType: 'text/html' } },
  },
};

const specOf = (route: Route): AnySpec | undefined => operationHandlers[route.handler]?.spec ?? selfDescribed[route.handler];

function operation(components: ComponentSchemas, route: Route, spec: AnySpec | undefined): Json {
  const responses: Json = {};
  for (const [status, response] of Object.entries(spec?.responses ?? { 200: { description: 'Success' } })) {
    const entry: Json = { description: response.description };
    if (response.headers?.length) {
      entry.headers = Object.fromEntries(response.headers.map((h) => [h, headerDocs[h] ?? { schema: { type: 'string' } }]));
    }
    if (response.schema && route.method !== 'HEAD') {
      entry.content = { [response.mediaType ?? 'application/json']: { schema: components.ref(response.schema, 'output') } };
    } else if (response.mediaType) {
      entry.content = { [response.mediaType]: { schema: { type: 'string' } } };
    }
    responses[status] = entry;
  }
  for (const status of errorStatuses(route, spec)) {
    const { name, description } = errorResponses[status];
    responses[status] = route.method === 'HEAD' ? { description } : { $ref: `#/components/responses/${name}` };
  }
  const op: Json = {
    operationId: operationId(route),
    summary: spec?.summary ?? `${route.method} ${route.path}`,
    ...(spec?.description ? { description: spec.description } : {}),
    tags: spec?.tags ?? [route.handler.split('/')[0]],
    parameters: parameters(components, route, spec),
    responses,
  };
  const requestSchema = spec?.bodyDocumentation ?? spec?.body;
  if (requestSchema) {
    const schema = components.ref(requestSchema, 'input');
    op.requestBody = {
      required: true,
      content: Object.fromEntries((spec?.bodyMediaTypes ?? [jsonMediaType]).map((type) => [type, { schema }])),
    };
  }
  if (publicModules.has(route.handler) || spec?.auth === false) op.security = [];
  return op;
}

export function buildOpenApiDocument(origin: string): Json {
  const components = new ComponentSchemas();
  const errorRef = components.ref(errorBodySchema, 'output');
  const paths: Record<string, Json> = {};
  // Responses first, so request-side variants of shared schemas get the `Input` names.
  const ordered = [...routes];
  const built = new Map<Route, Json>();
  for (const route of ordered) {
    const spec = specOf(route);
    const responsesOnly = spec ? { ...spec, body: undefined, bodyDocumentation: undefined, query: undefined, path: undefined } : undefined;
    operation(components, route, responsesOnly as AnySpec | undefined);
  }
  for (const route of ordered) built.set(route, operation(components, route, specOf(route)));
  for (const route of ordered) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = built.get(route)!;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Household scenario analytics API',
      version: '0.1.0',
      description:
        'Monte Carlo simulation of households under economic and life risk. Errors always have the body ' +
        '`{ status, message, errors }`; lists are paged with `page`, `size` and `sort`.',
    },
    servers: [{ url: origin }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(routes.map((r) => specOf(r)?.tags?.[0] ?? r.handler.split('/')[0]))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components.schemas,
      responses: Object.fromEntries(
        Object.values(errorResponses).map(({ name, description }) => [
          name,
          { description, content: { 'application/json': { schema: errorRef } } },
        ]),
      ),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `An access token from the realm's OpenID Connect provider (discovery: ${origin}/realms/{realmId}/.well-known/openid-configuration).`,
        },
      },
    },
  };
}
