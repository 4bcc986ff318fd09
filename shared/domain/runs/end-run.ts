/**
 * Ending a run: the caller that wins the transition to FAILED (or COMPLETED, in finalize.ts)
 * releases the run's slot of the realm's cap; releasing is idempotent, so a lost race or a
 * repeated step cannot release twice. A failed run keeps its input (what was run) but not its
 * shard results, which nothing will merge.
 */
import { allSlotHolders, releaseRunSlot } from '../../store/runs/active-runs.js';
import { deleteShardResults } from '../../store/runs/run-data.js';
import { failRun, getRun } from '../../store/runs/runs.js';
import { returnAdmission } from '../usage/quota.js';
import { publishRunEndedQuietly } from '../webhooks/run-events.js';
import { staleAfterMs } from './limits.js';
import { hintRunEnded } from './run-end-hint.js';
import type { RunRecord, RunRef } from './run.js';
import { isFinished } from './run.js';

export async function failRunAndRelease(ref: RunRef, reason: string): Promise<boolean> {
  const failed = await failRun(ref, reason.slice(0, 500));
  if (failed) hintRunEnded(ref.runId);
  const run = await getRun(ref);
  if (run?.status === 'FAILED') await dropShardResults(ref);
  // The winner of the transition gives the run's path-years back to the realm's quota.
  if (failed && run?.admittedIn && run.pathYears) {
    await returnAdmission({ realmId: ref.realmId, month: run.admittedIn, pathYears: run.pathYears });
  }
  // Released whenever the run is over (or gone): this also repairs a release lost after an earlier transition.
  if (!run || isFinished(run.status)) await releaseRunSlot(ref);
  if (run) await publishRunEndedQuietly(ref, run);
  return failed;
}

/** Removes a failed run's shard results; a shard that joins late finds the run failed and drops its own. */
export async function dropShardResults(ref: RunRef): Promise<void> {
  await deleteShardResults(ref);
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
  await failRunAndRelease(ref, `no shard finished for ${minutes} minute(s): ${run.completedShards} of ${run.shards} shards had completed`);
  return (await getRun(ref)) ?? run;
}

/**
 * For a run holding a slot of its realm's cap: releases the slot when the run has ended or vanished
 * (repairing a release that was lost), and otherwise hands the run to `whileGoing`, which may end
 * it (ending a run releases its slot).
 */
export async function settleSlotHolder(ref: RunRef, whileGoing: (run: RunRecord) => Promise<unknown>): Promise<void> {
  const run = await getRun(ref);
  if (!run || isFinished(run.status)) await releaseRunSlot(ref);
  else await whileGoing(run);
}

/**
 * Ends the runs a stopped process left queued or running whose shards are owed no delivery (the
 * local runtime's durable queue holds none of their messages: the process stopped between writing
 * the run and queuing its shards): each created before `startedAt` that has not ended, and for which
 * `resumes` is false, is marked FAILED with `reason` at once, instead of when it goes stale; and
 * every slot of a run that has ended or vanished is released. Returns the runs it failed.
 */
export async function failInterruptedRuns(startedAt: Date, reason: string, resumes: (ref: RunRef) => boolean): Promise<RunRef[]> {
  const failed: RunRef[] = [];
  for (const ref of await allSlotHolders()) {
    await settleSlotHolder(ref, async (run) => {
      if (resumes(ref) || Date.parse(run.createdAt) >= startedAt.getTime()) return;
      if (await failRunAndRelease(ref, reason)) failed.push(ref);
    });
  }
  return failed;
}
