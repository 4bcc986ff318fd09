/**
 * Text in request bodies: NUL and other control characters, bidirectional overrides, lone
 * surrogates and invalid UTF-8 are refused with a 400 naming the field; ordinary text (accents,
 * emoji, newlines) is kept as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let api: ApiClient;
let alice: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
  alice = await server.issuer.userToken('realm-a', 'alice');
});
afterAll(() => server?.close());

/** The body as raw JSON text, so that escapes such as \ud800 reach the server as written. */
const postRaw = (path: string, json: string | Buffer) =>
  api.request('POST', path, { token: alice, rawBody: json, contentType: 'application/json' });

describe('text in bodies', () => {
  it.each([
    ['NUL', '"a\\u0000b"'],
    ['a control character', '"a\\u0007b"'],
    ['a right-to-left override', '"\\u202Egnp.exe"'],
    ['a bidi isolate', '"a\\u2066b"'],
    ['a lone high surrogate', '"\\ud800"'],
    ['a lone low surrogate', '"x\\udc00"'],
  ])('refuses %s with 400 naming the field', async (_what, name) => {
    const response = await postRaw('/households', `{"name":${name},"currency":"EUR"}`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'name', message: expect.stringMatching(/character/) }]);
  });

  it('refuses invalid UTF-8, naming the field it is in', async () => {
    const body = Buffer.concat([Buffer.from('{"currency":"EUR","name":"ab'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const response = await postRaw('/households', body);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'name', message: 'is not valid UTF-8' }]);
  });

  it('names nested fields and object keys', async () => {
    const households = await postRaw('/households', '{"name":"ok","currency":"EUR","externalReference":"\\u0000"}');
    expect(households.body.errors).toEqual([{ field: 'externalReference', message: expect.any(String) }]);
    const id = (await api.post('/households', { name: 'Text', currency: 'EUR' }, { token: alice })).body.id as string;
    const scenario = await postRaw(`/households/${id}/scenarios`, '{"name":"s","members":[{"id":"m1","name":"\\u202E"}]}');
    expect(scenario.status).toBe(400);
    expect(scenario.body.errors).toEqual([{ field: 'members[0].name', message: expect.any(String) }]);
    const key = await postRaw('/households', '{"name":"ok","currency":"EUR","a\\u0000":1}');
    expect(key.status).toBe(400);
    expect(key.body.errors[0].field).toBe('a\\u0000');
  });

  it('keeps accents, emoji, tabs and newlines', async () => {
    const name = 'Müller–Łukasz 👪\n\tfamily';
    const created = await api.post('/households', { name, currency: 'EUR' }, { token: alice });
    expect(created.status).toBe(201);
    expect((await api.get(`/households/${created.body.id}`, { token: alice })).body.name).toBe(name);
  });
});
