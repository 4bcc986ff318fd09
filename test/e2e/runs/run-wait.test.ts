/**
 * A GET of a run that waits (`?wait=N`), end to end over HTTP with real tokens on the local runtime
 * (embedded store, in-process queue, worker threads): one GET sees a queued run of each kind end,
 * as soon as it ends (the worker thread's hint, not the next re-read);
 * `wait=0` answers at once; a wait that runs out answers the run as it then is; bad values are a
 * 400 naming `wait`; a missing run and another realm's run are a 404 at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRealm } from '../../../shared/identity/registration.js';
import { identityStore } from '../../../shared/store/identity/process-store.js';
import { auth, sent } from '../../support/typed-client.js';
import { createHouseholdWithScenario, faultsForNextRun, startRunHarness, type RunHarness } from './harness.js';
import { retireeScenario } from './scenarios.js';

/** How long a held shard's redelivery waits: the held run stays unfinished at least this long. */
const holdMs = 5_000;
/** A bound for an answer given at once, far below the waits asked for (5 s) on a busy machine. */
const atOnceMs = 2_000;

let harness: RunHarness;
let ids: { householdId: string; scenarioId: string };
let otherRealm: string;

const simulationsPath = '/households/{householdId}/scenarios/{scenarioId}/simulations' as const;
const simulationPath = (simulationId: string) => `/households/${ids.householdId}/scenarios/${ids.scenarioId}/simulations/${simulationId}`;
const startSimulation = (body: { paths: number; seed?: number }) =>
  sent(harness.api.POST(simulationsPath, { params: { path: ids }, body }));

const readAnalysis = (analysisId: string) =>
  sent(
    harness.api.GET('/households/{householdId}/scenarios/{scenarioId}/analyses/{analysisId}', {
      params: { path: { ...ids, analysisId }, query: { wait: '20' } },
      headers: auth(harness.token),
    }),
  );

/** A GET of `path` with the raw query `query`, and how long it took. */
async function timedGet(path: string, query: string, token = harness.token) {
  const started = Date.now();
  const response = await harness.http.get(`${path}${query}`, { token });
  return { response, ms: Date.now() - started };
}

beforeAll(async () => {
  // 20 years a path; runs above 20,000 path-years are queued in shards of at most 50,000. A lost
  // delivery comes back after `holdMs`, which is how a run is held unfinished on purpose.
  harness = await startRunHarness({
    SHARD_PATH_YEARS: '50000',
    RUN_INLINE_PATH_YEARS: '20000',
    RUNS_MAX_ACTIVE_PER_REALM: '10',
    SHARD_RETRY_DELAY_MS: String(holdMs),
  });
  ids = await createHouseholdWithScenario(harness, retireeScenario(67, 20));
  const store = identityStore();
  await createRealm(store, 'elsewhere');
  const other = await createClient(store, { realmId: 'elsewhere', clientId: 'backend', serviceAccountRoles: ['realm-admin'] });
  otherRealm = await harness.serviceToken({ realmId: 'elsewhere', clientId: 'backend', secret: other.secret });
});

afterAll(async () => {
  harness?.queue.setFaults(undefined);
  await harness?.close();
});

