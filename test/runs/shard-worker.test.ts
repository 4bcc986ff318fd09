/**
 * The shard worker and the run store against dynalite: the join under redelivery and duplicates,
 * the last-attempt failure, runs deleted mid-flight, staleness and the realm's run slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/workers/shard-worker.js';
import { handler as deadLetterHandler } from '../../functions/workers/shard-dead-letter.js';
import { simulate } from '../../shared/engine/index.js';
import { toHouseholdPlan } from '../../shared/domain/scenario/index.js';
import type { RunRef } from '../../shared/domain/runs/run.js';
import { loadRun } from '../../shared/domain/runs/run-access.js';
import { failInterruptedRuns } from '../../shared/domain/runs/end-run.js';
import { getRun, joinShard, markComputed } from '../../shared/store/runs/runs.js';
import { acquireRunSlot, slotHolders } from '../../shared/store/runs/active-runs.js';
import { getRunBlob, getShardResults, putRunBlob } from '../../shared/store/runs/run-data.js';
import { runShard, storedShardResult } from '../../shared/domain/runs/run-engine.js';
import { loadRunWork } from '../../shared/domain/runs/run-input.js';
import { decodeShardMessage } from '../../shared/domain/runs/shard-message.js';
import { MalformedMessageError } from '../../shared/queue/malformed-message.js';
import type { OutputDocument } from '../../shared/engine/index.js';
import { event, queuedRun, scenario } from './queued-run.js';
import { startStore } from './store-fixture.js';

let store: { close(): Promise<void> };
beforeAll(async () => {
  store = await startStore();
});
afterAll(async () => {
  await store?.close();
});

describe('shard worker', () => {
  // Each of these as a run's creation sends its messages: reading the stored input, or carrying it.
  const forms = [
    ['reading the stored input', false],
    ['carrying the input', true],
  ] as const;

  it.each(forms)(
    'joins shards in any order, ignores repeats, and the last one merges the output and completes the run (%s)',
    async (_, carried) => {
      const { ref, messages } = await queuedRun({ paths: 600, shards: 3, carried });
      expect((await handler(event(messages[2]))).batchItemFailures).toEqual([]);
      let run = await getRun(ref);
      expect(run?.status).toBe('RUNNING');
      expect(run?.progress).toBeCloseTo(1 / 3, 12);
      expect((await handler(event(messages[2], 2))).batchItemFailures).toEqual([]); // redelivered: no double count
      expect((await getRun(ref))?.completedShards).toBe(1);
      await handler(event(messages[0]));
      await handler(event(messages[1]));
      run = await getRun(ref);
      expect(run?.status).toBe('COMPLETED');
      expect(run?.progress).toBe(1);
      expect(run?.joinedShards).toEqual([0, 1, 2]);
      expect(run?.elapsedMs).toBeGreaterThan(0);
      const output = await getRunBlob<OutputDocument>(ref, 'OUTPUT');
      const reference = simulate(toHouseholdPlan(scenario), { seed: 11, paths: 600, shards: 3 });
      expect(output?.summary).toEqual(reference.summary);
      expect(output?.timeSeries).toEqual(reference.timeSeries);
      expect((await getShardResults(ref)).size).toBe(0); // merged, then dropped
      expect((await slotHolders('r1')).map((r) => r.runId)).not.toContain(ref.runId);
      // A shard delivered after completion changes nothing.
      expect((await handler(event(messages[1], 4))).batchItemFailures).toEqual([]);
      expect((await getRun(ref))?.version).toBe(run?.version);
    },
  );

  it.each(forms)(
    'resumes a fan-in interrupted after the last shard joined, computing again the result that shard did not store (%s)',
    async (_, carried) => {
      const { ref, messages } = await queuedRun({ paths: 600, shards: 3, carried });
      await handler(event(messages[0]));
      await handler(event(messages[1]));
      expect((await getShardResults(ref)).size).toBe(2);
      // The state a worker leaves when it dies right after the last join: the last shard merges its
      // result from memory, so it joined without storing it.
      expect((await joinShard(ref, 2, 1)).joined).toBe(true);
      expect((await getRun(ref))?.status).toBe('RUNNING');
      expect((await handler(event(messages[2], 2))).batchItemFailures).toEqual([]);
      expect((await getRun(ref))?.status).toBe('COMPLETED');
      const output = await getRunBlob<OutputDocument>(ref, 'OUTPUT');
      const reference = simulate(toHouseholdPlan(scenario), { seed: 11, paths: 600, shards: 3 });
      expect(output?.summary).toEqual(reference.summary);
      expect(output?.timeSeries).toEqual(reference.timeSeries);
      expect((await getShardResults(ref)).size).toBe(0);
    },
  );

  it('waits for shards that have simulated to join, not storing its result too, and stores it if they do not join in time', async () => {
    const reference = simulate(toHouseholdPlan(scenario), { seed: 11, paths: 400, shards: 2 });
    const { ref, messages } = await queuedRun({ paths: 400, shards: 2 });
    // Shard 0 has simulated and is storing its result when shard 1 finishes.
    expect((await markComputed(ref, 0))?.computed).toEqual([0]);
    const work = await loadRunWork(ref);
    const range = { pathStart: messages[0].pathStart, pathCount: messages[0].pathCount };
    const second = handler(event(messages[1]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await getShardResults(ref)).size).toBe(0); // shard 1 waits, its result not stored
    await putRunBlob(ref, { shard: 0 }, storedShardResult(work, runShard(work, 11, range)));
    expect((await joinShard(ref, 0, 1)).joined).toBe(true);
    expect((await second).batchItemFailures).toEqual([]);
    expect((await getRun(ref))?.status).toBe('COMPLETED');
    expect((await getRunBlob<OutputDocument>(ref, 'OUTPUT'))?.summary).toEqual(reference.summary);

    // Shard 0 simulated but never joins (its worker died): shard 1 stores its result after the wait.
    process.env.SHARD_JOIN_WAIT_MS = '200';
    try {
      const again = await queuedRun({ paths: 400, shards: 2 });
      await markComputed(again.ref, 0);
      expect((await handler(event(again.messages[1]))).batchItemFailures).toEqual([]);
      expect([...(await getShardResults(again.ref)).keys()]).toEqual([1]);
      expect((await getRun(again.ref))?.joinedShards).toEqual([1]);
      // Shard 0 delivered again: the last to join, it merges and completes the run.
      expect((await handler(event(again.messages[0], 2))).batchItemFailures).toEqual([]);
      expect((await getRun(again.ref))?.status).toBe('COMPLETED');
      expect((await getRunBlob<OutputDocument>(again.ref, 'OUTPUT'))?.summary).toEqual(reference.summary);
    } finally {
      delete process.env.SHARD_JOIN_WAIT_MS;
    }
  });

  it('reports a failing shard for redelivery, and on its last delivery ends the run FAILED with the reason', async () => {
    const { ref, messages } = await queuedRun({ paths: 100, shards: 2, input: false });
    expect((await handler(event(messages[1], 1, 'x'))).batchItemFailures).toEqual([{ itemIdentifier: 'x' }]);
    expect((await getRun(ref))?.status).toBe('QUEUED');
    expect((await handler(event(messages[1], 3, 'x'))).batchItemFailures).toEqual([{ itemIdentifier: 'x' }]);
    const run = await getRun(ref);
    expect(run?.status).toBe('FAILED');
    expect(run?.error?.reason).toBe('shard 1 (paths 50 to 99) failed after 3 attempts: the run has no stored input');
    expect((await slotHolders('r1')).map((r) => r.runId)).not.toContain(ref.runId);
    // The dead-letter consumer leaves an already failed run as it is.
    await deadLetterHandler(event(messages[1], 3, 'x'));
    expect((await getRun(ref))?.error?.reason).toBe(run?.error?.reason);
  });

  it('drops a malformed message instead of retrying it forever', async () => {
    expect((await handler(event('{"v":1,"shard":-1}'))).batchItemFailures).toEqual([]);
    expect((await handler(event('not json'))).batchItemFailures).toEqual([]);
    const { ref, messages } = await queuedRun({ paths: 100, shards: 2 });
    for (const carried of [
      { seed: -1, input: { scenarios: [scenario] } },
      { seed: 1.5, input: { scenarios: [scenario] } },
      { seed: 11, input: { scenarios: [] } },
      { seed: 11, input: { scenarios: [scenario], extra: 1 } },
      { input: { scenarios: [scenario] } },
    ]) {
      expect(() => decodeShardMessage(JSON.stringify({ ...messages[0], carried }))).toThrow(MalformedMessageError);
      expect((await handler(event(JSON.stringify({ ...messages[0], carried })))).batchItemFailures).toEqual([]);
    }
    expect((await getRun(ref))?.joinedShards).toEqual([]); // none of them joined
  });

  it('ends the shard of a run that ended while it simulated its carried input, without joining it', async () => {
    const { ref, messages } = await queuedRun({ paths: 100, shards: 2, carried: true });
    const { failRunAndRelease } = await import('../../shared/domain/runs/end-run.js');
    expect(await failRunAndRelease(ref, 'stopped for the test')).toBe(true);
    expect((await handler(event(messages[0]))).batchItemFailures).toEqual([]);
    const run = await getRun(ref);
    expect(run?.status).toBe('FAILED');
    expect(run?.joinedShards).toEqual([]);
    expect((await getShardResults(ref)).size).toBe(0);
  });

  it.each(forms)('drops the work of a shard whose run was deleted, and frees the slot (%s)', async (_, carried) => {
    const { ref, messages } = await queuedRun({ paths: 100, shards: 2, carried });
    const { deleteRunItem } = await import('../../shared/store/runs/runs.js');
    await deleteRunItem(ref);
    expect((await handler(event(messages[0]))).batchItemFailures).toEqual([]);
    expect((await slotHolders('r1')).map((r) => r.runId)).not.toContain(ref.runId);
  });

  it('marks a run whose shards stopped coming back FAILED when read', async () => {
    const old = new Date(Date.now() - 16 * 60_000).toISOString();
    const { ref } = await queuedRun({ paths: 100, shards: 2, lastProgressAt: old });
    const run = await loadRun(ref, 'Simulation');
    expect(run.status).toBe('FAILED');
    expect(run.error?.reason).toBe('no shard finished for 15 minute(s): 0 of 2 shards had completed');
    expect((await slotHolders('r1')).map((r) => r.runId)).not.toContain(ref.runId);
  });

  it('ends at once the runs a stopped process left unfinished with no shard to resume, and no run started since', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const orphan = await queuedRun({ paths: 100, shards: 2 });
    const resumed = await queuedRun({ paths: 100, shards: 2 });
    const resumes = (ref: RunRef) => ref.runId === resumed.ref.runId;
    const ghost: RunRef = { realmId: 'r2', householdId: 'h1', kind: 'SIMULATION', runId: 'vanished', scenarioId: 's1' };
    expect(await acquireRunSlot(ghost, 100)).toBe(true); // a slot whose run is gone
    await pause();
    const restartedAt = new Date();
    await pause();
    const fresh = await queuedRun({ paths: 100, shards: 2 });

    const failed = await failInterruptedRuns(restartedAt, 'the service restarted', resumes);
    expect(failed.map((r) => r.runId)).toContain(orphan.ref.runId);
    expect(failed.map((r) => r.runId)).not.toContain(fresh.ref.runId);
    const ended = await getRun(orphan.ref);
    expect(ended?.status).toBe('FAILED');
    expect(ended?.error?.reason).toBe('the service restarted');
    expect((await getRun(fresh.ref))?.status).toBe('QUEUED');
    expect((await getRun(resumed.ref))?.status).toBe('QUEUED');
    expect((await slotHolders('r1')).map((r) => r.runId).sort()).toEqual([fresh.ref.runId, resumed.ref.runId].sort());
    expect(await slotHolders('r2')).toEqual([]);
    // Nothing left to end: a second pass fails nothing.
    expect(await failInterruptedRuns(restartedAt, 'again', resumes)).toEqual([]);
  });
});
