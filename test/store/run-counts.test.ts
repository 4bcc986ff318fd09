/**
 * Counting a scenario's simulations and analyses and a household's comparisons (what a new run's
 * limit checks) against the store under test, across pages of more than 1 MB, and equal to the
 * length of the lists they stand for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunKind, RunRef } from '../../shared/domain/runs/run.js';
import {
  countAnalyses,
  countComparisons,
  countSimulations,
  listAnalyses,
  listComparisons,
  listSimulations,
  putNewRun,
} from '../../shared/store/runs/runs.js';
import { queuedRunRecord } from '../runs/queued-run.js';
import { startStore } from '../runs/store-fixture.js';

let store: { close(): Promise<void> };
beforeAll(async () => {
  store = await startStore();
});
afterAll(async () => {
  await store?.close();
});

/** Writes `count` runs of a kind, each carrying `padding` bytes, so that a few hundred pass a 1 MB page. */
async function putRuns(kind: RunKind, scenarioId: string, count: number, padding = 0): Promise<void> {
  for (let i = 0; i < count; i++) {
    const runId = `${kind}-${scenarioId}-${String(i).padStart(4, '0')}`;
    const ref: RunRef =
      kind === 'COMPARISON'
        ? { realmId: 'r1', householdId: 'h-count', kind, runId }
        : { realmId: 'r1', householdId: 'h-count', kind, runId, scenarioId };
    await putNewRun(ref, { ...queuedRunRecord(ref, { paths: 1_000, shards: 2, seed: 1 }), padding: 'x'.repeat(padding) } as never);
  }
}

describe('run counts', () => {
  it('count the runs a list holds, by kind and scenario, over pages of more than 1 MB', async () => {
    await putRuns('SIMULATION', 's1', 520, 2_500); // about 1.3 MB: at least two pages
    await putRuns('ANALYSIS', 's1', 7);
    await putRuns('SIMULATION', 's2', 3);
    await putRuns('COMPARISON', 's1', 5);
    const s1 = { realmId: 'r1', householdId: 'h-count', scenarioId: 's1' };
    expect(await countSimulations(s1)).toBe(520);
    expect(await countSimulations(s1)).toBe((await listSimulations(s1)).length);
    expect(await countAnalyses(s1)).toBe(7);
    expect(await countAnalyses(s1)).toBe((await listAnalyses(s1)).length);
    expect(await countSimulations({ ...s1, scenarioId: 's2' })).toBe(3);
    expect(await countComparisons({ realmId: 'r1', householdId: 'h-count' })).toBe(5);
    expect(await countComparisons({ realmId: 'r1', householdId: 'h-count' })).toBe(
      (await listComparisons({ realmId: 'r1', householdId: 'h-count' })).length,
    );
    expect(await countSimulations({ ...s1, scenarioId: 'none' })).toBe(0);
  });
});
