/**
 * The system routes, the OpenAPI document, the response validator itself, persistence across a
 * restart and resuming an interrupted cascading delete.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../functions/routes.js';
import { dynamoClient } from '../../shared/store/client.js';
import { tableName } from '../../shared/store/table.js';
import { ApiClient } from '../support/http.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { startTestServer } from '../support/server.js';
import type { TestServer } from '../support/server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'hs-system-'));
let server: TestServer;
let api: ApiClient;
let validator: ResponseValidator;

beforeAll(async () => {
  server = await startTestServer({ dataDir });
  validator = await ResponseValidator.load(server.url);
  api = new ApiClient(server.url, validator);
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('system routes', () => {
  it('answers health without a token', async () => {
    const response = await api.get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'UP' });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves a valid OpenAPI 3.1 document covering every route', async () => {
    const response = await api.get('/openapi.json');
    expect(response.status).toBe(200);
    const result = await new Validator().validate(response.body);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(response.body.openapi).toBe('3.1.0');
    for (const route of apiRoutes())
      expect(response.body.paths[route.path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    const list = response.body.paths['/households'].get;
    expect(list.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name)).toEqual([
      'page',
      'size',
      'sort',
    ]);
    expect(list.responses['400'].$ref).toBe('#/components/responses/BadRequest');
    expect(response.body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(response.body.components.schemas.ScenarioDocument.properties.members).toBeDefined();
  });

  it('serves a docs page that needs nothing from elsewhere', async () => {
    const response = await api.get('/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html;charset=UTF-8');
    expect(response.text).toContain('<redoc spec-url="openapi.json"');
    expect(response.text).toContain('<script src="docs/redoc.standalone.js"></script>');
    expect(response.text).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/i);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const script = await fetch(`${server.url}/docs/redoc.standalone.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript;charset=UTF-8');
    expect((await script.text()).length).toBeGreaterThan(500_000);
  });

  it('answers CORS preflights on known paths', async () => {
    const preflight = await fetch(`${server.url}/households`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('the response validator', () => {
  it('rejects bodies and statuses the document does not allow', () => {
    const base = { method: 'GET', path: '/households/01ARZ3NDEKTSV4RRFFQ69G5FAV', contentType: 'application/json;charset=UTF-8' };
    const household = {
      id: 'x',
      name: 'n',
      currency: 'EUR',
      ownerId: 'o',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      version: 1,
    };
    expect(() => validator.check({ ...base, status: 200, text: JSON.stringify(household) })).not.toThrow();
    expect(() => validator.check({ ...base, status: 200, text: JSON.stringify({ ...household, version: 'one' }) })).toThrow(
      /does not match/,
    );
    expect(() => validator.check({ ...base, status: 200, text: JSON.stringify({ ...household, secret: 1 }) })).toThrow(/does not match/);
    expect(() => validator.check({ ...base, status: 404, text: JSON.stringify({ status: 'NOT_FOUND', message: 'x' }) })).toThrow(
      /does not match/,
    );
    expect(() => validator.check({ ...base, status: 418, text: '{}' })).toThrow(/not documented/);
    expect(() => validator.check({ ...base, method: 'HEAD', status: 204, text: 'x' })).toThrow(/no body/);
  });
});

describe('durability', () => {
  it('resumes an interrupted cascading delete', async () => {
    const token = await server.issuer.userToken('realm-a', 'dora');
    const home = (await api.post('/households', { name: 'Half deleted', currency: 'EUR' }, { token })).body.id as string;
    const scenario = { name: 'S', startYear: 2025, members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1980, sex: 'MALE' }] };
    const scenarioId = (await api.post(`/households/${home}/scenarios`, scenario, { token })).body.id as string;
    // A delete that stopped after marking the household: it is gone for readers and writers...
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk: `R#realm-a#H#${home}`, sk: 'H' },
      UpdateExpression: 'SET deletingAt = :now',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    });
    expect((await api.get(`/households/${home}`, { token })).status).toBe(404);
    expect((await api.get(`/households/${home}/scenarios/${scenarioId}`, { token })).status).toBe(404);
    expect((await api.post(`/households/${home}/scenarios`, scenario, { token })).status).toBe(404);
    expect((await api.get('/households', { token })).body.page.totalElements).toBe(0);
    // ...and repeating the delete finishes it.
    expect((await api.delete(`/households/${home}`, { token })).status).toBe(204);
    expect((await api.delete(`/households/${home}`, { token })).status).toBe(404);
  });

  it('keeps data across a restart on the same data directory', async () => {
    const token = await server.issuer.userToken('realm-a', 'erin');
    const id = (await api.post('/households', { name: 'Persistent', currency: 'JPY' }, { token })).body.id as string;
    await server.close();
    server = await startTestServer({ dataDir });
    api = new ApiClient(server.url, validator);
    const again = await server.issuer.userToken('realm-a', 'erin');
    const read = await api.get(`/households/${id}`, { token: again });
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Persistent');
  });
});
