/**
 * The contract covers the route table: every route is an operation with its parameters, request
 * body, success statuses and the error statuses its kind of route can answer, each JSON body with
 * a schema, and every example valid against the schema it illustrates.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../functions/routes.js';

const routes = apiRoutes();
import { buildOpenApiDocument } from '../../functions/system/openapi-document.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
type Json = Record<string, any>;

const document = buildOpenApiDocument('http://127.0.0.1:3000') as Json;
const operationOf = (route: (typeof routes)[number]): Json => document.paths[route.path]?.[route.method.toLowerCase()];
const resolve = (response: Json): Json => (response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response);
const isPublic = (route: (typeof routes)[number]) =>
  route.path.startsWith('/realms/') || ['/health', '/openapi.json', '/docs', '/docs/redoc.standalone.js'].includes(route.path);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('has an operation for every route, and nothing else', () => {
    const documented = Object.entries(document.paths as Json).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    const ids = documented.map((key) => {
      const [method, path] = key.split(' ');
      return document.paths[path][method.toLowerCase()].operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path}: parameters, body, success and error responses with schemas`, () => {
      const op = operationOf(route);
      expect(op, 'operation').toBeDefined();
      expect(op.summary).toBeTruthy();
      const pathParams = route.path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? [];
      expect(op.parameters.filter((p: Json) => p.in === 'path').map((p: Json) => p.name)).toEqual(pathParams);

      const statuses = Object.keys(op.responses).map(Number);
      const successes = statuses.filter((s) => s < 400);
      expect(successes.length, 'a success status').toBeGreaterThan(0);
      for (const status of statuses) {
        const response = resolve(op.responses[status]);
        expect(response.description, `${status} description`).toBeTruthy();
        if (route.method === 'HEAD') {
          expect(response.content, `${status}: HEAD has no body`).toBeUndefined();
          continue;
        }
        // Every status with a body has a schema for it; only 204, 302 and 304 (and revocation's empty 200) have none.
        const bodyless = status === 204 || status === 302 || status === 304 || (route.handler === 'identity/revoke' && status === 200);
        if (bodyless) continue;
        expect(response.content, `${status} content`).toBeDefined();
        for (const [type, media] of Object.entries(response.content as Json))
          expect(media.schema, `${status} ${type} schema`).toBeDefined();
      }
      const expected = [400, 500, 503];
      if (!isPublic(route)) expected.push(401, 403, 404);
      if (['PUT', 'PATCH', 'DELETE'].includes(route.method) && !isPublic(route)) expected.push(409, 412);
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) expected.push(413, 415);
      if (['simulations/create', 'comparisons/create', 'analyses/create'].includes(route.handler)) expected.push(429);
      const creates = route.method === 'POST' && route.handler.endsWith('/create');
      if (creates) expected.push(422, 201);
      if (route.method === 'GET' && route.handler !== 'identity/authorize') expected.push(304);
      if (route.method === 'PATCH') expected.push(422);
      for (const status of expected) expect(statuses, `error status ${status}`).toContain(status);

      const headers = op.parameters.filter((p: Json) => p.in === 'header').map((p: Json) => p.name);
      if (creates) expect(headers).toContain('Idempotency-Key');
      if (route.method === 'GET' && route.handler !== 'identity/authorize') expect(headers).toContain('If-None-Match');
      if (route.method === 'PATCH')
        expect(Object.keys(op.requestBody.content)).toEqual(
          expect.arrayContaining(['application/merge-patch+json', 'application/json-patch+json']),
        );
      if (route.path.endsWith('/output') && route.method === 'GET')
        expect(Object.keys(op.responses[200].content)).toEqual(['application/json', 'text/csv']);

      if (['POST', 'PUT', 'PATCH'].includes(route.method)) {
        expect(op.requestBody, 'request body').toBeDefined();
        for (const media of Object.values(op.requestBody.content as Json)) expect(media.schema).toBeDefined();
      }
      if (route.method === 'GET' && !isPublic(route)) expect(op.parameters.length + (route.path === '/users' ? 1 : 0)).toBeGreaterThan(0);
    });
  }

  it('describes the token endpoint per grant and its token response', () => {
    const token = document.paths['/realms/{realmId}/protocol/openid-connect/token'].post;
    expect(Object.keys(token.requestBody.content)).toContain('application/x-www-form-urlencoded');
    const grants = document.components.schemas.TokenRequest.anyOf.map((s: Json) => document.components.schemas[s.$ref.split('/').pop()]);
    expect(grants.map((g: Json) => g.properties.grant_type.const).sort()).toEqual([
      'authorization_code',
      'client_credentials',
      'password',
      'refresh_token',
    ]);
    expect(grants.find((g: Json) => g.properties.grant_type.const === 'password').required).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
    expect(document.components.schemas.TokenResponse.required).toEqual(
      expect.arrayContaining(['access_token', 'token_type', 'expires_in']),
    );
    const flows = document.components.securitySchemes.realmOAuth.flows;
    expect(flows.clientCredentials.tokenUrl).toBe('http://127.0.0.1:3000/realms/demo/protocol/openid-connect/token');
    expect(Object.keys(flows).sort()).toEqual(['authorizationCode', 'clientCredentials', 'password']);
  });

  it('has the three example scenarios, an output and a comparison excerpt, each valid against its schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document, 'openapi.json');
    const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    const seen: string[] = [];
    for (const [path, ops] of Object.entries(document.paths as Json)) {
      for (const [method, op] of Object.entries(ops as Json)) {
        const media: [string, Json][] = Object.entries((op.requestBody?.content ?? {}) as Json).map(([type, m]) => [
          pointer('paths', path, method, 'requestBody', 'content', type),
          m,
        ]);
        for (const [status, response] of Object.entries(op.responses as Json)) {
          for (const [type, m] of Object.entries((response.content ?? {}) as Json))
            media.push([pointer('paths', path, method, 'responses', status, 'content', type), m]);
        }
        for (const [where, m] of media) {
          if (!m.examples || !m.schema) continue;
          const validate = ajv.compile({ $ref: `openapi.json#/${where}/schema` });
          for (const [name, example] of Object.entries(m.examples as Json)) {
            // Form bodies hold strings; their JSON examples are checked as JSON.
            expect(validate(example.value), `${method} ${path} example ${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
            seen.push(`${method} ${path} ${name}`);
          }
        }
      }
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'post /households/{householdId}/scenarios coupleNearRetirement',
        'post /households/{householdId}/scenarios singleRetireeCare',
        'post /households/{householdId}/scenarios youngFamilyMortgage',
        'get /households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/output excerpt',
        'get /households/{householdId}/comparisons/{comparisonId} excerpt',
        'post /households/{householdId}/scenarios/{scenarioId}/simulations pathsAndSeed',
        'post /households/{householdId}/scenarios/{scenarioId}/analyses solveSpending',
        'post /households/{householdId}/scenarios/{scenarioId}/analyses stress',
        'get /households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId} solveSpending',
      ]),
    );
  });
});
