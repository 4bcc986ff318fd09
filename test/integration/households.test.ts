/**
 * Households over real HTTP against the local runtime and dynalite: every method, versions,
 * access rules, paging and bad input. Calls go through the typed client (one per caller); the few
 * requests the contract cannot express (raw bytes, undeclared methods and paths) go through the
 * untyped helper. Every response is checked against the OpenAPI document.
 */
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPaths } from '../../client/api-client.js';
import { ApiClient as UntypedClient } from '../support/http.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { startTestServer } from '../support/server.js';
import type { TestServer } from '../support/server.js';
import { invalid, sent, typedClient, type ApiClient } from '../support/typed-client.js';

type HouseholdCreate = ApiPaths['/households']['post']['requestBody']['content']['application/json'];
type ListQuery = NonNullable<ApiPaths['/households']['get']['parameters']['query']>;

let server: TestServer;
let validator: ResponseValidator;
let untyped: UntypedClient;
let alice: string;
let asAlice: ApiClient;
let asBob: ApiClient;
let asService: ApiClient;
let asOtherRealm: ApiClient;
/** No token of its own: a call passes its Authorization header, or none. */
let anonymous: ApiClient;

const as = (token: string) => typedClient(server.url, { validator, token: () => token });
const householdPath = '/households/{householdId}';
const inHousehold = (householdId: string) => ({ params: { path: { householdId } } });
const merge = { 'Content-Type': 'application/merge-patch+json' };

/** A list query written as a query string (a test's name, a `next` link) in the typed client's shape. */
function listQuery(search: string): ListQuery {
  const query: ListQuery = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === 'sort') (query.sort ??= []).push(value);
    else if (key === 'page' || key === 'size') query[key] = value;
    else throw new Error(`the list has no query parameter ${key}`);
  }
  return query;
}

beforeAll(async () => {
  server = await startTestServer();
  validator = await ResponseValidator.load(server.url);
  untyped = new UntypedClient(server.url, validator);
  alice = await server.issuer.userToken('realm-a', 'alice');
  asAlice = as(alice);
  asBob = as(await server.issuer.userToken('realm-a', 'bob'));
  asService = as(await server.issuer.serviceToken('realm-a'));
  asOtherRealm = as(await server.issuer.serviceToken('realm-b'));
  anonymous = typedClient(server.url, { validator });
});

afterAll(async () => {
  await server?.close();
});

