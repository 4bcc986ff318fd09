/**
 * Households over real HTTP against the local runtime and dynalite: every method, versions,
 * access rules, paging and bad input. Every response is checked against the OpenAPI document.
 */
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { startTestServer } from '../support/server.js';
import type { TestServer } from '../support/server.js';

let server: TestServer;
let api: ApiClient;
let alice: string;
let bob: string;
let service: string;
let otherRealmService: string;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url, await ResponseValidator.load(server.url));
  alice = await server.issuer.userToken('realm-a', 'alice');
  bob = await server.issuer.userToken('realm-a', 'bob');
  service = await server.issuer.serviceToken('realm-a');
  otherRealmService = await server.issuer.serviceToken('realm-b');
});

afterAll(async () => {
  await server?.close();
});

describe('household lifecycle', () => {
  it('creates, reads, checks, replaces, patches and deletes with versions', async () => {
    const created = await api.post('/households', { name: 'Smith family', currency: 'EUR', externalReference: 'crm-1' }, { token: alice });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(created.body).toMatchObject({ name: 'Smith family', currency: 'EUR', externalReference: 'crm-1', ownerId: 'alice', version: 1 });
    expect(created.headers.get('location')).toBe(`${server.url}/households/${id}`);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.headers.get('content-type')).toBe('application/json;charset=UTF-8');

    const read = await api.get(`/households/${id}`, { token: alice });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect(read.headers.get('etag')).toBe('"1"');

    const head = await api.head(`/households/${id}`, { token: alice });
    expect(head.status).toBe(204);
    expect(head.text).toBe('');
    const headMissing = await api.head('/households/01ARZ3NDEKTSV4RRFFQ69G5FAV', { token: alice });
    expect(headMissing.status).toBe(404);
    expect(headMissing.text).toBe('');

    const replaced = await api.put(`/households/${id}`, { name: 'Smith household', currency: 'GBP' }, { token: alice, headers: { 'If-Match': '"1"' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: 'Smith household', currency: 'GBP', version: 2, createdAt: created.body.createdAt });
    expect(replaced.body.externalReference).toBeUndefined();
    expect(replaced.headers.get('etag')).toBe('"2"');

    const staleIfMatch = await api.put(`/households/${id}`, { name: 'Lost', currency: 'GBP' }, { token: alice, headers: { 'If-Match': '"1"' } });
    expect(staleIfMatch.status).toBe(412);
    expect(staleIfMatch.body.status).toBe('PRECONDITION_FAILED');
    const staleBody = await api.put(`/households/${id}`, { name: 'Lost', currency: 'GBP', version: 1 }, { token: alice });
    expect(staleBody.status).toBe(409);
    expect(staleBody.body).toMatchObject({ status: 'CONFLICT', errors: [{ field: 'version' }] });

    // A client may PUT back what it read.
    const echoed = await api.put(`/households/${id}`, { ...replaced.body, name: 'Echoed' }, { token: alice });
    expect(echoed.status).toBe(200);
    expect(echoed.body.version).toBe(3);

    const patched = await api.patch(`/households/${id}`, { externalReference: 'crm-9' }, { token: alice });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Echoed', externalReference: 'crm-9', version: 4 });
    const removed = await api.patch(`/households/${id}`, { externalReference: null }, { token: alice, contentType: 'application/json' });
    expect(removed.status).toBe(200);
    expect(removed.body.externalReference).toBeUndefined();
    const stalePatch = await api.patch(`/households/${id}`, { name: 'x', version: 2 }, { token: alice });
    expect(stalePatch.status).toBe(409);
    const badPatch = await api.patch(`/households/${id}`, { name: null, currency: 'XXY' }, { token: alice });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['currency', 'name']);

    expect((await api.delete(`/households/${id}`, { token: alice, headers: { 'If-Match': '"2"' } })).status).toBe(412);
    expect((await api.delete(`/households/${id}`, { token: alice, headers: { 'If-Match': '"5"' } })).status).toBe(204);
    expect((await api.get(`/households/${id}`, { token: alice })).status).toBe(404);
    expect((await api.delete(`/households/${id}`, { token: alice })).status).toBe(404);
  });
});

