/**
 * The reading the household benchmark took as its baseline before bench/baseline/ was made whole:
 * the baseline's household files (household-path.ts, path-runner.ts and shard-accumulator.ts here,
 * the same code as bench/baseline/household/ and bench/baseline/output/shard-accumulator.ts) on
 * today's shared/engine economy, life, plan compilation, random streams, statistics and output
 * code. It shows how much of the engine's speed-up comes from the household loop alone; the
 * speed-up the target (b) names is against the whole frozen engine (bench/baseline/).
 * Never edited except to keep it compiling. Not part of the engine: nothing in it imports it.
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
export function baselineHouseholdShard(plan: HouseholdPlan, seed: number, pathStart: number, pathCount: number): ShardResult {
  const runner = new PathRunner(plan, seed);
  const acc = new ShardAccumulator(runner.compiled);
  for (let p = pathStart; p < pathStart + pathCount; p++) {
    const sim = runner.run(p, null, inEconomySample(p));
    acc.add(p, sim, runner.economy, runner.lives, runner.economyYears);
  }
  return acc.toJSON(pathCount > 0 ? [[pathStart, pathCount]] : [], ENGINE_VERSION);
}

/** The whole run in one shard, as `simulate` does (the lives it replays run on the current engine). */
export function baselineHouseholdSimulate(plan: HouseholdPlan, options: { seed: number; paths: number }): OutputDocument {
  const started = performance.now();
  const merged = mergeShardResults([baselineHouseholdShard(plan, options.seed, 0, options.paths)]);
  return buildOutput(plan, merged, { seed: options.seed, shards: 1, elapsedMs: performance.now() - started });
}
