/**
 * Ids match their own format everywhere: in paths, in `copyOf` and in a comparison's scenario
 * ids. A `#` (the key separator) or any other text that is not an id never reaches the table, so
 * no id can name another item of the household's partition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let api: ApiClient;
let alice: string;
let service: string;
let household: string;
let scenario: string;
let run: string;

const scenarioBody = {
  name: 'Ids',
  startYear: 2025,
  members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1970, sex: 'FEMALE' }],
  simulation: { paths: 200, horizon: { years: 5 } },
};

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
  alice = await server.issuer.userToken('realm-a', 'alice');
  service = await server.issuer.serviceToken('realm-a');
  household = (await api.post('/households', { name: 'Ids', currency: 'EUR' }, { token: alice })).body.id;
  scenario = (await api.post(`/households/${household}/scenarios`, scenarioBody, { token: alice })).body.id;
  const simulation = await api.post(`/households/${household}/scenarios/${scenario}/simulations`, { paths: 200 }, { token: alice });
  expect(simulation.status).toBe(201);
  run = simulation.body.id;
});
afterAll(() => server?.close());

describe('ids in paths', () => {
  it('are 404 when they are not ids, even when they spell another key of the partition', async () => {
    const forged = encodeURIComponent(`${scenario}#RUN#${run}`);
    const paths = [
      `/households/${household}/scenarios/${forged}`,
      `/households/${household}/scenarios/${forged}/output`,
      `/households/${encodeURIComponent(`${household}#SCENARIO#${scenario}`)}`,
      `/households/${household}/scenarios/${scenario}/simulations/${encodeURIComponent(`${run}#x`)}`,
      `/households/${household}/comparisons/not-an-id`,
      `/households/${household.toLowerCase()}`,
    ];
    for (const path of paths) {
      const response = await api.get(path, { token: alice });
      expect(response.status, path).toBe(404);
      expect(response.body.status, path).toBe('NOT_FOUND');
    }
    expect((await api.get(`/users/${encodeURIComponent('x#y')}`, { token: service })).status).toBe(404);
    expect((await api.get(`/households/${household}/scenarios/${scenario}`, { token: alice })).status).toBe(200);
  });
});

describe('ids in bodies', () => {
  it('are 400 naming the field when they are not ids', async () => {
    const copy = await api.post(`/households/${household}/scenarios`, { copyOf: `${scenario}#RUN#${run}` }, { token: alice });
    expect(copy.status).toBe(400);
    expect(copy.body.errors).toEqual([{ field: 'copyOf', message: expect.stringMatching(/id/) }]);
    const comparison = await api.post(
      `/households/${household}/comparisons`,
      { baselineScenarioId: `${scenario}#RUN#${run}`, alternativeScenarioId: scenario, paths: 100 },
      { token: alice },
    );
    expect(comparison.status).toBe(400);
    expect(comparison.body.errors).toEqual([{ field: 'baselineScenarioId', message: expect.stringMatching(/id/) }]);
  });
});
