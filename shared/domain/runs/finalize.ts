/**
 * The fan-in: once every shard has joined, the worker that completed the set (or, after a crash,
 * any redelivered shard that finds the set complete) merges the shard results, stores the output
 * and marks the run COMPLETED. Every step is repeatable: the output is written under a fixed key,
 * and the status moves to COMPLETED on condition that the run is still live; the caller that moved it
 * counts the run in the realm's usage ledger.
 */
import { releaseRunSlot } from '../../store/runs/active-runs.js';
import { deleteShardResults, getShardResults, putRunBlob } from '../../store/runs/run-data.js';
import { completeRun } from '../../store/runs/runs.js';
import type { ShardRange } from '../../engine/index.js';
import { meterCompletedRun } from '../usage/meter-run.js';
import { publishRunEnded } from '../webhooks/run-events.js';
import { buildRunDocument, runShard, type RunShardResult, type RunWork, type StoredShardResult } from './run-engine.js';
import { loadRunWork } from './run-input.js';
import { hintRunEnded } from './run-end-hint.js';
import type { RunRecord, RunRef } from './run.js';
import { stepTimer } from './step-timer.js';

/** Milliseconds spent in each step of the fan-in (for the worker's log line). */
export type FinalizeTimings = Partial<Record<'readMs' | 'mergeMs' | 'outputMs' | 'completeMs' | 'cleanupMs', number>>;

/**
 * The finalizing worker's own shard: its result, held in memory (not read back), with the other
 * shards' results if it is already reading them; or its path range, to compute the result again
 * should it be missing (the last shard to join does not store it). With the run's work when the
 * worker has it (a shard whose message carried the input: such a run's input is not stored).
 */
export type OwnShard = { work?: RunWork } & (
  | { shard: number; result: RunShardResult; stored?: Promise<Map<number, StoredShardResult>> }
  | { shard: number; range: ShardRange }
);

export async function finalizeRun(ref: RunRef, run: RunRecord, own?: OwnShard, now = () => new Date()): Promise<FinalizeTimings> {
  const timings: FinalizeTimings = {};
  const step = stepTimer(timings);
  const held = own && 'result' in own ? own : undefined;
  const [stored, work] = await Promise.all([
    held?.stored ?? getShardResults<StoredShardResult>(ref, held?.shard),
    own?.work ?? loadRunWork(ref),
  ]);
  const results = run.joinedShards.map((shard) => {
    if (shard === held?.shard) return held.result;
    const result = stored.get(shard) ?? (own && 'range' in own && own.shard === shard ? runShard(work, run.seed, own.range) : undefined);
    if (!result) throw new Error(`the result of shard ${shard} is missing`);
    return result;
  });
  step('readMs');
  const document = buildRunDocument(work, results, { seed: run.seed, shards: run.shards, elapsedMs: run.elapsedMs ?? 0 });
  if (document.metadata.paths !== run.paths) {
    throw new Error(`merged ${document.metadata.paths} paths, expected ${run.paths}`);
  }
  step('mergeMs');
  await putRunBlob(ref, 'OUTPUT', document);
  step('outputMs');
  const completedAt = now();
  const completed = await completeRun(ref, {
    completedAt: completedAt.toISOString(),
    durationMs: completedAt.getTime() - Date.parse(run.createdAt),
  });
  step('completeMs');
  if (!completed) return timings;
  hintRunEnded(ref.runId);
  // Only the winner of the transition gets here; a crash before the count is made good by the next
  // delivery of any of the run's shards, which finds it COMPLETED and not yet metered.
  const ended: RunRecord = { ...run, status: 'COMPLETED', completedAt: completedAt.toISOString(), eventPending: true };
  await meterCompletedRun(ref, ended);
  await releaseRunSlot(ref);
  // The shard results are merged into the output: they are no longer needed.
  await deleteShardResults(ref);
  // Last: a crash before it leaves the run marked, and a redelivered shard hands the event on.
  await publishRunEnded(ref, ended);
  step('cleanupMs');
  return timings;
}
