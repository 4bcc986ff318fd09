/**
 * What API developers expect of the service, over real HTTP against the local runtime:
 * Idempotency-Key on creating POSTs, If-None-Match answered with 304, compressed large bodies,
 * outputs as CSV, JSON Patch next to merge patch, and Retry-After on every 429 and 503.
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError, TooManyRequestsError } from '../../shared/domain/errors.js';
import { route } from '../../shared/http/stack.js';
import type { ApiEvent } from '../../shared/http/request.js';
import { ApiClient } from '../support/http.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { retireeScenario } from '../e2e/runs/scenarios.js';

let server: TestServer;
let api: ApiClient;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url, await ResponseValidator.load(server.url));
  token = await server.issuer.userToken('realm-a', 'ada');
});

afterAll(async () => {
  await server?.close();
});

/** A raw GET that leaves the body as sent (fetch would decode it). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function household(name = 'Conventions'): Promise<string> {
  const created = await api.post('/households', { name, currency: 'EUR' }, { token });
  expect(created.status).toBe(201);
  return created.body.id;
}

describe('Idempotency-Key on creating POSTs', () => {
  it('answers a retry with the first response, and refuses the key with another body', async () => {
    const key = `create-${Date.now()}`;
    const body = { name: 'Once only', currency: 'EUR' };
    const first = await api.post('/households', body, { token, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api.post('/households', body, { token, headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await api.post('/households', { ...body, name: 'Another' }, { token, headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
    const list = await api.get('/households?size=100', { token });
    expect(list.body.content.filter((h: { name: string }) => h.name === 'Once only')).toHaveLength(1);
    // Another caller's key is their own.
    const bob = await server.issuer.userToken('realm-a', 'bob');
    const bobs = await api.post('/households', body, { token: bob, headers: { 'Idempotency-Key': key } });
    expect(bobs.status).toBe(201);
    expect(bobs.body.id).not.toBe(first.body.id);
    // Without a key, every POST creates.
    const a = await api.post('/households', body, { token });
    const b = await api.post('/households', body, { token });
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('lets a key be used again after a request that failed, and checks the key', async () => {
    const key = `failed-${Date.now()}`;
    const bad = await api.post('/households', { name: 'No currency' }, { token, headers: { 'Idempotency-Key': key } });
    expect(bad.status).toBe(400);
    const good = await api.post('/households', { name: 'No currency', currency: 'USD' }, { token, headers: { 'Idempotency-Key': key } });
    expect(good.status).toBe(201);
    const invalid = await api.post('/households', { name: 'x', currency: 'USD' }, { token, headers: { 'Idempotency-Key': 'has space' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].field).toBe('Idempotency-Key');
  });

  it('covers the scenario and simulation creates too', async () => {
    const id = await household();
    const scenario = retireeScenario(65, 10);
    const headers = { 'Idempotency-Key': `scenario-${id}` };
    const first = await api.post(`/households/${id}/scenarios`, scenario, { token, headers });
    const again = await api.post(`/households/${id}/scenarios`, scenario, { token, headers });
    expect(again.body.id).toBe(first.body.id);
    const runHeaders = { 'Idempotency-Key': `run-${id}` };
    const run = await api.post(
      `/households/${id}/scenarios/${first.body.id}/simulations`,
      { paths: 200, seed: 1 },
      { token, headers: runHeaders },
    );
    const rerun = await api.post(
      `/households/${id}/scenarios/${first.body.id}/simulations`,
      { paths: 200, seed: 1 },
      { token, headers: runHeaders },
    );
    expect(run.status).toBe(201);
    expect(rerun.body.id).toBe(run.body.id);
    const list = await api.get(`/households/${id}/scenarios/${first.body.id}/simulations`, { token });
    expect(list.body.page.totalElements).toBe(1);
  });
});

describe('If-None-Match on GETs', () => {
  it('answers 304 without a body while the ETag matches, and 200 once the resource changed', async () => {
    const id = await household('Cached');
    const read = await api.get(`/households/${id}`, { token });
    expect(read.headers.get('etag')).toBe('"1"');
    const same = await fetch(`${server.url}/households/${id}`, { headers: { Authorization: `Bearer ${token}`, 'If-None-Match': '"1"' } });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    expect(same.headers.get('etag')).toBe('"1"');
    expect(
      (await fetch(`${server.url}/households/${id}`, { headers: { Authorization: `Bearer ${token}`, 'If-None-Match': 'W/"1", "7"' } }))
        .status,
    ).toBe(304);
    await api.patch(`/households/${id}`, { name: 'Changed' }, { token });
    const changed = await fetch(`${server.url}/households/${id}`, {
      headers: { Authorization: `Bearer ${token}`, 'If-None-Match': '"1"' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe('"2"');
  });

  it('gives lists a content ETag that changes with the content', async () => {
    const list = await api.get('/households', { token });
    const etag = list.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const same = await fetch(`${server.url}/households`, { headers: { Authorization: `Bearer ${token}`, 'If-None-Match': etag } });
    expect(same.status).toBe(304);
    await household('One more');
    const after = await fetch(`${server.url}/households`, { headers: { Authorization: `Bearer ${token}`, 'If-None-Match': etag } });
    expect(after.status).toBe(200);
  });
});

describe('outputs: compression and CSV', () => {
  let outputPath: string;
  let json: Record<string, any>;

  beforeAll(async () => {
    const id = await household('Output');
    const scenario = await api.post(`/households/${id}/scenarios`, retireeScenario(65, 40), { token });
    const run = await api.post(`/households/${id}/scenarios/${scenario.body.id}/simulations`, { paths: 500, seed: 3 }, { token });
    expect(run.body.status).toBe('COMPLETED');
    outputPath = `/households/${id}/scenarios/${scenario.body.id}/simulations/${run.body.id}/output`;
    json = (await api.get(outputPath, { token })).body;
  });

  it('compresses a large body with gzip or brotli as Accept-Encoding asks, and leaves it alone otherwise', async () => {
    const plain = await rawGet(outputPath, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(100_000);
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const gzip = await rawGet(outputPath, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(json);
    const br = await rawGet(outputPath, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);
    const refused = await rawGet(outputPath, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Small bodies are not worth it.
    const small = await rawGet('/health', { 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('exports the time series as CSV: one row per year and metric', async () => {
    const response = await fetch(`${server.url}${outputPath}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv;charset=UTF-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="simulation-\w+\.csv"$/);
    expect(response.headers.get('etag')).toMatch(/-csv"$/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('year,calendarYear,metric,view,value,p5,p10,p25,p50,p75,p90,p95,mean');
    const rows = lines.slice(1).map((line) => line.split(','));
    const years = json.timeSeries.length;
    const netWorthReal = rows.filter((r) => r[2] === 'netWorth' && r[3] === 'real');
    expect(netWorthReal).toHaveLength(years);
    const year3 = json.timeSeries[3];
    const row3 = netWorthReal.find((r) => r[0] === '3')!;
    expect(Number(row3[1])).toBe(year3.calendarYear);
    expect(Number(row3[8])).toBe(year3.netWorth.real.p50);
    expect(Number(row3[12])).toBe(year3.netWorth.real.mean);
    const depleted = rows.filter((r) => r[2] === 'depleted');
    expect(depleted).toHaveLength(years);
    expect(Number(depleted[5][4])).toBe(json.timeSeries[5].depleted);
    expect(rows.some((r) => r[2] === 'members.pat.alive')).toBe(true);
    // Each (year, metric, view) once.
    expect(new Set(rows.map((r) => `${r[0]} ${r[2]} ${r[3]}`)).size).toBe(rows.length);
  });
});

describe('PATCH: JSON Patch (RFC 6902) beside merge patch', () => {
  it('changes one member without resending the members array', async () => {
    const id = await household('Patched');
    const scenario = {
      ...retireeScenario(65, 10),
      members: [
        { id: 'pat', role: 'PRIMARY', birthYear: 1965, sex: 'FEMALE', retirementAge: 65 },
        { id: 'sam', role: 'PARTNER', birthYear: 1966, sex: 'MALE', retirementAge: 66 },
      ],
    };
    const created = await api.post(`/households/${id}/scenarios`, scenario, { token });
    expect(created.status).toBe(201);
    const path = `/households/${id}/scenarios/${created.body.id}`;
    const patched = await api.patch(
      path,
      [
        { op: 'test', path: '/members/0/id', value: 'pat' },
        { op: 'replace', path: '/members/0/retirementAge', value: 67 },
      ],
      { token, contentType: 'application/json-patch+json' },
    );
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.version).toBe(2);
    expect(patched.body.members.map((m: { id: string; retirementAge: number }) => [m.id, m.retirementAge])).toEqual([
      ['pat', 67],
      ['sam', 66],
    ]);
    expect(patched.body.incomes).toEqual(created.body.incomes);

    const failedTest = await api.patch(
      path,
      [
        { op: 'test', path: '/members/0/retirementAge', value: 65 },
        { op: 'remove', path: '/members/1' },
      ],
      {
        token,
        contentType: 'application/json-patch+json',
      },
    );
    expect(failedTest.status).toBe(409);
    expect(failedTest.body.errors[0].field).toBe('[0]');
    const missing = await api.patch(path, [{ op: 'replace', path: '/members/5/retirementAge', value: 60 }], {
      token,
      contentType: 'application/json-patch+json',
    });
    expect(missing.status).toBe(422);
    const badOp = await api.patch(path, [{ op: 'frobnicate', path: '/name' }], { token, contentType: 'application/json-patch+json' });
    expect(badOp.status).toBe(400);
    const objectAsJsonPatch = await api.patch(path, { name: 'x' }, { token, contentType: 'application/json-patch+json' });
    expect(objectAsJsonPatch.status).toBe(400);
    const arrayAsMerge = await api.patch(path, [{ op: 'remove', path: '/name' }], { token });
    expect(arrayAsMerge.status).toBe(400);
    const invalidResult = await api.patch(path, [{ op: 'replace', path: '/members/0/retirementAge', value: 'late' }], {
      token,
      contentType: 'application/json-patch+json',
    });
    expect(invalidResult.status).toBe(400);
    expect((await api.get(path, { token })).body.version).toBe(2);

    // A merge patch still replaces the array whole.
    const merged = await api.patch(path, { members: [{ id: 'pat', role: 'PRIMARY', birthYear: 1965, sex: 'FEMALE' }] }, { token });
    expect(merged.status).toBe(200);
    expect(merged.body.members).toHaveLength(1);
  });

  it('patches a household too', async () => {
    const id = await household('Before');
    const patched = await api.patch(
      `/households/${id}`,
      [
        { op: 'replace', path: '/name', value: 'After' },
        { op: 'add', path: '/externalReference', value: 'crm-9' },
      ],
      {
        token,
        contentType: 'application/json-patch+json',
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'After', externalReference: 'crm-9', currency: 'EUR', version: 2 });
  });
});

describe('Retry-After on every 429 and 503', () => {
  const event = (): ApiEvent =>
    ({
      version: '2.0',
      routeKey: 'GET /x',
      rawPath: '/x',
      rawQueryString: '',
      headers: {},
      isBase64Encoded: false,
      requestContext: { requestId: 'r', domainName: 'localhost', http: { method: 'GET', path: '/x' } },
    }) as unknown as ApiEvent;
  const answer = (fn: () => Promise<never> | Promise<{ status: number }>) =>
    route({ summary: 'test', auth: false, responses: { 200: { description: 'ok' } } }, fn as never)(event(), {} as never);

  it('from a quota, a busy dependency, a throttled store, and a handler that answered 429 itself', async () => {
    // The 503s below are logged as failed requests; this test expects them.
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'silent';
    try {
      const quota = await answer(async () => {
        throw new TooManyRequestsError('slow down', 30);
      });
      expect(quota.statusCode).toBe(429);
      expect(quota.headers?.['Retry-After']).toBe('30');
      const busy = await answer(async () => {
        throw new ServiceUnavailableError('busy');
      });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers?.['Retry-After']).toBe('1');
      const throttled = await answer(async () => {
        throw Object.assign(new Error('rate exceeded'), { name: 'ThrottlingException' });
      });
      expect(throttled.statusCode).toBe(503);
      expect(throttled.headers?.['Retry-After']).toBe('1');
      const own = await answer(async () => ({ status: 429 }));
      expect(own.headers?.['Retry-After']).toBe('5');
      const fine = await answer(async () => ({ status: 200 }));
      expect(fine.headers?.['Retry-After']).toBeUndefined();
    } finally {
      process.env.LOG_LEVEL = level;
    }
  });
});
