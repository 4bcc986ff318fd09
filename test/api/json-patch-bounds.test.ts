/**
 * A JSON Patch whose result would be huge (copies of the root, or of a value into itself, doubling
 * the document at every operation) is refused at once with a 4xx, and the server keeps answering
 * everyone else meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let api: ApiClient;
let token: string;
let otherToken: string;
let otherHousehold: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url, await ResponseValidator.load(server.url));
  token = await server.issuer.userToken('realm-a', 'ada');
  otherToken = await server.issuer.userToken('realm-b', 'bea');
  const other = await api.post('/households', { name: 'Elsewhere', currency: 'EUR' }, { token: otherToken });
  otherHousehold = other.body.id;
});

afterAll(async () => {
  await server?.close();
});

async function household(): Promise<string> {
  const created = await api.post('/households', { name: 'Target', currency: 'EUR' }, { token });
  expect(created.status).toBe(201);
  return created.body.id;
}

/**
 * Sends the patch while /health and another realm's household are read every 25 ms; returns the
 * patch's response, how long it took, and the slowest of the other reads.
 */
async function patchUnderWatch(id: string, body: string) {
  let watching = true;
  let slowest = 0;
  const watchers = [
    () => fetch(`${server.url}/health`),
    () => fetch(`${server.url}/households/${otherHousehold}`, { headers: { Authorization: `Bearer ${otherToken}` } }),
  ].map(async (read) => {
    while (watching) {
      const started = performance.now();
      const response = await read();
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
  const started = performance.now();
  const response = await api.request('PATCH', `/households/${id}`, {
    token,
    rawBody: body,
    contentType: 'application/json-patch+json',
  });
  const elapsedMs = performance.now() - started;
  watching = false;
  await Promise.all(watchers);
  return { response, elapsedMs, slowest };
}

describe('JSON Patch bounds', () => {
  it('refuses 22 copies of the root (an 830-byte body) within a second', async () => {
    const id = await household();
    const operations = Array.from({ length: 22 }, (_, i) => ({ op: 'copy', from: '', path: `/cp${i}` }));
    const body = JSON.stringify(operations);
    expect(body.length).toBeGreaterThanOrEqual(830);
    expect(body.length).toBeLessThan(900);
    const { response, elapsedMs, slowest } = await patchUnderWatch(id, body);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ field: '[0].from', message: expect.stringMatching(/root/) });
    expect(elapsedMs).toBeLessThan(1000);
    expect(slowest).toBeLessThan(500);
    expect((await api.get(`/households/${id}`, { token })).body.version).toBe(1);
  });

  it('refuses a copy into the value it copies from', async () => {
    const id = await household();
    const response = await api.patch(
      `/households/${id}`,
      [
        { op: 'add', path: '/x', value: { y: [1, 2] } },
        { op: 'copy', from: '/x', path: '/x/y/-' },
      ],
      { token, contentType: 'application/json-patch+json' },
    );
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toEqual({ field: '[1].from', message: expect.stringMatching(/inside/) });
  });

  it('refuses 12 larger operations (a 150 KB body) within a second', async () => {
    const id = await household();
    const padding = 'p'.repeat(145_000);
    const operations = [
      { op: 'add', path: '/padding', value: padding },
      ...Array.from({ length: 11 }, (_, i) => ({ op: 'copy', from: '', path: `/c${i}` })),
    ];
    const body = JSON.stringify(operations);
    expect(body.length).toBeGreaterThan(145_000);
    const { response, elapsedMs, slowest } = await patchUnderWatch(id, body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(elapsedMs).toBeLessThan(1000);
    expect(slowest).toBeLessThan(500);
  });

  it('refuses copies that grow the document without copying an ancestor, once it would pass the size limit', async () => {
    const id = await household();
    // Each pair of copies puts one value inside the other: the document grows as a Fibonacci sequence.
    const operations: unknown[] = [
      { op: 'add', path: '/x', value: { v: 'q'.repeat(20_000) } },
      { op: 'add', path: '/y', value: {} },
    ];
    for (let i = 0; i < 60; i++) {
      operations.push({ op: 'copy', from: '/x', path: `/y/x${i}` }, { op: 'copy', from: '/y', path: `/x/y${i}` });
    }
    const { response, elapsedMs, slowest } = await patchUnderWatch(id, JSON.stringify(operations));
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/patched document/);
    expect(elapsedMs).toBeLessThan(1000);
    expect(slowest).toBeLessThan(500);
  });

  it('still applies copies and moves within the limits', async () => {
    const id = await household();
    const response = await api.patch(
      `/households/${id}`,
      [
        { op: 'add', path: '/x', value: 'crm-1' },
        { op: 'copy', from: '/name', path: '/externalReference' },
        { op: 'move', from: '/x', path: '/name' },
      ],
      { token, contentType: 'application/json-patch+json' },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ name: 'crm-1', externalReference: 'Target', version: 2 });
  });
});
