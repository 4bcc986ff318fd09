import type { HouseholdPlan } from '../household/plan.js';
import { BATCH_PATHS, PathRunner } from '../household/path-runner.js';
import { ShardAccumulator } from './shard-accumulator.js';
import { inEconomySample } from './economy-sample.js';
import type { ShardResult } from './shard-result.js';
import { HeldShard } from './held-shard.js';
import { ENGINE_VERSION } from '../version.js';

export interface ShardRange {
  pathStart: number;
  pathCount: number;
}

/** Simulates paths [pathStart, pathStart + pathCount) of a plan under a seed, in batches of consecutive paths. */
export function simulateShard(plan: HouseholdPlan, seed: number, range: ShardRange): ShardResult {
  return simulateHeldShard(plan, seed, range).toJSON();
}

/** simulateShard, its result held in memory (HeldShard): the fan-in merges the others into it without encoding it. */
export function simulateHeldShard(plan: HouseholdPlan, seed: number, range: ShardRange): HeldShard {
  checkRange(range);
  const runner = new PathRunner(plan, seed);
  const acc = new ShardAccumulator(runner.compiled);
  forEachBatch(range, (paths, count) => {
    const batch = runner.runSlots(paths, 0, count, acc, inEconomySample);
    acc.addPaths(
      batch,
      count,
      (k) => paths[k],
      (k) => runner.slotEconomyYears(k),
    );
  });
  return new HeldShard(acc, range.pathCount > 0 ? [[range.pathStart, range.pathCount]] : [], ENGINE_VERSION, runner);
}

/** Calls `run` for each batch of consecutive paths of the range: their indices, and how many. */
export function forEachBatch(range: ShardRange, run: (paths: Float64Array, count: number) => void): void {
  const paths = new Float64Array(BATCH_PATHS); // path indices reach 2^32
  const end = range.pathStart + range.pathCount;
  for (let from = range.pathStart; from < end; from += BATCH_PATHS) {
    const count = Math.min(BATCH_PATHS, end - from);
    for (let k = 0; k < count; k++) paths[k] = from + k;
    run(paths, count);
  }
}

export function checkRange(range: ShardRange): void {
  if (
    !Number.isInteger(range.pathStart) ||
    range.pathStart < 0 ||
    !Number.isInteger(range.pathCount) ||
    range.pathCount < 0 ||
    range.pathStart + range.pathCount > 2 ** 32
  ) {
    throw new RangeError(`invalid shard range ${JSON.stringify(range)}`);
  }
}

/** Splits paths [0, paths) into `shards` contiguous ranges of near-equal size. */
export function splitPaths(paths: number, shards: number): ShardRange[] {
  const k = Math.max(1, Math.min(shards, paths));
  const out: ShardRange[] = [];
  for (let i = 0; i < k; i++) {
    const start = Math.floor((paths * i) / k);
    out.push({ pathStart: start, pathCount: Math.floor((paths * (i + 1)) / k) - start });
  }
  return out;
}
