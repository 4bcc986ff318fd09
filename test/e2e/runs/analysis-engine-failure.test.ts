/**
 * An analysis small enough to run inside its request, on which the engine fails, is stored FAILED
 * with the engine's reason (201, no document, no slot held) rather than answered with a 500. The
 * API checks a request against its scenario before the engine sees it, so no request can make the
 * engine fail on demand: the engine's shard function is replaced by one that throws (a fault that
 * cannot be caused otherwise; the queued case, caused for real, is in analyses.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localPlugins } from '../../../infra/local/plugins.js';
import { slotHolders } from '../../../shared/store/runs/active-runs.js';
import { ResponseValidator } from '../../support/openapi-validator.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { sent, typedClient, type ApiClient } from '../../support/typed-client.js';
import { retireeScenario } from './scenarios.js';

vi.mock('../../../shared/engine/analysis/index.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/engine/analysis/index.js')>()),
  analysisShard: () => {
    throw new RangeError('lever.memberId: no such member in the plan');
  },
}));

let server: TestServer;
let api: ApiClient;
let token: string;

beforeAll(async () => {
  Object.assign(process.env, { LOG_LEVEL: 'warn', LOCAL_WORKERS: '1', RUN_INLINE_PATH_YEARS: '1000000000' });
  server = await startTestServer({ plugins: localPlugins });
  token = await server.issuer.userToken('realm-a', 'alice');
  api = typedClient(server.url, { validator: await ResponseValidator.load(server.url), token: () => token });
});

afterAll(async () => {
  await server?.close();
});

describe('an inline analysis the engine fails on', () => {
  it('is stored FAILED with the reason, and can be read and deleted', async () => {
    const household = await sent(api.POST('/households', { body: { name: 'Failures', currency: 'USD' } }));
    const householdId: string = household.body.id;
    const scenario = await sent(
      api.POST('/households/{householdId}/scenarios', { params: { path: { householdId } }, body: retireeScenario(65, 10) }),
    );
    const inScenario = { householdId, scenarioId: scenario.body.id as string };
    const created = await sent(
      api.POST('/households/{householdId}/scenarios/{scenarioId}/analyses', {
        params: { path: inScenario },
        body: { type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'pat' }, paths: 20, seed: 1 },
      }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ status: 'FAILED', progress: 0, completedShards: 0, shards: 1 });
    expect(created.body.error.reason).toBe('the engine failed: lever.memberId: no such member in the plan');
    expect(created.body.analysis).toBeUndefined();
    expect(await slotHolders('realm-a')).toEqual([]);
    const one = { params: { path: { ...inScenario, analysisId: created.body.id as string } } };
    const read = await sent(api.GET('/households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId}', one));
    expect(read.body.status).toBe('FAILED');
    expect((await sent(api.DELETE('/households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId}', one))).status).toBe(204);
  });
});
