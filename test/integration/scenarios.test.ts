/**
 * Scenarios over real HTTP: CRUD with versions, what-if copies, validation naming field paths,
 * access through the household, and the cascading household delete. Every call goes through the
 * typed client, and every response is checked against the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPaths } from '../../client/api-client.js';
import type { components } from '../../client/api-types.js';
import { ResponseValidator } from '../support/openapi-validator.js';
import { startTestServer } from '../support/server.js';
import type { TestServer } from '../support/server.js';
import { auth, invalid, sent, typedClient, type ApiClient } from '../support/typed-client.js';

type ScenarioCreate = ApiPaths['/households/{householdId}/scenarios']['post']['requestBody']['content']['application/json'];
type ScenarioDocument = components['schemas']['ScenarioDocument'];

let server: TestServer;
/** Calls as alice unless they pass another caller's Authorization header. */
let api: ApiClient;
let alice: string;
let bob: string;
let foreign: string;
let householdId: string;

const scenariosPath = '/households/{householdId}/scenarios';
const scenarioPath = '/households/{householdId}/scenarios/{scenarioId}';
const inHousehold = (home = householdId) => ({ params: { path: { householdId: home } } });
const inScenario = (scenarioId: string, home = householdId) => ({ params: { path: { householdId: home, scenarioId } } });
const merge = { 'Content-Type': 'application/merge-patch+json' };

const scenario = (name: string): ScenarioDocument => ({
  name,
  startYear: 2025,
  members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1970, sex: 'FEMALE' }],
  simulation: { paths: 500, seed: 42 },
});

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.issuer.userToken('realm-a', 'alice');
  bob = await server.issuer.userToken('realm-a', 'bob');
  foreign = await server.issuer.serviceToken('realm-b');
  api = typedClient(server.url, { validator: await ResponseValidator.load(server.url), token: () => alice });
  householdId = (await sent(api.POST('/households', { body: { name: 'Scenario home', currency: 'EUR' } }))).body.id;
});

afterAll(async () => {
  await server?.close();
});

const base = () => `/households/${householdId}/scenarios`;

