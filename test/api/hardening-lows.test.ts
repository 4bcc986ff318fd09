/**
 * Small holes a probe found: each is a clear 4xx (or a preflight that allows the headers the API
 * reads), never a 500 or a connection held open.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let api: ApiClient;
let token: string;

beforeAll(async () => {
  process.env.LOCAL_REQUEST_TIMEOUT_MS = '1000';
  server = await startTestServer();
  delete process.env.LOCAL_REQUEST_TIMEOUT_MS;
  api = new ApiClient(server.url);
  token = await server.issuer.userToken('realm-a', 'ada');
});
afterAll(() => server?.close());

/** Writes `bytes` and resolves with what the server answered, and after how long. */
function raw(bytes: string): Promise<{ text: string; ms: number }> {
  const url = new URL(server.url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.on('error', reject);
  });
}

describe('the lows', () => {
  it('refuses a number the store cannot hold with 400 naming the field', async () => {
    const household = await api.post('/households', { name: 'Tiny', currency: 'EUR', externalReference: 'x' }, { token });
    const response = await api.request('PUT', `/households/${household.body.id}`, {
      token,
      rawBody: '{"name":"Tiny","currency":"EUR","version":1e-131}',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'version', message: expect.stringMatching(/1e-130/) }]);
  });

  it('refuses a JSON Patch path through __proto__ with 400', async () => {
    const household = await api.post('/households', { name: 'Proto', currency: 'EUR' }, { token });
    const response = await api.patch(`/households/${household.body.id}`, [{ op: 'add', path: '/__proto__/polluted', value: 1 }], {
      token,
      contentType: 'application/json-patch+json',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].field).toBe('[0].path');
  });

  it('allows Idempotency-Key and If-None-Match in the CORS preflight', async () => {
    const response = await api.request('OPTIONS', '/households', {
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of ['idempotency-key', 'if-none-match', 'if-match', 'authorization']) expect(allowed).toContain(name);
  });

  it('refuses a repeated state on GET .../auth', async () => {
    const response = await fetch(
      `${server.url}/realms/realm-a/protocol/openid-connect/auth?client_id=c&response_type=code&state=a&state=b`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('state is repeated');
  });

  it('answers a request whose body never arrives with 408 once the request timeout passes', async () => {
    const { text, ms } = await raw(
      `POST /households HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{"na',
    );
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(5_000);
  });

  it('refuses a Content-Length over 1 MiB before the body comes', async () => {
    const { text, ms } = await raw(
      `POST /households HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n',
    );
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(ms).toBeLessThan(900);
  });
});
