/**
 * A scenario's country over real HTTP: taken from the household's currency when the document names
 * none, kept when it names one, refused (400 naming the field) when it is not a known country, and
 * named with its data in the simulation output's metadata.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let api: ApiClient;
let alice: string;
const homes: Record<string, string> = {};

const scenarioBody = (assumptions?: Record<string, unknown>) => ({
  name: 'Country',
  startYear: 2025,
  members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1958, sex: 'FEMALE' }],
  simulation: { paths: 200, seed: 5, horizon: { years: 10 } },
  ...(assumptions ? { assumptions } : {}),
});

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
  alice = await server.issuer.userToken('realm-a', 'alice');
  for (const currency of ['GBP', 'USD', 'EUR']) {
    homes[currency] = (await api.post('/households', { name: currency, currency }, { token: alice })).body.id;
  }
});
afterAll(() => server?.close());

const create = (currency: string, body: unknown) => api.post(`/households/${homes[currency]}/scenarios`, body, { token: alice });

describe('assumptions.country', () => {
  it('defaults from the household currency: GBP is UK, any other currency US', async () => {
    expect((await create('GBP', scenarioBody())).body.assumptions).toEqual({ country: 'UK' });
    expect((await create('USD', scenarioBody())).body.assumptions).toEqual({ country: 'US' });
    expect((await create('EUR', scenarioBody({ life: { longevityRisk: { enabled: false } } }))).body.assumptions).toEqual({
      country: 'US',
      life: { longevityRisk: { enabled: false } },
    });
  });

  it("keeps a country the document names; a patch keeps it, a replacement naming none takes the household's", async () => {
    const created = await create('GBP', scenarioBody({ country: 'US' }));
    expect(created.body.assumptions).toEqual({ country: 'US' });
    const path = `/households/${homes.GBP}/scenarios/${created.body.id}`;
    const patched = await api.patch(path, { name: 'Patched' }, { token: alice });
    expect(patched.body.assumptions).toEqual({ country: 'US' });
    // A PUT without assumptions is a new document: it takes the household's country again.
    const replaced = await api.put(path, scenarioBody(), { token: alice });
    expect(replaced.status).toBe(200);
    expect(replaced.body.assumptions).toEqual({ country: 'UK' });
  });

  it('is a 400 naming the field when the country is unknown', async () => {
    const response = await create('GBP', scenarioBody({ country: 'FR' }));
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { field: string }) => e.field)).toEqual(['assumptions.country']);
  });

  it('names the assumption set and its data in the output metadata', async () => {
    const scenario = (await create('GBP', scenarioBody())).body.id;
    const base = `/households/${homes.GBP}/scenarios/${scenario}`;
    const run = await api.post(`${base}/simulations`, { paths: 200 }, { token: alice });
    expect(run.status).toBe(201);
    const output = await api.get(`${base}/simulations/${run.body.id}/output`, { token: alice });
    expect(output.status).toBe(200);
    const { assumptionSet, assumptions } = output.body.metadata;
    expect(assumptionSet.country).toBe('UK');
    expect(assumptionSet.data.mortality).toMatch(/^ONS national life tables, UK, 2022-2024/);
    expect(assumptions.life.mortality).toMatchObject({ table: 'UK_ONS_2022_2024', improvement: 'UK_ONS_2024' });
    expect(assumptions.economic.inflation.longRunMean).toBe(0.0396);
  });
});
