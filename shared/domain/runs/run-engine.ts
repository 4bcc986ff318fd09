/**
 * The engine calls of each run kind, in one place: how much a run costs (path-years, which size
 * it and decide inline or queued), one shard's work, and the merge of the shard results into the
 * run's document. The inline path, the shard worker and the fan-in all go through these, so a
 * run's document does not depend on where it was computed.
 */
import {
  analysisPathYears,
  analysisShard,
  buildAnalysis,
  mergeAnalysisShards,
  type AnalysisDocument,
  type AnalysisRequest,
  type AnalysisShardResult,
} from '../../engine/analysis/index.js';
import {
  buildComparison,
  buildOutput,
  compareShard,
  encodeShardResult,
  mergeComparisonShards,
  mergeShards,
  simulateHeldShard,
  type ComparisonDocument,
  type ComparisonShardResult,
  type HeldShard,
  type HouseholdPlan,
  type OutputDocument,
  type ShardRange,
  type ShardResultInput,
} from '../../engine/index.js';
import {
  buildQueryAnswer,
  decodeQueryShard,
  encodeQueryShard,
  queryPathYears,
  queryShard,
  type LivesQuery,
  type QueryAnswer,
  type QueryShardResult,
} from '../../engine/lives/index.js';
import type { RunKind } from './run.js';

/**
 * What the engine needs to run: the plans (one, or baseline then alternative), for an analysis its
 * request, and for a query the query (its plans are its source run's: one, or a comparison's two).
 */
export interface RunWork {
  kind: RunKind;
  plans: HouseholdPlan[];
  analysis?: AnalysisRequest;
  query?: LivesQuery;
}

/** A shard's result: a simulation's held in memory (encoded only to be stored), the others' as JSON. */
export type RunShardResult = HeldShard | ComparisonShardResult | AnalysisShardResult | QueryShardResult;
/** A shard result as stored: a simulation's and a query's in a compact binary form (a Uint8Array), the others' as they are (JSON). */
export type StoredShardResult = RunShardResult | Uint8Array;
export type RunDocument = OutputDocument | ComparisonDocument | AnalysisDocument | QueryAnswer;

function analysisOf(work: RunWork): AnalysisRequest {
  if (!work.analysis) throw new Error('an analysis run needs its request');
  return work.analysis;
}

function queryOf(work: RunWork): LivesQuery {
  if (!work.query) throw new Error('a query run needs its query');
  return work.query;
}

/** Path-years the run simulates: paths × horizon (each scenario's, for a comparison; every trial, for an analysis). */
export function runPathYears(work: RunWork, paths: number): number {
  if (work.kind === 'ANALYSIS') return analysisPathYears(work.plans[0], analysisOf(work), paths);
  if (work.kind === 'QUERY') return queryPathYears(work.plans, paths);
  return paths * work.plans.reduce((sum, plan) => sum + plan.years, 0);
}

/**
 * Path-years that size the run's shards: an analysis's base paths only. Each of its shards builds
 * every plan variant it tries (dozens for a diagnosis, ~2 ms each), so shards cut by all of its
 * trials would spend as much building variants as running paths.
 */
export function runShardingPathYears(work: RunWork, paths: number): number {
  return work.kind === 'ANALYSIS' ? paths * work.plans[0].years : runPathYears(work, paths);
}

export function runShard(work: RunWork, seed: number, range: ShardRange): RunShardResult {
  switch (work.kind) {
    case 'SIMULATION':
      return simulateHeldShard(work.plans[0], seed, range);
    case 'COMPARISON':
      return compareShard(work.plans[0], work.plans[1], seed, range);
    case 'ANALYSIS':
      return analysisShard(work.plans[0], analysisOf(work), seed, range);
    case 'QUERY':
      return queryShard(work.plans, queryOf(work), seed, range);
  }
}

/** The form a shard's result is stored in for the fan-in: a simulation's binary (shard-result-binary.ts), else its JSON. */
export function storedShardResult(work: RunWork, result: RunShardResult): StoredShardResult {
  if (work.kind === 'SIMULATION') return encodeShardResult(result as HeldShard);
  return work.kind === 'QUERY' ? encodeQueryShard(result as QueryShardResult) : result;
}

/** The run's document from its shard results, held in memory or as stored (a simulation's held one takes the others in place). */
export function buildRunDocument(
  work: RunWork,
  results: StoredShardResult[],
  meta: { seed: number; shards: number; elapsedMs: number },
): RunDocument {
  switch (work.kind) {
    case 'SIMULATION':
      return buildOutput(work.plans[0], mergeShards(results as ShardResultInput[]), meta);
    case 'COMPARISON':
      return buildComparison(work.plans[0], work.plans[1], mergeComparisonShards(results as ComparisonShardResult[]), meta);
    case 'ANALYSIS':
      return buildAnalysis(work.plans[0], analysisOf(work), mergeAnalysisShards(results as AnalysisShardResult[]), meta);
    case 'QUERY': {
      const shards = results.map((r) => (r instanceof Uint8Array ? decodeQueryShard(r) : (r as QueryShardResult)));
      const paths = shards.reduce((sum, s) => sum + s.pathCount, 0);
      return buildQueryAnswer(work.plans, queryOf(work), shards, { ...meta, paths });
    }
  }
}
