/**
 * Analyses end to end over HTTP against the local runtime (dynalite, in-process queue, worker
 * threads): each type to COMPLETED with its document, a queued (sharded) analysis giving the same
 * document as the inline one, list/paging/ETag/HEAD/DELETE, access across users and realms, bad
 * requests naming their field, deletion with the scenario, and FAILED with the engine's reason.
 * Every call goes through the typed client, and every response is checked against the OpenAPI
 * document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPlugins } from '../../../infra/local/plugins.js';
import { localShardQueue } from '../../../infra/local/queue-plugin.js';
import type { AnalysisRequest } from '../../../shared/engine/analysis/index.js';
import { toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';
import type { RunInput } from '../../../shared/domain/runs/run-input.js';
import type { InProcessQueue } from '../../../shared/queue/index.js';
import { dynamoClient } from '../../../shared/store/client.js';
import { householdKeys } from '../../../shared/store/households.js';
import { tableName } from '../../../shared/store/table.js';
import { getRunBlob, putRunBlob } from '../../../shared/store/runs/run-data.js';
import type { ApiPaths } from '../../../client/api-client.js';
import { ResponseValidator } from '../../support/openapi-validator.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { auth, invalid, sent, typedClient, type ApiClient } from '../../support/typed-client.js';
import { retireeScenario } from './scenarios.js';

/** Everything runs inline unless a test lowers the bound (the server reads it on each request). */
const ALL_INLINE = '1000000000';

let server: TestServer;
let api: ApiClient;
let queue: InProcessQueue;
let alice: string;
let bob: string;
let otherRealm: string;
let householdId: string;
let scenarioId: string;
let base: string;
const scenario = retireeScenario(65, 20);

type AnalysisBody =
  ApiPaths['/households/{householdId}/scenarios/{scenarioId}/analyses']['post']['requestBody']['content']['application/json'];
const analysesPath = '/households/{householdId}/scenarios/{scenarioId}/analyses';
const analysisPath = '/households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId}';
const inScenario = () => ({ householdId, scenarioId });

/** POSTs an analysis (as alice unless `token` names another caller). */
const start = (
  body: AnalysisBody,
  options: { token?: string; headers?: Record<string, string>; path?: { householdId: string; scenarioId: string } } = {},
) =>
  sent(
    api.POST(analysesPath, {
      params: { path: options.path ?? inScenario() },
      body,
      headers: { ...(options.token ? auth(options.token) : {}), ...options.headers },
    }),
  );
const read = (analysisId: string, token?: string) =>
  sent(api.GET(analysisPath, { params: { path: { ...inScenario(), analysisId } }, headers: token ? auth(token) : {} }));
const check = (analysisId: string, token?: string) =>
  sent(api.HEAD(analysisPath, { params: { path: { ...inScenario(), analysisId } }, headers: token ? auth(token) : {} }));
const remove = (analysisId: string, headers: Record<string, string> = {}) =>
  sent(api.DELETE(analysisPath, { params: { path: { ...inScenario(), analysisId } }, headers }));
const list = (query: Record<string, string | number | string[]> = {}, token?: string, path = inScenario()) =>
  sent(api.GET(analysesPath, { params: { path, query }, headers: token ? auth(token) : {} }));

const plan = (() => {
  const checked = validateScenario(scenario);
  if (!checked.ok) throw new Error('the test scenario is invalid');
  return toHouseholdPlan(checked.value);
})();

beforeAll(async () => {
  // The worker threads copy the environment when they start, so it is set before the server.
  Object.assign(process.env, {
    LOG_LEVEL: 'warn',
    SHARD_RETRY_DELAY_MS: '20',
    SHARD_MAX_RECEIVES: '3',
    LOCAL_WORKERS: '2',
    RUN_INLINE_PATH_YEARS: ALL_INLINE,
    RUNS_MAX_ACTIVE_PER_REALM: '10',
  });
  server = await startTestServer({ plugins: localPlugins });
  alice = await server.issuer.userToken('realm-a', 'alice');
  bob = await server.issuer.userToken('realm-a', 'bob');
  otherRealm = await server.issuer.serviceToken('realm-b');
  api = typedClient(server.url, { validator: await ResponseValidator.load(server.url), token: () => alice });
  const local = localShardQueue();
  if (!local) throw new Error('the local shard queue is not running');
  queue = local;
  const household = await sent(api.POST('/households', { body: { name: 'Analyses', currency: 'USD' } }));
  expect(household.status).toBe(201);
  householdId = household.body.id;
  const created = await sent(api.POST('/households/{householdId}/scenarios', { params: { path: { householdId } }, body: scenario }));
  expect(created.status, created.text).toBe(201);
  scenarioId = created.body.id;
  base = `/households/${householdId}/scenarios/${scenarioId}`;
});