describe('GET of a run with ?wait=', () => {
  it('answers a queued simulation COMPLETED in one GET, the same document and ETag as a GET without wait', async () => {
    const created = await startSimulation({ paths: 4_000, seed: 3 });
    expect(created.status, created.text).toBe(201);
    expect(created.body.status).toBe('QUEUED');
    const { response } = await timedGet(simulationPath(created.body.id), '?wait=20');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: created.body.id, status: 'COMPLETED', completedShards: response.body.shards });
    const plain = await harness.http.get(simulationPath(created.body.id), { token: harness.token });
    expect(plain.body).toEqual(response.body);
    expect(response.headers.get('etag')).toBe(plain.headers.get('etag'));
    expect(response.headers.get('etag')).toBe(`"${response.body.version}"`);
  });

  it('answers when the run ends, not at its next re-read: the worker that ends it hints the waiting read', async () => {
    // With re-reads a minute apart, only the hint from the worker thread can end this wait before its 20 s.
    const interval = process.env.RUN_WAIT_POLL_MS;
    process.env.RUN_WAIT_POLL_MS = '60000';
    try {
      const created = await startSimulation({ paths: 4_000, seed: 8 });
      expect(created.body.status).toBe('QUEUED');
      const { response, ms } = await timedGet(simulationPath(created.body.id), '?wait=20');
      expect(response.body.status).toBe('COMPLETED');
      expect(ms).toBeLessThan(15_000);
    } finally {
      if (interval === undefined) delete process.env.RUN_WAIT_POLL_MS;
      else process.env.RUN_WAIT_POLL_MS = interval;
    }
  });

  it('answers at once with wait=0, and after about N seconds with the run as it is when the wait runs out', async () => {
    // The first delivery of shard 0 is lost: the run cannot end before its redelivery, `holdMs` later.
    const faults = faultsForNextRun(harness.queue, (shard, receiveCount) =>
      shard === 0 && receiveCount === 1 ? 'fail-before' : undefined,
    );
    const created = await startSimulation({ paths: 4_000, seed: 4 });
    expect(created.status, created.text).toBe(201);

    const atOnce = await timedGet(simulationPath(created.body.id), '?wait=0');
    expect(atOnce.response.status).toBe(200);
    expect(['QUEUED', 'RUNNING']).toContain(atOnce.response.body.status);
    expect(atOnce.ms).toBeLessThan(atOnceMs);

    const timedOut = await timedGet(simulationPath(created.body.id), '?wait=1');
    expect(timedOut.response.status).toBe(200);
    expect(['QUEUED', 'RUNNING']).toContain(timedOut.response.body.status);
    expect(timedOut.ms).toBeGreaterThanOrEqual(1_000);
    expect(timedOut.ms).toBeLessThan(holdMs);
    expect(timedOut.response.headers.get('etag')).toBe(`"${timedOut.response.body.version}"`);

    const ended = await timedGet(simulationPath(created.body.id), '?wait=20');
    expect(ended.response.body.status).toBe('COMPLETED');
    expect(faults.applied).toEqual(['fail-before:0']);
    harness.queue.setFaults(undefined);
  });

  it('is a 400 naming wait for a value that is not a whole number of seconds from 0 to 20, or is repeated', async () => {
    const created = await startSimulation({ paths: 100 });
    expect(created.body.status).toBe('COMPLETED');
    for (const query of ['?wait=abc', '?wait=-1', '?wait=21', '?wait=1.5', '?wait=', '?wait=1e1', '?wait=%201', '?wait=1&wait=2']) {
      const { response } = await timedGet(simulationPath(created.body.id), query);
      expect(response.status, query).toBe(400);
      expect(
        response.body.errors.map((error: { field: string }) => error.field),
        query,
      ).toEqual(['wait']);
    }
    expect((await timedGet(simulationPath(created.body.id), '?wait=20')).response.status).toBe(200);
  });

  it('is a 404 at once for a missing run, a missing scenario, and another realm’s run', async () => {
    const created = await startSimulation({ paths: 4_000, seed: 5 });
    const missing = await timedGet(simulationPath('01ARZ3NDEKTSV4RRFFQ69G5FAV'), '?wait=5');
    expect(missing.response.status).toBe(404);
    expect(missing.ms).toBeLessThan(atOnceMs);
    const noScenario = await timedGet(
      `/households/${ids.householdId}/scenarios/01ARZ3NDEKTSV4RRFFQ69G5FAV/simulations/${created.body.id}`,
      '?wait=5',
    );
    expect(noScenario.response.status).toBe(404);
    expect(noScenario.ms).toBeLessThan(atOnceMs);
    const foreign = await timedGet(simulationPath(created.body.id), '?wait=5', otherRealm);
    expect(foreign.response.status).toBe(404);
    expect(foreign.ms).toBeLessThan(atOnceMs);
    expect(JSON.stringify(foreign.response.body)).not.toContain('"status":"RUNNING"');
    expect((await timedGet(simulationPath(created.body.id), '?wait=20')).response.body.status).toBe('COMPLETED');
  });

  it('waits for a queued comparison and a queued analysis, each answered with its document', async () => {
    const copy = await sent(
      harness.api.POST('/households/{householdId}/scenarios', {
        params: { path: { householdId: ids.householdId } },
        body: { copyOf: ids.scenarioId },
      }),
    );
    expect(copy.status).toBe(201);
    const comparison = await sent(
      harness.api.POST('/households/{householdId}/comparisons', {
        params: { path: { householdId: ids.householdId } },
        body: { baselineScenarioId: ids.scenarioId, alternativeScenarioId: copy.body.id, paths: 2_000, seed: 6 },
      }),
    );
    expect(comparison.status, comparison.text).toBe(201);
    expect(comparison.body.status).toBe('QUEUED');
    const compared = await sent(
      harness.api.GET('/households/{householdId}/comparisons/{comparisonId}', {
        params: { path: { householdId: ids.householdId, comparisonId: comparison.body.id }, query: { wait: '20' } },
      }),
    );
    expect(compared.status).toBe(200);
    expect(compared.body.status).toBe('COMPLETED');
    expect(compared.body.comparison.metadata.paths).toBe(2_000);

    const analysis = await sent(
      harness.api.POST('/households/{householdId}/scenarios/{scenarioId}/analyses', {
        params: { path: ids },
        body: { type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability: 0.75 }, paths: 2_000, seed: 7 },
      }),
    );
    expect(analysis.status, analysis.text).toBe(201);
    expect(analysis.body.status).toBe('QUEUED');
    // A solve runs the engine several times: on a busy machine it may outlast one wait, so the GET is re-issued.
    let analysed = await readAnalysis(analysis.body.id);
    for (let gets = 1; gets < 6 && !['COMPLETED', 'FAILED'].includes(analysed.body.status); gets += 1) {
      analysed = await readAnalysis(analysis.body.id);
    }
    expect(analysed.status).toBe(200);
    expect(analysed.body.status, JSON.stringify(analysed.body.error)).toBe('COMPLETED');
    expect(analysed.body.analysis.metadata).toMatchObject({ type: 'SOLVE', paths: 2_000, seed: 7 });
  });
});
