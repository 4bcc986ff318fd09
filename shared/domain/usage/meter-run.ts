/**
 * Counting a completed run in the realm's usage ledger, and publishing it as metrics. What is
 * counted: one run of its kind, its paths, its path-years (paths × horizon, per scenario and per
 * trial: what it was admitted with) and its compute milliseconds (the engine time of its shards,
 * each added once when the shard joined). A failed run is not counted.
 */
import { publishRealmMetrics } from '../../log/usage-metrics.js';
import { markRunMetered } from '../../store/runs/runs.js';
import { addInlineRunUsage, meterRunOnce, type RunUsage } from '../../store/usage/ledger.js';
import type { RunRecord, RunRef } from '../runs/run.js';

const counters = { SIMULATION: 'simulations', COMPARISON: 'comparisons', ANALYSIS: 'analyses', QUERY: 'queries' } as const;

function usageOf(run: RunRecord): RunUsage {
  return { counter: counters[run.kind], paths: run.paths, pathYears: run.pathYears ?? 0, computeMs: run.elapsedMs ?? 0 };
}

function publish(realmId: string, usage: RunUsage): void {
  publishRealmMetrics(realmId, { Runs: 1, Paths: usage.paths, PathYears: usage.pathYears, ComputeMs: Math.round(usage.computeMs) });
}

/** A run completed inside its request: counted once, by that request. */
export async function meterInlineRun(realmId: string, run: RunRecord): Promise<void> {
  const usage = usageOf(run);
  await addInlineRunUsage(realmId, usage, new Date(run.completedAt ?? run.updatedAt));
  publish(realmId, usage);
}

/**
 * A queued run that has COMPLETED: counted unless it has been (the ledger's own condition), so the
 * worker that completed it and any redelivered shard that finds it unmarked may both call this.
 */
export async function meterCompletedRun(ref: RunRef, run: RunRecord): Promise<void> {
  if (run.status !== 'COMPLETED' || run.metered || !run.completedAt) return;
  const usage = usageOf(run);
  if (await meterRunOnce(ref.realmId, ref.runId, usage, new Date(run.completedAt))) publish(ref.realmId, usage);
  await markRunMetered(ref);
}
