/**
 * The household benchmark's baseline: the whole engine as it stood before paths ran in batches
 * (README.md here says from which commit, and why whole). `simulate` of that engine, in one shard:
 * one path runs through every year, then the next; each path's six series are buffered and folded
 * 64 paths at a time. `npm run bench -- household` runs it beside the engine, in the same process,
 * so the speed-up is a ratio measured under the same load. Not part of the engine: nothing in it
 * imports it.
 */
import type { HouseholdPlan } from './household/plan.js';
import { buildOutput } from './output/build-output.js';
import { mergeShardResults } from './output/merge-shards.js';
import type { OutputDocument } from './output/output-document.js';
import { simulateShard } from './output/simulate-shard.js';

/** The whole run in one shard, as the engine's `simulate` did with one shard. */
export function baselineSimulate(plan: HouseholdPlan, options: { seed: number; paths: number }): OutputDocument {
  const started = performance.now();
  const merged = mergeShardResults([simulateShard(plan, options.seed, { pathStart: 0, pathCount: options.paths })]);
  return buildOutput(plan, merged, { seed: options.seed, shards: 1, elapsedMs: performance.now() - started });
}