describe('access', () => {
  let householdId: string;
  beforeAll(async () => {
    householdId = (await api.post('/households', { name: 'Alice only', currency: 'USD' }, { token: alice })).body.id;
  });

  it('lets a user reach only its own households: 403 in the same realm', async () => {
    const forbidden = await api.get(`/households/${householdId}`, { token: bob });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.status).toBe('FORBIDDEN');
    expect((await api.put(`/households/${householdId}`, { name: 'Mine', currency: 'USD' }, { token: bob })).status).toBe(403);
    expect((await api.delete(`/households/${householdId}`, { token: bob })).status).toBe(403);
    const bobs = await api.get('/households', { token: bob });
    expect(bobs.body.content.map((h: { id: string }) => h.id)).not.toContain(householdId);
  });

  it('lets a service account reach every household of its realm, and nothing of another realm', async () => {
    expect((await api.get(`/households/${householdId}`, { token: service })).status).toBe(200);
    const all = await api.get('/households?size=100', { token: service });
    expect(all.body.content.map((h: { id: string }) => h.id)).toContain(householdId);
    const foreign = await api.get(`/households/${householdId}`, { token: otherRealmService });
    expect(foreign.status).toBe(404);
    expect((await api.head(`/households/${householdId}`, { token: otherRealmService })).status).toBe(404);
    expect((await api.delete(`/households/${householdId}`, { token: otherRealmService })).status).toBe(404);
  });

  it('makes a realm administrator name the owner, and keeps users to themselves', async () => {
    const missingOwner = await api.post('/households', { name: 'No owner', currency: 'USD' }, { token: service });
    expect(missingOwner.status).toBe(400);
    expect(missingOwner.body.errors).toEqual([{ field: 'ownerId', message: expect.any(String) }]);
    const registered = await api.post('/users', { username: 'bob', password: 'bob-password-1', email: 'bob@example.com' }, { token: service });
    const forBob = await api.post('/households', { name: 'For Bob', currency: 'USD', ownerId: registered.body.id }, { token: service });
    expect(forBob.status).toBe(201);
    const bobById = await server.issuer.userToken('realm-a', registered.body.id);
    expect((await api.get(`/households/${forBob.body.id}`, { token: bobById })).status).toBe(200);
    const impersonating = await api.post('/households', { name: 'Not mine', currency: 'USD', ownerId: 'alice' }, { token: bob });
    expect(impersonating.status).toBe(400);
    expect(impersonating.body.errors[0].field).toBe('ownerId');
  });

  it('answers 401 with a Bearer challenge for missing, malformed, expired, forged and foreign tokens', async () => {
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const cases: [string, Record<string, string>][] = [
      ['missing', {}],
      ['not bearer', { Authorization: 'Basic YWxpY2U6c2VjcmV0' }],
      ['garbage', { Authorization: 'Bearer not.a.jwt' }],
      ['expired', { Authorization: `Bearer ${await server.issuer.userToken('realm-a', 'alice', { expiresIn: -120 })}` }],
      ['forged', { Authorization: `Bearer ${await server.issuer.userToken('realm-a', 'alice', { signWith: otherKey })}` }],
      ['unknown realm', { Authorization: `Bearer ${await server.issuer.userToken('realm-z', 'alice')}` }],
      ['other issuer', { Authorization: `Bearer ${await server.issuer.userToken('realm-a', 'alice', { issuerBase: 'https://elsewhere.example' })}` }],
    ];
    for (const [name, headers] of cases) {
      const response = await api.get('/households', { headers });
      expect(response.status, name).toBe(401);
      expect(response.body.status, name).toBe('UNAUTHORIZED');
      expect(response.headers.get('www-authenticate'), name).toMatch(/^Bearer/);
    }
  });
});

describe('paging', () => {
  const names = Array.from({ length: 57 }, (_, i) => `Household ${String((i * 37) % 57).padStart(2, '0')}`);
  const created: { id: string; name: string; createdAt: string }[] = [];
  let carol: string;

  beforeAll(async () => {
    carol = await server.issuer.userToken('realm-b', 'carol');
    for (const name of names) {
      const response = await api.post('/households', { name, currency: 'CHF' }, { token: carol });
      created.push(response.body);
    }
  });

  const byName = () => [...created].sort((a, b) => (a.name < b.name ? -1 : 1)).map((h) => h.id);

  it.each([
    [10, 'name,asc', () => byName()],
    [20, 'name,desc', () => byName().reverse()],
    [25, 'createdAt,desc', () => created.map((h) => h.id).reverse()],
    [100, 'updatedAt,asc', () => created.map((h) => h.id)],
  ])('pages 57 households by %i sorted %s', async (size, sort, expectedOrder) => {
    const expected = expectedOrder();
    const totalPages = Math.ceil(57 / size);
    const seen: string[] = [];
    for (let page = 0; page < totalPages; page++) {
      const response = await api.get(`/households?page=${page}&size=${size}&sort=${sort}`, { token: carol });
      expect(response.status).toBe(200);
      expect(response.body.page).toEqual({ number: page, size, totalElements: 57, totalPages });
      expect(response.body.content).toHaveLength(page < totalPages - 1 ? size : 57 - size * (totalPages - 1));
      seen.push(...response.body.content.map((h: { id: string }) => h.id));
      const links = response.body.links as Record<string, string>;
      expect(Object.keys(links).sort()).toEqual(
        ['self', 'first', 'last', ...(page > 0 ? ['prev'] : []), ...(page < totalPages - 1 ? ['next'] : [])].sort(),
      );
      expect(new URL(links.self).searchParams.get('page')).toBe(String(page));
      expect(new URL(links.last).searchParams.get('page')).toBe(String(totalPages - 1));
      if (links.next) expect(new URL(links.next).searchParams.get('page')).toBe(String(page + 1));
      if (links.next) expect(new URL(links.next).searchParams.get('sort')).toBe(sort);
      const header = response.headers.get('link') ?? '';
      for (const [rel, url] of Object.entries(links)) expect(header).toContain(`<${url}>; rel="${rel}"`);
    }
    expect(seen).toEqual(expected);
  });

  it('follows next links to the end with the default size', async () => {
    let url: string | undefined = `/households`;
    const seen: string[] = [];
    while (url) {
      const response: { body: any } = await api.get(url, { token: carol });
      expect(response.body.page.size).toBe(20);
      seen.push(...response.body.content.map((h: { id: string }) => h.id));
      url = response.body.links.next ? new URL(response.body.links.next).pathname + new URL(response.body.links.next).search : undefined;
    }
    expect(seen).toEqual(created.map((h) => h.id));
  });

  it('sorts by several properties and answers an empty page past the end', async () => {
    const response = await api.get('/households?sort=currency,asc&size=5', { token: carol });
    expect(response.status).toBe(400);
    const multi = await api.get('/households?sort=name,desc&sort=createdAt,asc&size=3', { token: carol });
    expect(multi.body.content.map((h: { id: string }) => h.id)).toEqual(byName().reverse().slice(0, 3));
    const beyond = await api.get('/households?page=9&size=10', { token: carol });
    expect(beyond.status).toBe(200);
    expect(beyond.body.content).toEqual([]);
    expect(beyond.body.page.totalElements).toBe(57);
  });
});