describe('scenarios', () => {
  it('creates with defaults, reads, checks, replaces, patches and deletes', async () => {
    const created = await sent(api.POST(scenariosPath, { ...inHousehold(), body: scenario('Base case') }));
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ name: 'Base case', householdId, version: 1, simulation: { paths: 500, seed: 42 } });
    expect(created.body.members[0]).toMatchObject({ retirementAge: 67, health: 'AVERAGE', smoker: false });
    expect(created.headers.get('location')).toBe(`${server.url}${base()}/${id}`);

    const read = await sent(api.GET(scenarioPath, inScenario(id)));
    expect(read.body).toEqual(created.body);
    expect((await sent(api.HEAD(scenarioPath, inScenario(id)))).status).toBe(204);
    expect((await sent(api.HEAD(scenarioPath, inScenario('01ARZ3NDEKTSV4RRFFQ69G5FAV')))).status).toBe(404);

    const replaced = await sent(
      api.PUT(scenarioPath, { ...inScenario(id), body: { ...read.body, name: 'Renamed' }, headers: { 'If-Match': '"1"' } }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: 'Renamed', version: 2 });
    expect((await sent(api.PUT(scenarioPath, { ...inScenario(id), body: scenario('Stale'), headers: { 'If-Match': '"1"' } }))).status).toBe(
      412,
    );
    expect((await sent(api.PUT(scenarioPath, { ...inScenario(id), body: { ...scenario('Stale'), version: 1 } }))).status).toBe(409);

    const patched = await sent(api.PATCH(scenarioPath, { ...inScenario(id), body: { simulation: { paths: 2000 } }, headers: merge }));
    expect(patched.status).toBe(200);
    expect(patched.body.simulation).toEqual({ paths: 2000, seed: 42 });
    expect(patched.body.version).toBe(3);

    expect((await sent(api.DELETE(scenarioPath, { ...inScenario(id), headers: { 'If-Match': '"2"' } }))).status).toBe(412);
    expect((await sent(api.DELETE(scenarioPath, inScenario(id)))).status).toBe(204);
    expect((await sent(api.GET(scenarioPath, inScenario(id)))).status).toBe(404);
  });

  it('makes a what-if copy with changes merged', async () => {
    const source = (await sent(api.POST(scenariosPath, { ...inHousehold(), body: scenario('Original') }))).body;
    const copy = await sent(
      api.POST(scenariosPath, {
        ...inHousehold(),
        body: {
          copyOf: source.id,
          name: 'Retire at 60',
          members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1970, sex: 'FEMALE', retirementAge: 60 }],
        },
      }),
    );
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(source.id);
    expect(copy.body).toMatchObject({ name: 'Retire at 60', simulation: source.simulation, startYear: 2025 });
    expect(copy.body.members[0].retirementAge).toBe(60);
    const missing = await sent(api.POST(scenariosPath, { ...inHousehold(), body: { copyOf: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('copyOf');
  });

  it('stores a seed in a scenario created without one, which its copies keep', async () => {
    const { simulation: _, ...unseeded } = scenario('No seed given');
    const created = (await sent(api.POST(scenariosPath, { ...inHousehold(), body: unseeded }))).body;
    const seed = created.simulation.seed;
    expect(Number.isSafeInteger(seed) && seed >= 0).toBe(true);
    expect(created.simulation.paths).toBe(1000);
    const read = (await sent(api.GET(scenarioPath, inScenario(created.id)))).body;
    expect(read.simulation.seed).toBe(seed);
    const copy = (await sent(api.POST(scenariosPath, { ...inHousehold(), body: { copyOf: created.id, name: 'Copy' } }))).body;
    expect(copy.simulation.seed).toBe(seed);
    // Another scenario without a seed draws its own (two draws of 53 bits agree with probability 2^-53).
    const other = (await sent(api.POST(scenariosPath, { ...inHousehold(), body: unseeded }))).body;
    expect(other.simulation.seed).not.toBe(seed);
  });

  it('names every invalid field by its path', async () => {
    // Wrong types, an unknown role and an unknown field: a document the contract forbids, cast to send it.
    const bad = invalid<ScenarioCreate>({
      name: 'Bad',
      members: [
        { id: 'p1', role: 'PRIMARY', birthYear: 'old', sex: 'FEMALE' },
        { id: 'p2', role: 'KING', birthYear: 1980, sex: 'MALE', wings: 2 },
      ],
      simulation: { paths: 100_001 },
    });
    const response = await sent(api.POST(scenariosPath, { ...inHousehold(), body: bad }));
    expect(response.status).toBe(400);
    const fields = response.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['members[0].birthYear', 'members[1].role', 'members[1].wings', 'simulation.paths']));
    // `members` is required and never null: cast to send it.
    const nullMembers = invalid<ScenarioCreate>({ ...scenario('x'), members: null });
    expect((await sent(api.POST(scenariosPath, { ...inHousehold(), body: nullMembers }))).body.errors).toEqual([
      { field: 'members', message: 'must not be null' },
    ]);
  });

  it('lists scenarios with paging and sorting', async () => {
    const other = (await sent(api.POST('/households', { body: { name: 'List home', currency: 'EUR' } }))).body.id;
    for (const name of ['Charlie', 'Alpha', 'Bravo']) await sent(api.POST(scenariosPath, { ...inHousehold(other), body: scenario(name) }));
    const page = await sent(api.GET(scenariosPath, { params: { path: { householdId: other }, query: { size: '2', sort: ['name,asc'] } } }));
    expect(page.status).toBe(200);
    expect(page.body.page).toEqual({ number: 0, size: 2, totalElements: 3, totalPages: 2 });
    expect(page.body.content.map((s: { name: string }) => s.name)).toEqual(['Alpha', 'Bravo']);
    expect(page.body.content[0].members).toHaveLength(1);
    expect(page.headers.get('link')).toContain('rel="next"');
  });

  it('follows the household for access: 403 for another user, 404 for another realm', async () => {
    const id = (await sent(api.POST(scenariosPath, { ...inHousehold(), body: scenario('Private') }))).body.id;
    expect((await sent(api.GET(scenarioPath, { ...inScenario(id), headers: auth(bob) }))).status).toBe(403);
    expect((await sent(api.GET(scenariosPath, { ...inHousehold(), headers: auth(bob) }))).status).toBe(403);
    expect((await sent(api.POST(scenariosPath, { ...inHousehold(), body: scenario('Intruder'), headers: auth(bob) }))).status).toBe(403);
    expect((await sent(api.GET(scenarioPath, { ...inScenario(id), headers: auth(foreign) }))).status).toBe(404);
    expect((await sent(api.POST(scenariosPath, { ...inHousehold(), body: scenario('Intruder'), headers: auth(foreign) }))).status).toBe(
      404,
    );
  });

  it('refuses a document that is too large with 413', async () => {
    const response = await sent(
      api.POST(scenariosPath, { ...inHousehold(), body: { ...scenario('Big'), description: 'x'.repeat(1_100_000) } }),
    );
    expect(response.status).toBe(413);
  });
});

describe('cascading delete', () => {
  it('removes the household and everything under it, and a retry is harmless', async () => {
    const home = (await sent(api.POST('/households', { body: { name: 'Doomed', currency: 'EUR' } }))).body.id as string;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await sent(api.POST(scenariosPath, { ...inHousehold(home), body: scenario(`S${i}`) }))).body.id);
    expect((await sent(api.DELETE('/households/{householdId}', inHousehold(home)))).status).toBe(204);
    expect((await sent(api.GET('/households/{householdId}', inHousehold(home)))).status).toBe(404);
    expect((await sent(api.GET(scenariosPath, inHousehold(home)))).status).toBe(404);
    for (const id of ids) expect((await sent(api.GET(scenarioPath, inScenario(id, home)))).status).toBe(404);
    expect((await sent(api.DELETE('/households/{householdId}', inHousehold(home)))).status).toBe(404);

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
