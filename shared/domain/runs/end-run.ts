/**
 * Ending a run: the caller that wins the transition to FAILED (or COMPLETED, in finalize.ts)
 * releases the run's slot of the realm's cap; releasing is idempotent, so a lost race or a
 * repeated step cannot release twice.
 */
import { releaseRunSlot } from '../../store/runs/active-runs.js';
import { failRun, getRun } from '../../store/runs/runs.js';
import { staleAfterMs } from './limits.js';
import type { RunRecord, RunRef } from './run.js';
import { isFinished } from './run.js';

export async function failRunAndRelease(ref: RunRef, reason: string): Promise<boolean> {
  const failed = await failRun(ref, reason.slice(0, 500));
  const run = await getRun(ref);
  // Released whenever the run is over (or gone): this also repairs a release lost after an earlier transition.
  if (!run || isFinished(run.status)) await releaseRunSlot(ref);
  return failed;
}

/**
 * The staleness check: a queued or running run whose shards stopped joining (a lost message, a
 * worker that keeps dying) is marked FAILED when read, instead of staying RUNNING forever.
 */
export async function failIfStale(ref: RunRef, run: RunRecord, now = Date.now()): Promise<RunRecord> {
  if (isFinished(run.status)) return run;
  const idleMs = now - Date.parse(run.lastProgressAt);
  if (idleMs <= staleAfterMs()) return run;
  const minutes = Math.round(staleAfterMs() / 60_000);
  await failRunAndRelease(
    ref,
    `no shard finished for ${minutes} minute(s): ${run.completedShards} of ${run.shards} shards had completed`,
  );
  return (await getRun(ref)) ?? run;
}
