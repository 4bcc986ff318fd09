/**
 * The baseline of the household benchmark: the path-major engine as it stood before paths ran in
 * batches (household-path.ts, path-runner.ts and shard-accumulator.ts here are copies of it, kept
 * unchanged on today's economy, life, plan compilation and distribution code). One path runs
 * through every year, then the next; each path's six series are buffered and folded 64 paths at a
 * time. `npm run bench -- household` runs it beside the engine, in the same process, so the
 * speed-up is a ratio measured under the same load. Not part of the engine: nothing imports it.
 */
import type { HouseholdPlan } from '../../shared/engine/household/plan.js';
import type { OutputDocument } from '../../shared/engine/output/output-document.js';
import { buildOutput } from '../../shared/engine/output/build-output.js';
import { mergeShardResults } from '../../shared/engine/output/merge-shards.js';
import { inEconomySample } from '../../shared/engine/output/economy-sample.js';
import type { ShardResult } from '../../shared/engine/output/shard-result.js';
import { ENGINE_VERSION } from '../../shared/engine/version.js';
import { PathRunner } from './path-runner.js';
import { ShardAccumulator } from './shard-accumulator.js';

/** Paths [pathStart, pathStart + pathCount) of a plan under a seed, path by path. */
export function baselineShard(plan: HouseholdPlan, seed: number, pathStart: number, pathCount: number): ShardResult {
  const runner = new PathRunner(plan, seed);
  const acc = new ShardAccumulator(runner.compiled);
  for (let p = pathStart; p < pathStart + pathCount; p++) {
    const sim = runner.run(p, null, inEconomySample(p));
    acc.add(p, sim, runner.economy, runner.lives, runner.economyYears);
  }
  return acc.toJSON(pathCount > 0 ? [[pathStart, pathCount]] : [], ENGINE_VERSION);
}

/** The whole run in one shard, as `simulate` does (the lives it replays run on the current engine). */
export function baselineSimulate(plan: HouseholdPlan, options: { seed: number; paths: number }): OutputDocument {
  const started = performance.now();
  const merged = mergeShardResults([baselineShard(plan, options.seed, 0, options.paths)]);
  return buildOutput(plan, merged, { seed: options.seed, shards: 1, elapsedMs: performance.now() - started });
}
