/**
 * The local runtime restarted on its data: a run the previous process left queued with no shard
 * message stored (it stopped before queuing them) ends FAILED, with the reason, as soon as the new
 * process's shard queue starts. Runs whose shards are stored resume (restart-resumes.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_REASON, shardQueuePlugin } from '../../infra/local/queue-plugin.js';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import type { RunRef } from '../../shared/domain/runs/run.js';
import { acquireRunSlot, slotHolders } from '../../shared/store/runs/active-runs.js';
import { getRunBlob, getShardResults, putRunBlob } from '../../shared/store/runs/run-data.js';
import { getRun, putNewRun } from '../../shared/store/runs/runs.js';
import { queuedRunRecord } from './queued-run.js';

const dataDir = mkdtempSync(join(tmpdir(), 'restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a restart of the local runtime', () => {
  it('ends the runs the stopped process left queued without their shards, and removes the shard results they had', async () => {
    process.env.LOG_LEVEL = 'silent';
    process.env.LOCAL_WORKERS = '1';
    const ref: RunRef = { realmId: 'r1', householdId: 'h1', kind: 'SIMULATION', runId: 'left-behind', scenarioId: 's1' };
    const first = await startLocalRuntime({ port: 0, dataDir, plugins: [] });
    try {
      expect(await acquireRunSlot(ref, 10)).toBe(true);
      await putNewRun(ref, queuedRunRecord(ref, { paths: 1000, seed: 1, shards: 2, joinedShards: [0] }));
      await putRunBlob(ref, 'INPUT', { scenarios: [] });
      await putRunBlob(ref, { shard: 0 }, { shard: 0 });
    } finally {
      await first.close();
    }

    const second = await startLocalRuntime({ port: 0, dataDir, plugins: [shardQueuePlugin] });
    try {
      const run = await getRun(ref);
      expect(run?.status).toBe('FAILED');
      expect(run?.error?.reason).toBe(INTERRUPTED_REASON);
      expect(await slotHolders('r1')).toEqual([]);
      expect((await getShardResults(ref)).size).toBe(0);
      // The input stays with the run (it says what was run) until the run is deleted.
      expect(await getRunBlob(ref, 'INPUT')).toEqual({ scenarios: [] });
    } finally {
      await second.close();
    }
  });
});