describe('bad input', () => {
  const post = (options: Parameters<ApiClient['request']>[2]) => api.request('POST', '/households', { token: alice, ...options });

  it.each([
    ['malformed JSON', { rawBody: '{"name": "x",', contentType: 'application/json' }, 400, undefined],
    ['wrong content type', { rawBody: 'name=x', contentType: 'text/plain' }, 415, undefined],
    ['form body', { rawBody: 'name=x', contentType: 'application/x-www-form-urlencoded' }, 415, undefined],
    ['non-UTF-8 charset', { rawBody: '{}', contentType: 'application/json; charset=ISO-8859-1' }, 415, undefined],
    ['empty body', { rawBody: '', contentType: 'application/json' }, 400, undefined],
    ['body over 1 MiB', { body: { name: 'x'.repeat(1024 * 1024 + 10), currency: 'EUR' } }, 413, undefined],
    ['wrong type', { body: { name: 42, currency: 'EUR' } }, 400, [{ field: 'name', message: 'must be of type string' }]],
    ['null', { body: { name: 'x', currency: null } }, 400, [{ field: 'currency', message: 'must not be null' }]],
    ['missing', { body: { currency: 'EUR' } }, 400, [{ field: 'name', message: 'is required' }]],
    ['unknown field', { body: { name: 'x', currency: 'EUR', colour: 'red' } }, 400, [{ field: 'colour', message: 'unknown field' }]],
    ['unknown currency', { body: { name: 'x', currency: 'EURO' } }, 400, [{ field: 'currency', message: expect.stringContaining('ISO 4217') }]],
    ['array body', { body: [1, 2] }, 400, undefined],
    ['deep document', { rawBody: `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`, contentType: 'application/json' }, 400, undefined],
    ['huge document', { body: { name: 'x', currency: 'EUR', externalReference: Array.from({ length: 150_000 }, () => 0) } }, 400, undefined],
  ])('%s', async (_name, options, status, errors) => {
    const response = await post(options as Parameters<ApiClient['request']>[2]);
    expect(response.status).toBe(status);
    expect(response.body.errors).toBeInstanceOf(Array);
    if (errors) expect(response.body.errors).toEqual(errors);
  });

  it('lists every invalid field at once', async () => {
    const response = await post({ body: { name: '', currency: 7, extra: true } });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['currency', 'extra', 'name']);
  });

  it.each([
    ['sort=colour,asc', 'sort'],
    ['sort=name,sideways', 'sort'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['size=1000', 'size'],
    ['size=0', 'size'],
  ])('rejects the query %s', async (query, field) => {
    const response = await api.get(`/households?${query}`, { token: alice });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { field: string }) => e.field.replace(/\[\d+\]$/, ''))).toEqual([field]);
  });

  it('answers 405 with Allow on known paths and 404 on unknown ones', async () => {
    const notAllowed = await api.request('DELETE', '/households', { token: alice });
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.body.status).toBe('METHOD_NOT_ALLOWED');
    expect(notAllowed.headers.get('allow')).toBe('GET, POST');
    const unknown = await api.get('/nowhere', { token: alice });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'NOT_FOUND', errors: [] });
  });
});