afterAll(async () => {
  queue?.resume();
  queue?.setFaults(undefined);
  await server?.close();
});

async function waitForEnd(analysisId: string, timeoutMs = 120_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await read(analysisId);
    if (response.status !== 200) throw new Error(`analysis ${analysisId}: ${response.status} ${response.text}`);
    if (response.body.status === 'COMPLETED' || response.body.status === 'FAILED') return response.body;
    if (Date.now() > deadline) throw new Error(`analysis ${analysisId} did not end: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function analyseToEnd(body: AnalysisBody): Promise<Record<string, any>> {
  const created = await start(body);
  expect(created.status, created.text).toBe(201);
  expect(created.headers.get('location')).toBe(`${server.url}${base}/analyses/${created.body.id}`);
  expect(created.headers.get('etag')).toBe(`"${created.body.version}"`);
  const ended = await waitForEnd(created.body.id);
  expect(ended.status, JSON.stringify(ended.error)).toBe('COMPLETED');
  return ended;
}

/** The document without what legitimately differs between two runs of it (timing, the shard count). */
function comparable(document: Record<string, any>) {
  const { elapsedMs: _elapsed, shards: _shards, ...metadata } = document.metadata;
  return { ...document, metadata };
}

const probability = (value: number) => {
  expect(value).toBeGreaterThanOrEqual(0);
  expect(value).toBeLessThanOrEqual(1);
};

describe('analyses of a scenario', () => {
  it('solves a lever, and re-runs of the same seed and paths give the same document', async () => {
    const body: AnalysisBody = {
      type: 'SOLVE',
      lever: { type: 'RETIREMENT_AGE', memberId: 'pat' },
      target: { probability: 0.8 },
      paths: 200,
      seed: 11,
    };
    const analysis = await analyseToEnd(body);
    expect(analysis).toMatchObject({ type: 'SOLVE', scenarioId, scenarioVersion: 1, paths: 200, seed: 11, progress: 1 });
    expect(analysis.request).toEqual({ type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'pat' }, target: { probability: 0.8 } });
    const document = analysis.analysis;
    expect(document.metadata).toMatchObject({ type: 'SOLVE', paths: 200, seed: 11 });
    expect(document.metadata.pathYears).toBeGreaterThan(0);
    expect(document.request.type).toBe('SOLVE');
    const solve = document.solve;
    expect(solve.lever).toMatchObject({ type: 'RETIREMENT_AGE', unit: 'YEARS' });
    expect(['SOLVED', 'UNREACHABLE', 'ALREADY_MET']).toContain(solve.status);
    expect(Number.isInteger(solve.value)).toBe(true);
    probability(solve.probability.value);
    expect(solve.trials.length).toBeGreaterThan(0);
    if (solve.status === 'UNREACHABLE') expect(solve.reason).toEqual(expect.any(String));

    const again = await analyseToEnd(body);
    expect(comparable(again.analysis)).toEqual(comparable(document));

    // A retried POST with the same Idempotency-Key answers the first response instead of starting another.
    const headers = { 'Idempotency-Key': 'analysis-retry-1' };
    const first = await start(body, { headers });
    const retried = await start(body, { headers });
    expect(first.status).toBe(201);
    expect(retried.status).toBe(201);
    expect(retried.body.id).toBe(first.body.id);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
  });

  it('diagnoses the plan: causes of failure and actions', async () => {
    const analysis = await analyseToEnd({ type: 'DIAGNOSE', paths: 200, seed: 5 });
    const diagnose = analysis.analysis.diagnose;
    probability(diagnose.probability.value);
    expect(diagnose.failingPaths).toBeGreaterThanOrEqual(0);
    expect(diagnose.failingPaths).toBeLessThanOrEqual(200);
    expect(Array.isArray(diagnose.causes)).toBe(true);
    expect(diagnose.actions.length).toBeGreaterThan(0);
    for (const action of diagnose.actions) expect(['SPENDING', 'RETIREMENT_AGE', 'CONTRIBUTION', 'LUMP_SUM']).toContain(action.lever.type);
  });

  it('runs a sensitivity (tornado) of the inputs asked for', async () => {
    const analysis = await analyseToEnd({
      type: 'SENSITIVITY',
      inputs: [{ input: 'EQUITY_PREMIUM' }, { input: 'SPENDING', down: 0.9, up: 1.1 }],
      paths: 200,
      seed: 6,
    });
    const sensitivity = analysis.analysis.sensitivity;
    probability(sensitivity.base.success);
    expect(sensitivity.inputs.map((entry: { input: string }) => entry.input).sort()).toEqual(['EQUITY_PREMIUM', 'SPENDING']);
    const spending = sensitivity.inputs.find((entry: { input: string }) => entry.input === 'SPENDING');
    expect(spending).toMatchObject({ down: 0.9, up: 1.1 });
  });

  it('stresses the plan with named shocks', async () => {
    const analysis = await analyseToEnd({
      type: 'STRESS',
      shocks: [
        { type: 'EQUITY_FALL', fall: 0.4, year: 0 },
        { type: 'RATES_UP', points: 0.02 },
      ],
      paths: 200,
      seed: 8,
    });
    const stress = analysis.analysis.stress;
    probability(stress.base.success);
    expect(stress.shocks.map((entry: { shock: { type: string } }) => entry.shock.type)).toEqual(['EQUITY_FALL', 'RATES_UP']);
    for (const entry of stress.shocks) probability(entry.outcome.success);
  });

  it('gives a queued analysis, sharded over the workers, the same document as the inline one', async () => {
    const request = { type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability: 0.75 } } satisfies AnalysisRequest & AnalysisBody;
    const paths = 400;
    const inline = await analyseToEnd({ ...request, paths, seed: 21 });
    expect(inline.shards).toBe(1);
    // Four shards: an analysis's shards are sized by its base paths (paths × horizon), a quarter each.
    process.env.RUN_INLINE_PATH_YEARS = '0';
    process.env.SHARD_PATH_YEARS = String(Math.ceil((paths * plan.years) / 4));
    try {
      const created = await start({ ...request, paths, seed: 21 });
      expect(created.status, created.text).toBe(201);
      expect(created.body.status).toBe('QUEUED');
      expect(created.body.analysis).toBeUndefined();
      const queued = await waitForEnd(created.body.id);
      expect(queued.status, JSON.stringify(queued.error)).toBe('COMPLETED');
      expect(queued.shards).toBe(4);
      expect(queued.completedShards).toBe(4);
      expect(queued.analysis.metadata.shards).toBe(4);
      expect(comparable(queued.analysis)).toEqual(comparable(inline.analysis));
    } finally {
      process.env.RUN_INLINE_PATH_YEARS = ALL_INLINE;
      delete process.env.SHARD_PATH_YEARS;
    }
  });

  it('lists with paging and sorting, and checks and deletes with ETag and If-Match', async () => {
    const page = await list({ sort: ['createdAt,asc'], size: 2 });
    expect(page.status).toBe(200);
    expect(page.body.content).toHaveLength(2);
    expect(page.body.page).toMatchObject({ number: 0, size: 2 });
    expect(page.body.page.totalElements).toBeGreaterThanOrEqual(7);
    expect(page.headers.get('link')).toMatch(/rel="next"/);
    expect(page.body.content[0].type).toBe('SOLVE');
    expect(page.body.content[0].analysis).toBeUndefined();
    const byType = await list({ sort: ['type,desc'], size: 100 });
    const types = byType.body.content.map((a: { type: string }) => a.type);
    expect(types).toEqual([...types].sort().reverse());
    const badSort = await list({ sort: ['paths,asc'] });
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors[0].field).toMatch(/^sort/);

    const oldest = page.body.content[0];
    const got = await read(oldest.id);
    expect(got.status).toBe(200);
    expect(got.headers.get('etag')).toBe(`"${oldest.version}"`);
    const unchanged = await sent(
      api.GET(analysisPath, {
        params: { path: { ...inScenario(), analysisId: oldest.id } },
        headers: { 'If-None-Match': `"${oldest.version}"` },
      }),
    );
    expect(unchanged.status).toBe(304);
    const head = await check(oldest.id);
    expect(head.status).toBe(204);
    expect(head.headers.get('etag')).toBe(`"${oldest.version}"`);

    expect((await remove(oldest.id, { 'If-Match': '"999"' })).status).toBe(412);
    expect((await remove(oldest.id, { 'If-Match': `"${oldest.version}"` })).status).toBe(204);
    expect((await read(oldest.id)).status).toBe(404);
    expect((await check(oldest.id)).status).toBe(404);
    expect((await remove(oldest.id)).status).toBe(404);
  });

  it('is 404 for an unknown analysis or scenario, 403 for another user and invisible to another realm', async () => {
    const unknown = await read('01J00000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Analysis/);
    const unknownScenario = { householdId, scenarioId: '01J00000000000000000000000' };
    expect((await start({ type: 'DIAGNOSE' }, { path: unknownScenario })).status).toBe(404);
    expect((await list({}, undefined, unknownScenario)).status).toBe(404);
    expect((await read('not-an-id')).status).toBe(404);

    const existing = (await list()).body.content[0];
    expect((await read(existing.id, bob)).status).toBe(403);
    expect((await start({ type: 'DIAGNOSE' }, { token: bob })).status).toBe(403);
    for (const response of [
      await read(existing.id, otherRealm),
      await check(existing.id, otherRealm),
      await list({}, otherRealm),
      await start({ type: 'DIAGNOSE', paths: 10 }, { token: otherRealm }),
      await sent(api.DELETE(analysisPath, { params: { path: { ...inScenario(), analysisId: existing.id } }, headers: auth(otherRealm) })),
    ]) {
      expect(response.status).toBe(404);
    }
    expect((await read(existing.id)).status).toBe(200);
  });

  it('refuses bad requests with a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'FORECAST' }, 'type'],
      [{}, 'type'],
      [{ type: 'SOLVE' }, 'lever'],
      [{ type: 'SOLVE', lever: { type: 'WAGES' } }, 'lever.type'],
      [{ type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'ghost' } }, 'lever.memberId'],
      [{ type: 'SOLVE', lever: { type: 'CONTRIBUTION', accountId: 'ghost' } }, 'lever.accountId'],
      [{ type: 'SOLVE', lever: { type: 'SPENDING', expenseId: 'ghost' } }, 'lever.expenseId'],
      [{ type: 'SOLVE', lever: { type: 'TAX_FREE_CASH_AGE', accountId: 'ghost' } }, 'lever.accountId'],
      [{ type: 'SOLVE', lever: { type: 'TAX_FREE_CASH_AGE', accountId: 'pat', min: 60.5 } }, 'lever.min'],
      [{ type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'pat', min: 70, max: 60 } }, 'lever.max'],
      [{ type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability: 1 } }, 'target.probability'],
      [{ type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability: 0 } }, 'target.probability'],
      [{ type: 'DIAGNOSE', target: { goalId: 'ghost' } }, 'target.goalId'],
      [{ type: 'DIAGNOSE', maxTrials: 65 }, 'maxTrials'],
      [{ type: 'SENSITIVITY', inputs: [{ input: 'SUNSPOTS' }] }, 'inputs[0].input'],
      [{ type: 'SENSITIVITY', inputs: Array.from({ length: 17 }, () => ({ input: 'SPENDING' })) }, 'inputs'],
      [{ type: 'STRESS', shocks: [{ type: 'ALIENS' }] }, 'shocks[0].type'],
      [{ type: 'STRESS', shocks: [{ type: 'EQUITY_FALL', fall: 1.5 }] }, 'shocks[0].fall'],
      [{ type: 'DIAGNOSE', paths: 100_001 }, 'paths'],
      [{ type: 'DIAGNOSE', shards: 3 }, 'shards'],
    ];
    for (const [body, field] of cases) {
      const response = await start(invalid<AnalysisBody>(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(
        response.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await list({ size: 100 })).body.content.every((a: { status: string }) => a.status === 'COMPLETED')).toBe(true);
  });

  it('counts a queued analysis against the realm cap, and ends it FAILED with the reason when the engine refuses it', async () => {
    process.env.RUN_INLINE_PATH_YEARS = '0';
    // Its shard messages do not carry the input: every shard reads the stored one, which the test changes.
    process.env.SHARD_MESSAGE_INPUT_MAX_BYTES = '0';
    queue.pause();
    try {
      const created = await start({ type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'pat' }, paths: 50, seed: 2 });
      expect(created.status, created.text).toBe(201);
      expect(created.body.status).toBe('QUEUED');
      // It holds a slot of the realm's cap on runs in flight, as any queued run does.
      process.env.RUNS_MAX_ACTIVE_PER_REALM = '1';
      const refused = await start({ type: 'DIAGNOSE', paths: 50 });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/At most 1 run/);
      process.env.RUNS_MAX_ACTIVE_PER_REALM = '10';
      // The stored input is what every shard reads: a request naming a member the plan lacks (which
      // the API refuses up front) makes the engine throw on every delivery of every shard.
      const ref = { realmId: 'realm-a', householdId, kind: 'ANALYSIS' as const, runId: created.body.id, scenarioId };
      const input = await getRunBlob<RunInput>(ref, 'INPUT');
      expect(input?.analysis).toMatchObject({ type: 'SOLVE' });
      await putRunBlob(ref, 'INPUT', { ...input, analysis: { type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'ghost' } } });
      queue.resume();
      const failed = await waitForEnd(created.body.id);
      expect(failed.status).toBe('FAILED');
      expect(failed.error.reason).toMatch(/failed after 3 attempts: .*ghost/);
      expect(failed.analysis).toBeUndefined();
    } finally {
      queue.resume();
      process.env.RUN_INLINE_PATH_YEARS = ALL_INLINE;
      process.env.RUNS_MAX_ACTIVE_PER_REALM = '10';
      delete process.env.SHARD_MESSAGE_INPUT_MAX_BYTES;
    }
  });

  it('simulates the input its shard messages carry, as it was when the run was created', async () => {
    process.env.RUN_INLINE_PATH_YEARS = '0';
    queue.pause();
    try {
      const created = await start({ type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'pat' }, paths: 50, seed: 2 });
      expect(created.body.status).toBe('QUEUED');
      // Its messages carry the input (and the seed) as the run was created, so no copy is stored;
      // one written under the run's keys after the messages were sent (an input no shard could
      // run) is not what the shards run on, and the analysis completes as asked.
      const ref = { realmId: 'realm-a', householdId, kind: 'ANALYSIS' as const, runId: created.body.id, scenarioId };
      expect(await getRunBlob<RunInput>(ref, 'INPUT')).toBeUndefined();
      await putRunBlob(ref, 'INPUT', { scenarios: [], analysis: { type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'ghost' } } });
      queue.resume();
      const ended = await waitForEnd(created.body.id);
      expect(ended.status, JSON.stringify(ended.error)).toBe('COMPLETED');
      expect(ended.analysis.metadata).toMatchObject({ type: 'SOLVE', paths: 50, seed: 2 });
    } finally {
      queue.resume();
      process.env.RUN_INLINE_PATH_YEARS = ALL_INLINE;
    }
  });

  it("is deleted with its scenario: 404 afterwards, and nothing of it left under the scenario's keys", async () => {
    const analysis = await analyseToEnd({ type: 'STRESS', shocks: [{ type: 'RATES_UP', points: 0.01 }], paths: 50, seed: 3 });
    expect((await sent(api.DELETE('/households/{householdId}/scenarios/{scenarioId}', { params: { path: inScenario() } }))).status).toBe(
      204,
    );
    expect((await read(analysis.id)).status).toBe(404);
    expect((await list()).status).toBe(404);
    const again = await start({ type: 'DIAGNOSE', paths: 10 });
    expect(again.status).toBe(404);
    const items = await dynamoClient().query({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': householdKeys.partition({ realmId: 'realm-a', householdId }),
        ':prefix': `SCENARIO#${scenarioId}`,
      },
      ConsistentRead: true,
    });
    expect(items.Items).toEqual([]);
  });
});
