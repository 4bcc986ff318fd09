/**
 * The household simulation engine: pure TypeScript, no I/O. Shards of paths are simulated
 * independently (`simulateShard`, or `simulateHeldShard` to keep the result in memory), stored in a compact binary form
 * (`encodeShardResult`), merged in any order, from any form (`mergeShards` in memory, into a held result if one is given;
 * `mergeShardResults` as JSON) and turned into the
 * output document (`buildOutput`); `simulate` does all three in process. Comparisons run two plans
 * on common random numbers the same way.
 */
import type { HouseholdPlan } from './household/plan.js';
import { simulateHeldShard, simulateShard, splitPaths, type ShardRange } from './output/simulate-shard.js';
import type { HeldShard } from './output/held-shard.js';
import { mergeShardResults, mergeShards, type MergedShards, type ShardResultInput } from './output/merge-shards.js';
import { encodeShardResult } from './output/shard-result-binary.js';
import { splitPathsByCost } from './output/cost-split.js';
import { buildOutput } from './output/build-output.js';
import type { ShardResult } from './output/shard-result.js';
import type { OutputDocument } from './output/output-document.js';
import { compareShard, type ComparisonShardResult } from './compare/comparison-shard.js';
import { mergeComparisonShards } from './compare/merge-comparison.js';
import { buildComparison, type ComparisonDocument } from './compare/build-comparison.js';

export { ENGINE_VERSION } from './version.js';
export { COUNTRIES, DEFAULT_COUNTRY, type Country } from './country.js';
export { assumptionSetOf, type AssumptionSet } from './assumption-set.js';
export {
  simulateShard,
  simulateHeldShard,
  splitPaths,
  splitPathsByCost,
  encodeShardResult,
  mergeShardResults,
  mergeShards,
  buildOutput,
  compareShard,
  mergeComparisonShards,
  buildComparison,
};
export type {
  HouseholdPlan,
  ShardRange,
  ShardResult,
  HeldShard,
  ShardResultInput,
  MergedShards,
  OutputDocument,
  ComparisonShardResult,
  ComparisonDocument,
};
export type { PathEvent } from './household/path-events.js';

/** In-process run options; `onProgress`, if given, hears (paths done, paths) after each slice of a shard. */
export interface RunOptions {
  seed: number;
  paths: number;
  shards?: number;
  onProgress?: (done: number, paths: number) => void;
}

/** Paths a slice holds when progress is reported: slices merge exactly, so they change no figure. */
export const PROGRESS_SLICE_PATHS = 500;

function checkRun(options: RunOptions): number {
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) throw new RangeError('seed: must be a non-negative safe integer');
  if (!Number.isInteger(options.paths) || options.paths < 1) throw new RangeError('paths: must be a positive whole number');
  const shards = options.shards ?? 1;
  if (!Number.isInteger(shards) || shards < 1) throw new RangeError('shards: must be a positive whole number');
  return shards;
}

/**
 * Runs every shard range, in slices of PROGRESS_SLICE_PATHS when progress is wanted: shard results
 * merge exactly in any grouping (the sharding tests hold it), so the slices leave the document as is.
 */
function runRanges<T>(ranges: ShardRange[], options: RunOptions, shard: (range: ShardRange) => T): T[] {
  const report = options.onProgress;
  if (!report) return ranges.map(shard);
  const slices = ranges.flatMap((r) =>
    splitPaths(r.pathCount, Math.ceil(r.pathCount / PROGRESS_SLICE_PATHS)).map((s) => ({
      pathStart: r.pathStart + s.pathStart,
      pathCount: s.pathCount,
    })),
  );
  let done = 0;
  return slices.map((slice) => {
    const result = shard(slice);
    report((done += slice.pathCount), options.paths);
    return result;
  });
}

/** Simulates a plan in process, split into `shards` ranges (default 1) merged as the cloud would. */
export function simulate(plan: HouseholdPlan, options: RunOptions): OutputDocument {
  const shards = checkRun(options);
  const started = performance.now();
  const ranges = splitPaths(options.paths, shards);
  const merged = mergeShards(runRanges(ranges, options, (r) => simulateHeldShard(plan, options.seed, r)));
  const elapsedMs = performance.now() - started;
  return buildOutput(plan, merged, { seed: options.seed, shards: ranges.length, elapsedMs });
}

/** Paired comparison of two plans on the same seed and path indices, in process. */
export function compare(baseline: HouseholdPlan, alternative: HouseholdPlan, options: RunOptions): ComparisonDocument {
  const shards = checkRun(options);
  const started = performance.now();
  const ranges = splitPaths(options.paths, shards);
  const merged = mergeComparisonShards(runRanges(ranges, options, (r) => compareShard(baseline, alternative, options.seed, r)));
  const elapsedMs = performance.now() - started;
  return buildComparison(baseline, alternative, merged, { seed: options.seed, shards: ranges.length, elapsedMs });
}
