import type { HouseholdPlan } from '../household/plan.js';
import { PathRunner } from '../household/path-runner.js';
import { ShardAccumulator } from './shard-accumulator.js';
import { inEconomySample } from './economy-sample.js';
import type { ShardResult } from './shard-result.js';
import { ENGINE_VERSION } from '../version.js';

export interface ShardRange {
  pathStart: number;
  pathCount: number;
}

/** Simulates paths [pathStart, pathStart + pathCount) of a plan under a seed. */
export function simulateShard(plan: HouseholdPlan, seed: number, range: ShardRange): ShardResult {
  checkRange(range);
  const runner = new PathRunner(plan, seed);
  const acc = new ShardAccumulator(runner.compiled);
  const end = range.pathStart + range.pathCount;
  for (let p = range.pathStart; p < end; p++) {
    const sim = runner.run(p, null, inEconomySample(p));
    acc.add(p, sim, runner.economy, runner.lives, runner.economyYears);
  }
  return acc.toJSON(range.pathCount > 0 ? [[range.pathStart, range.pathCount]] : [], ENGINE_VERSION);
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
