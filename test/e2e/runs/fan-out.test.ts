/**
 * Runs end to end over HTTP with a real token: fan-out over the in-process queue to worker
 * threads, the join, faults the queue injects (lost, redelivered and duplicated deliveries), a
 * shard that always fails, and the realm's concurrent-run cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '../../../shared/engine/index.js';
import { QuantileSketch } from '../../../shared/engine/stats/index.js';
import { toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';
import type { RunRef } from '../../../shared/domain/runs/run.js';
import { dynamoClient } from '../../../shared/store/client.js';
import { acquireRunSlot, releaseRunSlot, reserveRunSlot, slotHolders, unreserveRunSlot } from '../../../shared/store/runs/active-runs.js';
import { readRealmCounter } from '../../../shared/store/realm-counters.js';
import { householdKeys } from '../../../shared/store/households.js';
import { tableName } from '../../../shared/store/table.js';
import { invalid, sent } from '../../support/typed-client.js';
import { createHouseholdWithScenario, faultsForNextRun, startRunHarness, waitForRun, type RunHarness } from './harness.js';
import { retireeScenario } from './scenarios.js';

let harness: RunHarness;
/** The household and scenario every run here belongs to. */
let ids: { householdId: string; scenarioId: string };
const simulationsPath = '/households/{householdId}/scenarios/{scenarioId}/simulations' as const;
const simulationPath = '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}' as const;
const outputPath = '/households/{householdId}/scenarios/{scenarioId}/simulations/{simulationId}/output' as const;
const latestOutputPath = '/households/{householdId}/scenarios/{scenarioId}/output' as const;
const startSimulation = (body: { paths?: number; seed?: number }) =>
  sent(harness.api.POST(simulationsPath, { params: { path: ids }, body }));
const runRef = (simulationId: string) => ({ ...ids, simulationId });
const scenario = retireeScenario(67, 20);

beforeAll(async () => {
  harness = await startRunHarness({
    // 20 years a path: 20,000 paths are 400,000 path-years, 8 shards of 50,000.
    SHARD_PATH_YEARS: '50000',
    RUN_INLINE_PATH_YEARS: '20000',
    RUNS_MAX_ACTIVE_PER_REALM: '10',
  });
  ids = await createHouseholdWithScenario(harness, scenario);
});

afterAll(async () => {
  harness?.queue.setFaults(undefined);
  await harness?.close();
});

async function runToEnd(body: { paths?: number; seed?: number }): Promise<{ run: Record<string, any>; output?: Record<string, any> }> {
  const created = await startSimulation(body);
  expect(created.status, created.text).toBe(201);
  expect(created.headers.get('location')).toBe(
    `${harness.server.url}/households/${ids.householdId}/scenarios/${ids.scenarioId}/simulations/${created.body.id}`,
  );
  const ended = await waitForRun(harness, runRef(created.body.id));
  if (ended.status !== 'COMPLETED') return { run: ended };
  const output = await sent(harness.api.GET(outputPath, { params: { path: runRef(ended.id) } }));
  expect(output.status).toBe(200);
  return { run: ended, output: output.body };
}

/**
 * The realm's slot holders once the runs of the tests before have let theirs go: a run's slot is
 * released just after the write that ends it, so a run read COMPLETED may hold it a moment longer.
 */
async function settledSlotHolders(realmId: string): Promise<RunRef[]> {
  return settled(
    () => slotHolders(realmId),
    (holders) => holders.length === 0,
  );
}

/** The realm's count of active runs once the runs before have let their slots go (as settledSlotHolders). */
async function settledActiveRuns(realmId: string) {
  return settled(
    () => readRealmCounter(realmId, 'activeRuns'),
    (counter) => counter?.value === 0,
  );
}

/** Reads until `done` holds or 5 seconds have passed, and returns the last reading. */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The output without the figures that legitimately differ between runs (timing). */
function comparable(output: Record<string, any>) {
  const { elapsedMs: _elapsed, ...metadata } = output.metadata;
  return { ...output, metadata };
}

