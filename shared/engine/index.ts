/**
 * The household simulation engine: pure TypeScript, no I/O. Shards of paths are simulated
 * independently (`simulateShard`), merged in any order (`mergeShardResults`) and turned into the
 * output document (`buildOutput`); `simulate` does all three in process. Comparisons run two plans
 * on common random numbers the same way.
 */
import type { HouseholdPlan } from './household/plan.js';
import { simulateShard, splitPaths, type ShardRange } from './output/simulate-shard.js';
import { mergeShardResults } from './output/merge-shards.js';
import { buildOutput } from './output/build-output.js';
import type { ShardResult } from './output/shard-result.js';
import type { OutputDocument } from './output/output-document.js';
import { compareShard, type ComparisonShardResult } from './compare/comparison-shard.js';
import { mergeComparisonShards } from './compare/merge-comparison.js';
import { buildComparison, type ComparisonDocument } from './compare/build-comparison.js';

export { ENGINE_VERSION } from './version.js';
export { simulateShard, splitPaths, mergeShardResults, buildOutput, compareShard, mergeComparisonShards, buildComparison };
export type { HouseholdPlan, ShardRange, ShardResult, OutputDocument, ComparisonShardResult, ComparisonDocument };
export type { PathEvent } from './household/path-events.js';

function checkRun(options: { seed: number; paths: number; shards?: number }): number {
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) throw new RangeError('seed: must be a non-negative safe integer');
  if (!Number.isInteger(options.paths) || options.paths < 1) throw new RangeError('paths: must be a positive whole number');
  const shards = options.shards ?? 1;
  if (!Number.isInteger(shards) || shards < 1) throw new RangeError('shards: must be a positive whole number');
  return shards;
}

/** Simulates a plan in process, split into `shards` ranges (default 1) merged as the cloud would. */
export function simulate(plan: HouseholdPlan, options: { seed: number; paths: number; shards?: number }): OutputDocument {
  const shards = checkRun(options);
  const started = performance.now();
  const ranges = splitPaths(options.paths, shards);
  const merged = mergeShardResults(ranges.map((r) => simulateShard(plan, options.seed, r)));
  const elapsedMs = performance.now() - started;
  return buildOutput(plan, merged, { seed: options.seed, shards: ranges.length, elapsedMs });
}

/** Paired comparison of two plans on the same seed and path indices, in process. */
export function compare(baseline: HouseholdPlan, alternative: HouseholdPlan, options: { seed: number; paths: number; shards?: number }): ComparisonDocument {
  const shards = checkRun(options);
  const started = performance.now();
  const ranges = splitPaths(options.paths, shards);
  const merged = mergeComparisonShards(ranges.map((r) => compareShard(baseline, alternative, options.seed, r)));
  const elapsedMs = performance.now() - started;
  return buildComparison(baseline, alternative, merged, { seed: options.seed, shards: ranges.length, elapsedMs });
}