describe('household lifecycle', () => {
  it('creates, reads, checks, replaces, patches and deletes with versions', async () => {
    const created = await sent(
      asAlice.POST('/households', { body: { name: 'Smith family', currency: 'EUR', externalReference: 'crm-1' } }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(created.body).toMatchObject({ name: 'Smith family', currency: 'EUR', externalReference: 'crm-1', ownerId: 'alice', version: 1 });
    expect(created.headers.get('location')).toBe(`${server.url}/households/${id}`);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.headers.get('content-type')).toBe('application/json;charset=UTF-8');

    const read = await sent(asAlice.GET(householdPath, inHousehold(id)));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect(read.headers.get('etag')).toBe('"1"');

    const head = await sent(asAlice.HEAD(householdPath, inHousehold(id)));
    expect(head.status).toBe(204);
    expect(head.text).toBe('');
    const headMissing = await sent(asAlice.HEAD(householdPath, inHousehold('01ARZ3NDEKTSV4RRFFQ69G5FAV')));
    expect(headMissing.status).toBe(404);
    expect(headMissing.text).toBe('');

    const replaced = await sent(
      asAlice.PUT(householdPath, {
        ...inHousehold(id),
        body: { name: 'Smith household', currency: 'GBP' },
        headers: { 'If-Match': '"1"' },
      }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: 'Smith household', currency: 'GBP', version: 2, createdAt: created.body.createdAt });
    expect(replaced.body.externalReference).toBeUndefined();
    expect(replaced.headers.get('etag')).toBe('"2"');

    const staleIfMatch = await sent(
      asAlice.PUT(householdPath, { ...inHousehold(id), body: { name: 'Lost', currency: 'GBP' }, headers: { 'If-Match': '"1"' } }),
    );
    expect(staleIfMatch.status).toBe(412);
    expect(staleIfMatch.body.status).toBe('PRECONDITION_FAILED');
    const staleBody = await sent(asAlice.PUT(householdPath, { ...inHousehold(id), body: { name: 'Lost', currency: 'GBP', version: 1 } }));
    expect(staleBody.status).toBe(409);
    expect(staleBody.body).toMatchObject({ status: 'CONFLICT', errors: [{ field: 'version' }] });

    // A client may PUT back what it read.
    const echoed = await sent(asAlice.PUT(householdPath, { ...inHousehold(id), body: { ...replaced.body, name: 'Echoed' } }));
    expect(echoed.status).toBe(200);
    expect(echoed.body.version).toBe(3);

    const patched = await sent(asAlice.PATCH(householdPath, { ...inHousehold(id), body: { externalReference: 'crm-9' }, headers: merge }));
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Echoed', externalReference: 'crm-9', version: 4 });
    const removed = await sent(
      asAlice.PATCH(householdPath, {
        ...inHousehold(id),
        body: { externalReference: null },
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(removed.status).toBe(200);
    expect(removed.body.externalReference).toBeUndefined();
    const stalePatch = await sent(asAlice.PATCH(householdPath, { ...inHousehold(id), body: { name: 'x', version: 2 }, headers: merge }));
    expect(stalePatch.status).toBe(409);
    const badPatch = await sent(
      asAlice.PATCH(householdPath, { ...inHousehold(id), body: { name: null, currency: 'XXY' }, headers: merge }),
    );
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['currency', 'name']);

    expect((await sent(asAlice.DELETE(householdPath, { ...inHousehold(id), headers: { 'If-Match': '"2"' } }))).status).toBe(412);
    expect((await sent(asAlice.DELETE(householdPath, { ...inHousehold(id), headers: { 'If-Match': '"5"' } }))).status).toBe(204);
    expect((await sent(asAlice.GET(householdPath, inHousehold(id)))).status).toBe(404);
    expect((await sent(asAlice.DELETE(householdPath, inHousehold(id)))).status).toBe(404);
  });
});

describe('access', () => {
  let householdId: string;
  beforeAll(async () => {
    householdId = (await sent(asAlice.POST('/households', { body: { name: 'Alice only', currency: 'USD' } }))).body.id;
  });

  it('lets a user reach only its own households: 403 in the same realm', async () => {
    const forbidden = await sent(asBob.GET(householdPath, inHousehold(householdId)));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.status).toBe('FORBIDDEN');
    expect((await sent(asBob.PUT(householdPath, { ...inHousehold(householdId), body: { name: 'Mine', currency: 'USD' } }))).status).toBe(
      403,
    );
    expect((await sent(asBob.DELETE(householdPath, inHousehold(householdId)))).status).toBe(403);
    const bobs = await sent(asBob.GET('/households'));
    expect(bobs.body.content.map((h: { id: string }) => h.id)).not.toContain(householdId);
  });

  it('lets a service account reach every household of its realm, and nothing of another realm', async () => {
    expect((await sent(asService.GET(householdPath, inHousehold(householdId)))).status).toBe(200);
    const all = await sent(asService.GET('/households', { params: { query: { size: '100' } } }));
    expect(all.body.content.map((h: { id: string }) => h.id)).toContain(householdId);
    const foreign = await sent(asOtherRealm.GET(householdPath, inHousehold(householdId)));
    expect(foreign.status).toBe(404);
    expect((await sent(asOtherRealm.HEAD(householdPath, inHousehold(householdId)))).status).toBe(404);
    expect((await sent(asOtherRealm.DELETE(householdPath, inHousehold(householdId)))).status).toBe(404);
  });

  it('makes a realm administrator name the owner, and keeps users to themselves', async () => {
    const missingOwner = await sent(asService.POST('/households', { body: { name: 'No owner', currency: 'USD' } }));
    expect(missingOwner.status).toBe(400);
    expect(missingOwner.body.errors).toEqual([{ field: 'ownerId', message: expect.any(String) }]);
    const registered = await sent(
      asService.POST('/users', { body: { username: 'bob', password: 'bob-password-1', email: 'bob@example.com' } }),
    );
    const forBob = await sent(asService.POST('/households', { body: { name: 'For Bob', currency: 'USD', ownerId: registered.body.id } }));
    expect(forBob.status).toBe(201);
    const bobById = await server.issuer.userToken('realm-a', registered.body.id);
    expect((await sent(as(bobById).GET(householdPath, inHousehold(forBob.body.id)))).status).toBe(200);
    const impersonating = await sent(asBob.POST('/households', { body: { name: 'Not mine', currency: 'USD', ownerId: 'alice' } }));
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
      [
        'other issuer',
        { Authorization: `Bearer ${await server.issuer.userToken('realm-a', 'alice', { issuerBase: 'https://elsewhere.example' })}` },
      ],
    ];
    for (const [name, headers] of cases) {
      const response = await sent(anonymous.GET('/households', { headers }));
      expect(response.status, name).toBe(401);
      expect(response.body.status, name).toBe('UNAUTHORIZED');
      expect(response.headers.get('www-authenticate'), name).toMatch(/^Bearer/);
    }
  });
});

describe('paging', () => {
  const names = Array.from({ length: 57 }, (_, i) => `Household ${String((i * 37) % 57).padStart(2, '0')}`);
  const created: { id: string; name: string; createdAt: string }[] = [];
  let asCarol: ApiClient;

  beforeAll(async () => {
    asCarol = as(await server.issuer.userToken('realm-b', 'carol'));
    for (const name of names) {
      const response = await sent(asCarol.POST('/households', { body: { name, currency: 'CHF' } }));
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
      const response = await sent(
        asCarol.GET('/households', { params: { query: { page: String(page), size: String(size), sort: [sort] } } }),
      );
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
    let query: ListQuery | undefined = {};
    const seen: string[] = [];
    while (query) {
      const response: { body: any } = await sent(asCarol.GET('/households', { params: { query } }));
      expect(response.body.page.size).toBe(20);
      seen.push(...response.body.content.map((h: { id: string }) => h.id));
      // The next link names the same list; its query (page, size, sort) is sent as the typed call's.
      const next: URL | undefined = response.body.links.next ? new URL(response.body.links.next) : undefined;
      if (next) expect(next.pathname).toBe('/households');
      query = next ? listQuery(next.search) : undefined;
    }
    expect(seen).toEqual(created.map((h) => h.id));
  });

  it('sorts by several properties and answers an empty page past the end', async () => {
    const response = await sent(asCarol.GET('/households', { params: { query: { sort: ['currency,asc'], size: '5' } } }));
    expect(response.status).toBe(400);
    const multi = await sent(asCarol.GET('/households', { params: { query: { sort: ['name,desc', 'createdAt,asc'], size: '3' } } }));
    expect(multi.body.content.map((h: { id: string }) => h.id)).toEqual(byName().reverse().slice(0, 3));
    const beyond = await sent(asCarol.GET('/households', { params: { query: { page: '9', size: '10' } } }));
    expect(beyond.status).toBe(200);
    expect(beyond.body.content).toEqual([]);
    expect(beyond.body.page.totalElements).toBe(57);
  });
});

describe('bad input', () => {
  /**
   * A JSON body goes through the typed client: `invalid` marks, at the call, each one the contract
   * forbids. Raw bytes (malformed or non-JSON bodies, other content types) are no document the typed
   * client can express, so they go through the untyped helper.
   */
  const post = (request: { json: HouseholdCreate } | { raw: string; contentType: string }) =>
    'json' in request
      ? sent(asAlice.POST('/households', { body: request.json }))
      : untyped.request('POST', '/households', { token: alice, rawBody: request.raw, contentType: request.contentType });

  it.each([
    ['malformed JSON', { raw: '{"name": "x",', contentType: 'application/json' }, 400, undefined],
    ['wrong content type', { raw: 'name=x', contentType: 'text/plain' }, 415, undefined],
    ['form body', { raw: 'name=x', contentType: 'application/x-www-form-urlencoded' }, 415, undefined],
    ['non-UTF-8 charset', { raw: '{}', contentType: 'application/json; charset=ISO-8859-1' }, 415, undefined],
    ['empty body', { raw: '', contentType: 'application/json' }, 400, undefined],
    ['body over 1 MiB', { json: { name: 'x'.repeat(1024 * 1024 + 10), currency: 'EUR' } }, 413, undefined],
    [
      'wrong type',
      { json: invalid<HouseholdCreate>({ name: 42, currency: 'EUR' }) },
      400,
      [{ field: 'name', message: 'must be of type string' }],
    ],
    ['null', { json: invalid<HouseholdCreate>({ name: 'x', currency: null }) }, 400, [{ field: 'currency', message: 'must not be null' }]],
    ['missing', { json: invalid<HouseholdCreate>({ currency: 'EUR' }) }, 400, [{ field: 'name', message: 'is required' }]],
    [
      'unknown field',
      { json: invalid<HouseholdCreate>({ name: 'x', currency: 'EUR', colour: 'red' }) },
      400,
      [{ field: 'colour', message: 'unknown field' }],
    ],
    [
      'unknown currency',
      { json: { name: 'x', currency: 'EURO' } },
      400,
      [{ field: 'currency', message: expect.stringContaining('ISO 4217') }],
    ],
    ['array body', { json: invalid<HouseholdCreate>([1, 2]) }, 400, undefined],
    ['deep document', { raw: `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`, contentType: 'application/json' }, 400, undefined],
    [
      'huge document',
      { json: invalid<HouseholdCreate>({ name: 'x', currency: 'EUR', externalReference: Array.from({ length: 150_000 }, () => 0) }) },
      400,
      undefined,
    ],
  ])('%s', async (_name, request, status, errors) => {
    const response = await post(request);
    expect(response.status).toBe(status);
    expect(response.body.errors).toBeInstanceOf(Array);
    if (errors) expect(response.body.errors).toEqual(errors);
  });

  it('lists every invalid field at once', async () => {
    const response = await post({ json: invalid<HouseholdCreate>({ name: '', currency: 7, extra: true }) });
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
    const response = await sent(asAlice.GET('/households', { params: { query: listQuery(query) } }));
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { field: string }) => e.field.replace(/\[\d+\]$/, ''))).toEqual([field]);
  });

  it('answers 405 with Allow on known paths and 404 on unknown ones', async () => {
    // A method and a path the contract does not declare: the typed client cannot name them, by design.
    const notAllowed = await untyped.request('DELETE', '/households', { token: alice });
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.body.status).toBe('METHOD_NOT_ALLOWED');
    expect(notAllowed.headers.get('allow')).toBe('GET, POST');
    const unknown = await untyped.get('/nowhere', { token: alice });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'NOT_FOUND', errors: [] });
  });
});
