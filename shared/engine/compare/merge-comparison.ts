import { mergeDistributions, mergeShardResults, mergeSums } from '../output/merge-shards.js';
import type { BatchSide, ComparisonShardResult } from './comparison-shard.js';
import { mergePairedAges } from './paired-ages.js';
import { mergePairedYears } from './paired-years.js';

function mergeBatchSides(sides: BatchSide[]): BatchSide {
  return {
    depletions: sides.reduce((s, x) => s + x.depletions, 0),
    depletionAge: mergeDistributions(sides.map((x) => x.depletionAge)),
    goals: sides[0].goals.map((_, g) => ({
      due: sides.reduce((s, x) => s + x.goals[g].due, 0),
      achieved: sides.reduce((s, x) => s + x.goals[g].achieved, 0),
      fundedRatio: mergeSums(sides.map((x) => x.goals[g].fundedRatio)),
    })),
  };
}

/** Merges comparison shards: associative and independent of order, like mergeShardResults. */
export function mergeComparisonShards(results: ComparisonShardResult[]): ComparisonShardResult {
  if (results.length === 0) throw new Error('no comparison shard results to merge');
  if (results.length === 1) return results[0];
  const first = results[0];
  return {
    engineVersion: first.engineVersion,
    baseline: mergeShardResults(results.map((r) => r.baseline)),
    alternative: mergeShardResults(results.map((r) => r.alternative)),
    commonMembers: first.commonMembers,
    pairedSums: first.pairedSums.map((_, f) => ({
      d: mergeSums(results.map((r) => r.pairedSums[f].d)),
      d2: mergeSums(results.map((r) => r.pairedSums[f].d2)),
    })),
    batches: first.batches.map((_, b) => ({
      baseline: mergeBatchSides(results.map((r) => r.batches[b].baseline)),
      alternative: mergeBatchSides(results.map((r) => r.batches[b].alternative)),
    })),
    depletionAges: mergePairedAges(results.map((r) => r.depletionAges ?? [])),
    terminalEstates: mergePairedAges(results.map((r) => r.terminalEstates ?? [])),
    pairedYears: mergePairedYears(results.map((r) => r.pairedYears)),
    failedToSucceeded: results.reduce((s, r) => s + r.failedToSucceeded, 0),
    succeededToFailed: results.reduce((s, r) => s + r.succeededToFailed, 0),
  };
}