describe('simulation runs fanned out over the queue', () => {
  it('gives 8 shards the same output as 1 shard: probabilities and means exactly, percentiles within the sketch bound', async () => {
    const { run, output } = await runToEnd({ paths: 20_000, seed: 4242 });
    expect(run.status).toBe('COMPLETED');
    expect(run.shards).toBe(8);
    expect(run.completedShards).toBe(8);
    expect(run.progress).toBe(1);
    expect(run.scenarioVersion).toBe(1);
    expect(output!.metadata.shards).toBe(8);

    // The scenario as the API stored it (with the defaults it took from its household: tax system, country).
    const stored = await sent(harness.api.GET('/households/{householdId}/scenarios/{scenarioId}', { params: { path: ids } }));
    const { id: _id, householdId: _household, createdAt: _created, updatedAt: _updated, version: _version, ...document } = stored.body;
    const checked = validateScenario(document);
    if (!checked.ok) throw new Error('test scenario is invalid');
    const single = simulate(toHouseholdPlan(checked.value), { seed: 4242, paths: 20_000, shards: 1 });
    const summary = output!.summary;
    expect(summary.probabilityOfSuccess).toBe(single.summary.probabilityOfSuccess);
    expect(summary.probabilityOfDepletion).toBe(single.summary.probabilityOfDepletion);
    expect(summary.expectedShortfall).toBe(single.summary.expectedShortfall);
    expect(summary.terminalEstate.mean).toBe(single.summary.terminalEstate.mean);
    expect(summary.members).toEqual(single.summary.members);
    // Each side is within the sketch's relative accuracy of the exact percentile, so they differ by at most twice it.
    const bound = 2 * QuantileSketch.RELATIVE_ACCURACY;
    for (const level of ['p5', 'p10', 'p25', 'p50', 'p75', 'p90', 'p95'] as const) {
      const exact = single.summary.terminalEstate[level]!;
      expect(Math.abs(summary.terminalEstate[level] - exact)).toBeLessThanOrEqual(bound * Math.abs(exact) + 1e-9);
    }
    for (const [t, entry] of single.timeSeries.entries()) {
      const got = output!.timeSeries[t];
      expect(got.depleted).toBe(entry.depleted);
      expect(got.netWorth.real.mean).toBe(entry.netWorth.real.mean);
      expect(got.members).toEqual(entry.members);
      const median = entry.netWorth.real.p50!;
      expect(Math.abs(got.netWorth.real.p50 - median)).toBeLessThanOrEqual(bound * Math.abs(median) + 1e-9);
    }

    // Sections and view options, and the scenario's latest output.
    const picked = await sent(
      harness.api.GET(outputPath, { params: { path: runRef(run.id), query: { sections: 'summary,timeSeries', view: 'real' } } }),
    );
    expect(Object.keys(picked.body).sort()).toEqual(['metadata', 'summary', 'timeSeries']);
    expect(Object.keys(picked.body.timeSeries[1].netWorth)).toEqual(['real']);
    const latest = await sent(harness.api.GET(latestOutputPath, { params: { path: ids, query: { sections: 'summary' } } }));
    expect(latest.status).toBe(200);
    expect(latest.body.simulationId).toBe(run.id);
    expect(latest.body.stale).toBe(false);
    const bad = await sent(
      harness.api.GET(latestOutputPath, { params: { path: ids, query: { sections: 'summary,nope', view: invalid('both') } } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['sections', 'view']);
  });

  it('leaves the output exactly as without faults when shards are redelivered, lost once or duplicated', async () => {
    process.env.SHARD_PATH_YEARS = '10000'; // 4,000 paths of 20 years: 8 shards of 500 paths
    try {
      const clean = await runToEnd({ paths: 4_000, seed: 77 });
      expect(clean.run.shards).toBe(8);

      const faultedRun = faultsForNextRun(harness.queue, (shard, receiveCount, isDuplicate) => {
        if (shard === 1 && receiveCount === 1) return 'fail-after'; // ran, but the ack was lost: delivered again
        if (shard === 3 && receiveCount === 1) return 'fail-before'; // lost before the worker saw it
        if ((shard === 5 || shard === 7) && !isDuplicate) return 'duplicate'; // delivered twice
        return undefined;
      });
      const faulted = await runToEnd({ paths: 4_000, seed: 77 });
      expect(faultedRun.runId()).toBe(faulted.run.id);
      expect(faultedRun.applied.sort()).toEqual(['duplicate:5', 'duplicate:7', 'fail-after:1', 'fail-before:3']);
      expect(faulted.run.status).toBe('COMPLETED');
      expect(faulted.run.completedShards).toBe(8);
      expect(comparable(faulted.output!)).toEqual(comparable(clean.output!));
      // The run can complete before its last redelivery or duplicate is delivered: those end here,
      // not in the next test, whose fault plan they would otherwise meet first.
      await harness.queue.idle();
    } finally {
      harness.queue.setFaults(undefined);
      process.env.SHARD_PATH_YEARS = '50000';
    }
  });

  it('caps concurrent runs per realm (429), ends a shard that always fails FAILED with its reason, and frees the slot', async () => {
    process.env.RUNS_MAX_ACTIVE_PER_REALM = '1';
    harness.queue.pause();
    try {
      const first = await startSimulation({ paths: 2_000, seed: 1 });
      expect(first.status).toBe(201);
      expect(first.body.status).toBe('QUEUED');
      expect(first.body.progress).toBe(0);

      const refused = await startSimulation({ paths: 2_000, seed: 2 });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.status).toBe('TOO_MANY_REQUESTS');
      expect(refused.body.message).toMatch(/At most 1 run/);

      // Small runs are simulated inline and need no slot.
      const inline = await startSimulation({ paths: 500, seed: 3 });
      expect(inline.status).toBe(201);
      expect(inline.body.status).toBe('COMPLETED');

      const pending = await sent(harness.api.GET(outputPath, { params: { path: runRef(first.body.id) } }));
      expect(pending.status).toBe(404);
      expect(pending.body.message).toMatch(/QUEUED/);

      faultsForNextRun(harness.queue, (shard) => (shard === 0 ? 'fail-before' : undefined));
      harness.queue.resume();
      const failed = await waitForRun(harness, runRef(first.body.id));
      expect(failed.status).toBe('FAILED');
      expect(failed.error!.reason).toMatch(/shard 0 \(paths 0 to 999\) was not processed after 3 deliveries/);
      const noOutput = await sent(harness.api.GET(outputPath, { params: { path: runRef(first.body.id) } }));
      expect(noOutput.status).toBe(404);
      expect(noOutput.body.message).toMatch(/FAILED/);

      harness.queue.setFaults(undefined);
      const next = await startSimulation({ paths: 2_000, seed: 2 });
      expect(next.status).toBe(201);
      expect((await waitForRun(harness, runRef(next.body.id))).status).toBe('COMPLETED');
    } finally {
      harness.queue.resume();
      harness.queue.setFaults(undefined);
      process.env.RUNS_MAX_ACTIVE_PER_REALM = '10';
    }
  });

  it('at its cap, leaves alone a slot taken moments ago whose run is not written yet, and frees one whose run is long gone', async () => {
    process.env.RUNS_MAX_ACTIVE_PER_REALM = '1';
    const slot = (runId: string): RunRef => ({
      realmId: 'demo',
      householdId: ids.householdId,
      kind: 'SIMULATION',
      runId,
      scenarioId: ids.scenarioId,
    });
    const creating = slot('01ARZ3NDEKTSV4RRFFQ69G5FAA');
    const gone = slot('01ARZ3NDEKTSV4RRFFQ69G5FAB');
    try {
      expect(await settledSlotHolders('demo')).toEqual([]);
      // A run being created holds its slot before its item is written: the realm is at its cap.
      expect(await acquireRunSlot(creating, 1)).toBe(true);
      const refused = await startSimulation({ paths: 2_000, seed: 5 });
      expect(refused.status).toBe(429);
      expect((await slotHolders('demo')).map((r) => r.runId)).toEqual([creating.runId]);
      await releaseRunSlot(creating);
      // A slot taken a minute ago whose run is not there: its run vanished, and the slot is freed.
      expect(await acquireRunSlot(gone, 1, new Date(Date.now() - 60_000))).toBe(true);
      const admitted = await startSimulation({ paths: 2_000, seed: 5 });
      expect(admitted.status).toBe(201);
      expect((await slotHolders('demo')).map((r) => r.runId)).not.toContain(gone.runId);
      expect((await waitForRun(harness, runRef(admitted.body.id))).status).toBe('COMPLETED');
      expect(await settledSlotHolders('demo')).toEqual([]);
    } finally {
      process.env.RUNS_MAX_ACTIVE_PER_REALM = '10';
      await releaseRunSlot(creating);
      await releaseRunSlot(gone);
    }
  });

  it('at its cap, recounts a count left raised with no slot item once it has been quiet, and not while it may be moving', async () => {
    process.env.RUNS_MAX_ACTIVE_PER_REALM = '1';
    try {
      expect(await settledSlotHolders('demo')).toEqual([]);
      // A writer that reserved a slot moments ago and has not written its item yet: the realm is at its cap.
      expect(await reserveRunSlot('demo', 1)).toBe(true);
      const refused = await startSimulation({ paths: 2_000, seed: 5 });
      expect(refused.status).toBe(429);
      expect(await readRealmCounter('demo', 'activeRuns')).toMatchObject({ value: 1 });
      await unreserveRunSlot('demo');
      // One that reserved a slot a minute ago and never wrote its item (it crashed): nothing else
      // would lower the count, which would hold the realm at its cap for good.
      expect(await reserveRunSlot('demo', 1, new Date(Date.now() - 60_000))).toBe(true);
      const admitted = await startSimulation({ paths: 2_000, seed: 5 });
      expect(admitted.status, admitted.text).toBe(201);
      expect(await readRealmCounter('demo', 'activeRuns')).toMatchObject({ value: 1 });
      expect((await waitForRun(harness, runRef(admitted.body.id))).status).toBe('COMPLETED');
      expect(await settledActiveRuns('demo')).toMatchObject({ value: 0 });
      expect(await settledSlotHolders('demo')).toEqual([]);
    } finally {
      process.env.RUNS_MAX_ACTIVE_PER_REALM = '10';
    }
  });

  it("lists, checks, deletes runs and shows an edited scenario's output as stale", async () => {
    const list = await sent(harness.api.GET(simulationsPath, { params: { path: ids, query: { sort: ['createdAt,desc'], size: '2' } } }));
    expect(list.status).toBe(200);
    expect(list.body.content).toHaveLength(2);
    expect(list.body.page.totalElements).toBeGreaterThanOrEqual(4);
    const newest = list.body.content[0];
    const newestRun = runRef(newest.id);
    expect((await sent(harness.api.HEAD(simulationPath, { params: { path: newestRun } }))).status).toBe(204);
    expect((await sent(harness.api.HEAD(outputPath, { params: { path: newestRun } }))).status).toBe(204);

    const patched = await sent(
      harness.api.PATCH('/households/{householdId}/scenarios/{scenarioId}', {
        params: { path: ids },
        body: { description: 'edited' },
        headers: { 'Content-Type': 'application/merge-patch+json' },
      }),
    );
    expect(patched.status).toBe(200);
    const latest = await sent(harness.api.GET(latestOutputPath, { params: { path: ids, query: { sections: 'summary' } } }));
    expect(latest.body.stale).toBe(true);

    expect((await sent(harness.api.DELETE(simulationPath, { params: { path: newestRun, header: { 'If-Match': '"999"' } } }))).status).toBe(
      412,
    );
    expect((await sent(harness.api.DELETE(simulationPath, { params: { path: newestRun } }))).status).toBe(204);
    expect((await sent(harness.api.GET(simulationPath, { params: { path: newestRun } }))).status).toBe(404);
    expect((await sent(harness.api.GET(outputPath, { params: { path: newestRun } }))).status).toBe(404);
  });

  it('rejects bad run requests with the field named', async () => {
    const tooMany = await startSimulation({ paths: 100_001 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual([{ field: 'paths', message: expect.stringMatching(/100000/) }]);
    const unknown = await startSimulation(invalid({ paths: 10, shards: 3 }));
    expect(unknown.status).toBe(400);
    const noToken = await sent(harness.api.POST(simulationsPath, { params: { path: ids }, body: {}, headers: { Authorization: '' } }));
    expect(noToken.status).toBe(401);
  });

  it("removes a scenario's runs, shard results and outputs with the scenario, and everything with the household", async () => {
    const { householdId, scenarioId } = ids;
    const partition = async () =>
      (
        await dynamoClient().query({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': householdKeys.partition({ realmId: 'demo', householdId }) },
          ConsistentRead: true,
        })
      ).Items ?? [];
    const underScenario = (items: Record<string, unknown>[]) =>
      items.filter((item) => String(item.sk).startsWith(`SCENARIO#${scenarioId}#`));
    expect(underScenario(await partition()).length).toBeGreaterThan(0);
    expect((await sent(harness.api.DELETE('/households/{householdId}/scenarios/{scenarioId}', { params: { path: ids } }))).status).toBe(
      204,
    );
    expect(underScenario(await partition())).toEqual([]);
    expect((await sent(harness.api.DELETE('/households/{householdId}', { params: { path: { householdId } } }))).status).toBe(204);
    expect(await partition()).toEqual([]);
  });
});
