/**
 * The local runtime's front door: its data directory is private, its issuer and links never
 * follow the Host header, and what Node's HTTP parser refuses still gets the error shape.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealm } from '../../shared/identity/registration.js';
import { identityStore } from '../../shared/store/identity/process-store.js';
import { startTestServer, type TestServer } from '../support/server.js';

const parent = mkdtempSync(join(tmpdir(), 'hs-runtime-'));
const dataDir = join(parent, 'not-yet', 'data');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ dataDir });
  await createRealm(identityStore(), 'realm-a');
});
afterAll(async () => {
  await server?.close();
  rmSync(parent, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes bytes no HTTP client library would send. */
function sendRaw(bytes: string): Promise<string> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const errorShape = { status: expect.any(String), message: expect.any(String), errors: [] };

describe('the local data directory', () => {
  it('is created readable by its owner only', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});

describe('the Host header', () => {
  it('does not move the issuer, the login form or the links', async () => {
    const discovery = await send('GET', '/realms/realm-a/.well-known/openid-configuration', { Host: 'evil.example' });
    expect(discovery.status).toBe(200);
    const document = JSON.parse(discovery.body) as Record<string, string>;
    expect(document.issuer).toBe(`${server.url}/realms/realm-a`);
    expect(document.authorization_endpoint.startsWith(server.url)).toBe(true);

    const token = await server.issuer.userToken('realm-a', 'alice');
    const created = await send(
      'POST',
      '/households',
      { Host: 'evil.example', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      JSON.stringify({ name: 'H', currency: 'EUR' }),
    );
    expect(created.status).toBe(201);
    expect(String(created.headers.location).startsWith(`${server.url}/households/`)).toBe(true);
  });

  it('does not make a token of that host acceptable', async () => {
    const token = await server.issuer.userToken('realm-a', 'alice', { issuerBase: 'http://evil.example' });
    const response = await send('GET', '/households', { Host: 'evil.example', Authorization: `Bearer ${token}` });
    expect(response.status).toBe(401);
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers headers that are too large with 431 and the error shape', async () => {
    const response = await send('GET', '/households', { Authorization: `Bearer ${'a'.repeat(20 * 1024)}` });
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(JSON.parse(response.body)).toEqual({ ...errorShape, status: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
  });

  it('answers a header with a bare CR with 400 and the error shape', async () => {
    const raw = await sendRaw('GET /health HTTP/1.1\r\nHost: x\r\nX-Note: a\rb\r\n\r\n');
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json;charset=UTF-8/i);
    expect(JSON.parse(body)).toEqual({ ...errorShape, status: 'BAD_REQUEST' });
  });
});
