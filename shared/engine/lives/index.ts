/**
 * Every life of a run, on demand: a path depends only on the run's plan, seed and its index, so
 * any life is replayed exactly (replay-life.ts), and a query over the run's lives (query.ts) is
 * answered by replaying them in shards (query-shard.ts) whose columns make the answer (query-answer.ts).
 */
import type { HouseholdPlan } from '../household/plan.js';
import { splitPaths } from '../output/simulate-shard.js';
import type { LivesQuery } from './query.js';
import { buildQueryAnswer, type QueryAnswer } from './query-answer.js';
import { queryShard } from './query-shard.js';

export { replayLife, type ReplayedLife } from './replay-life.js';
export { lifeSummary, type LifeSummary } from './life-summary.js';
export * from './query.js';
export { parseQuery, QueryError, type QueryIssue } from './query-parse.js';
export { queryShard, encodeQueryShard, decodeQueryShard, type QueryShardResult } from './query-shard.js';
export { buildQueryAnswer, mergeQueryShards, type QueryAnswer, type QueryGroup, type SelectionResult } from './query-answer.js';

/** Path-years a query replays: the run's lives over each plan's horizon (both sides, on a comparison). */
export function queryPathYears(plans: HouseholdPlan[], paths: number): number {
  return paths * plans.reduce((sum, plan) => sum + plan.years, 0);
}

/** Answers a query over the run's `paths` lives in process, split into `shards` ranges (default 1) as the service would. */
export function queryLives(
  plans: HouseholdPlan[],
  query: LivesQuery,
  options: { seed: number; paths: number; shards?: number },
): QueryAnswer {
  const started = performance.now();
  const ranges = splitPaths(options.paths, options.shards ?? 1);
  const results = ranges.map((r) => queryShard(plans, query, options.seed, r));
  return buildQueryAnswer(plans, query, results, {
    seed: options.seed,
    paths: options.paths,
    shards: ranges.length,
    elapsedMs: performance.now() - started,
  });
}
export { parseCondition } from './query-parse.js';
export { describeLife, matchingLives, runnersOf, LIFE_YEAR_FIELDS, type LifeYearField, type ListedLife } from './lives-page.js';
