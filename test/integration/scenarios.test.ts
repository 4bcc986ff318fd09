/**
 * Scenarios over real HTTP: CRUD with versions, what-if copies, validation naming field paths,
 * access through the household, and the cascading household delete. Responses are checked against
 * the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { startTestServer } from '../support/server.js';
import type { TestServer } from '../support/server.js';

let server: TestServer;
let api: ApiClient;
let alice: string;
let bob: string;
let foreign: string;
let householdId: string;

const scenario = (name: string) => ({
  name,
  startYear: 2025,
  members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1970, sex: 'FEMALE' }],
  simulation: { paths: 500, seed: 42 },
});

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url, await ResponseValidator.load(server.url));
  alice = await server.issuer.userToken('realm-a', 'alice');
  bob = await server.issuer.userToken('realm-a', 'bob');
  foreign = await server.issuer.serviceToken('realm-b');
  householdId = (await api.post('/households', { name: 'Scenario home', currency: 'EUR' }, { token: alice })).body.id;
});

afterAll(async () => {
  await server?.close();
});

const base = () => `/households/${householdId}/scenarios`;

describe('scenarios', () => {
  it('creates with defaults, reads, checks, replaces, patches and deletes', async () => {
    const created = await api.post(base(), scenario('Base case'), { token: alice });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ name: 'Base case', householdId, version: 1, simulation: { paths: 500, seed: 42 } });
    expect(created.body.members[0]).toMatchObject({ retirementAge: 67, health: 'AVERAGE', smoker: false });
    expect(created.headers.get('location')).toBe(`${server.url}${base()}/${id}`);

    const read = await api.get(`${base()}/${id}`, { token: alice });
    expect(read.body).toEqual(created.body);
    expect((await api.head(`${base()}/${id}`, { token: alice })).status).toBe(204);
    expect((await api.head(`${base()}/01ARZ3NDEKTSV4RRFFQ69G5FAV`, { token: alice })).status).toBe(404);

    const replaced = await api.put(`${base()}/${id}`, { ...read.body, name: 'Renamed' }, { token: alice, headers: { 'If-Match': '"1"' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: 'Renamed', version: 2 });
    expect((await api.put(`${base()}/${id}`, scenario('Stale'), { token: alice, headers: { 'If-Match': '"1"' } })).status).toBe(412);
    expect((await api.put(`${base()}/${id}`, { ...scenario('Stale'), version: 1 }, { token: alice })).status).toBe(409);

    const patched = await api.patch(`${base()}/${id}`, { simulation: { paths: 2000 } }, { token: alice });
    expect(patched.status).toBe(200);
    expect(patched.body.simulation).toEqual({ paths: 2000, seed: 42 });
    expect(patched.body.version).toBe(3);

    expect((await api.delete(`${base()}/${id}`, { token: alice, headers: { 'If-Match': '"2"' } })).status).toBe(412);
    expect((await api.delete(`${base()}/${id}`, { token: alice })).status).toBe(204);
    expect((await api.get(`${base()}/${id}`, { token: alice })).status).toBe(404);
  });

  it('makes a what-if copy with changes merged', async () => {
    const source = (await api.post(base(), scenario('Original'), { token: alice })).body;
    const copy = await api.post(base(), { copyOf: source.id, name: 'Retire at 60', members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1970, sex: 'FEMALE', retirementAge: 60 }] }, { token: alice });
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(source.id);
    expect(copy.body).toMatchObject({ name: 'Retire at 60', simulation: source.simulation, startYear: 2025 });
    expect(copy.body.members[0].retirementAge).toBe(60);
    const missing = await api.post(base(), { copyOf: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }, { token: alice });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('copyOf');
  });

  it('names every invalid field by its path', async () => {
    const response = await api.post(
      base(),
      { name: 'Bad', members: [{ id: 'p1', role: 'PRIMARY', birthYear: 'old', sex: 'FEMALE' }, { id: 'p2', role: 'KING', birthYear: 1980, sex: 'MALE', wings: 2 }], simulation: { paths: 100_001 } },
      { token: alice },
    );
    expect(response.status).toBe(400);
    const fields = response.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['members[0].birthYear', 'members[1].role', 'members[1].wings', 'simulation.paths']));
    expect((await api.post(base(), { ...scenario('x'), members: null }, { token: alice })).body.errors).toEqual([
      { field: 'members', message: 'must not be null' },
    ]);
  });

  it('lists scenarios with paging and sorting', async () => {
    const other = (await api.post('/households', { name: 'List home', currency: 'EUR' }, { token: alice })).body.id;
    for (const name of ['Charlie', 'Alpha', 'Bravo']) await api.post(`/households/${other}/scenarios`, scenario(name), { token: alice });
    const page = await api.get(`/households/${other}/scenarios?size=2&sort=name,asc`, { token: alice });
    expect(page.status).toBe(200);
    expect(page.body.page).toEqual({ number: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(page.body.content.map((s: { name: string }) => s.name)).toEqual(['Alpha', 'Bravo']);
    expect(page.body.content[0].members).toHaveLength(1);
    expect(page.headers.get('link')).toContain('rel="next"');
  });

  it('follows the household for access: 403 for another user, 404 for another realm', async () => {
    const id = (await api.post(base(), scenario('Private'), { token: alice })).body.id;
    expect((await api.get(`${base()}/${id}`, { token: bob })).status).toBe(403);
    expect((await api.get(base(), { token: bob })).status).toBe(403);
    expect((await api.post(base(), scenario('Intruder'), { token: bob })).status).toBe(403);
    expect((await api.get(`${base()}/${id}`, { token: foreign })).status).toBe(404);
    expect((await api.post(base(), scenario('Intruder'), { token: foreign })).status).toBe(404);
  });

  it('refuses a document that is too large with 413', async () => {
    const response = await api.post(base(), { ...scenario('Big'), description: 'x'.repeat(1_100_000) }, { token: alice });
    expect(response.status).toBe(413);
  });
});

describe('cascading delete', () => {
  it('removes the household and everything under it, and a retry is harmless', async () => {
    const home = (await api.post('/households', { name: 'Doomed', currency: 'EUR' }, { token: alice })).body.id as string;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api.post(`/households/${home}/scenarios`, scenario(`S${i}`), { token: alice })).body.id);
    expect((await api.delete(`/households/${home}`, { token: alice })).status).toBe(204);
    expect((await api.get(`/households/${home}`, { token: alice })).status).toBe(404);
    expect((await api.get(`/households/${home}/scenarios`, { token: alice })).status).toBe(404);
    for (const id of ids) expect((await api.get(`/households/${home}/scenarios/${id}`, { token: alice })).status).toBe(404);
    expect((await api.delete(`/households/${home}`, { token: alice })).status).toBe(404);

    // Nothing is left in the table under the household's partition.
    const { dynamoClient } = await import('../../shared/store/client.js');
    const { tableName } = await import('../../shared/store/table.js');
    const left = await dynamoClient().query({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `R#realm-a#H#${home}` },
    });
    expect(left.Items).toEqual([]);
  });
});
