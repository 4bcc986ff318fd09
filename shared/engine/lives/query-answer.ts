/**
 * The answer to a query from its shards' columns (query-shard.ts): the lives that match `where`,
 * each selection's statistic over them (and over the rest, with the difference, for `compareTo`),
 * per group when grouped. Shards are put in path order first, and every statistic depends only on
 * the set of values, so any split gives the same answer.
 */
import type { HouseholdPlan } from '../household/plan.js';
import type { LivesQuery, Selection } from './query.js';
import { differenceOf, type Estimate, extremeEstimate, meanEstimate, percentileEstimate, probabilityEstimate } from './order-statistics.js';
import type { QueryShardResult } from './query-shard.js';

export type SelectionResult = Omit<Selection, 'where'> &
  Estimate & {
    where?: unknown;
    rest?: Estimate;
    difference?: Estimate;
  };

export interface QueryGroup {
  /** `{ year, calendarYear }`, `{ event: true | false }` or `{ goal: 'MET' | 'MISSED' | 'NOT_DUE' }`. */
  key: Record<string, unknown>;
  matched: number;
  rest?: number;
  select: SelectionResult[];
}

export interface QueryAnswer {
  /** The run's number of lives. */
  lives: number;
  /** How many lives satisfy `where` (all of them without one). */
  matched: number;
  /** With `compareTo: "rest"`: how many do not. */
  rest?: number;
  select: SelectionResult[];
  groups?: QueryGroup[];
  metadata: { seed: number; paths: number; shards: number; elapsedMs: number };
}

/** The shards' columns in path order, checked to cover lives 0 … paths − 1 once each. */
export function mergeQueryShards(results: QueryShardResult[], paths: number): QueryShardResult[] {
  const sorted = [...results].sort((a, b) => a.pathStart - b.pathStart);
  let next = 0;
  for (const r of sorted) {
    if (r.pathStart !== next)
      throw new Error(`query shards do not cover the lives: expected a shard from life ${next}, got ${r.pathStart}`);
    next += r.pathCount;
  }
  if (next !== paths) throw new Error(`query shards cover ${next} lives of ${paths}`);
  return sorted;
}

/** Which lives (indices into the concatenated columns) a set holds. */
type LifeSet = (i: number, shard: QueryShardResult, j: number) => boolean;

function estimate(shards: QueryShardResult[], s: Selection, index: number, inSet: LifeSet, year: number, fan: boolean): Estimate {
  let base = 0;
  let hits = 0;
  const collected: number[] = [];
  let i = 0;
  for (const shard of shards) {
    const values = shard.values[index];
    const hit = shard.hits[index];
    const Y = shard.years;
    for (let j = 0; j < shard.pathCount; j++, i++) {
      if (!inSet(i, shard, j)) continue;
      base++;
      if (hit.length > 0 && hit[j] === 1) hits++;
      // A year fan's values are per life and year: they are read in the year groups only.
      if (values.length > 0 && (year >= 0 || !fan)) {
        const x = year >= 0 ? values[j * Y + year] : values[j];
        if (!Number.isNaN(x)) collected.push(x);
      }
    }
  }
  if (s.metric === undefined) {
    const k = s.where ? hits : base;
    return s.stat === 'count' ? { value: k, n: base } : probabilityEstimate(k, base);
  }
  const values = Float64Array.from(collected);
  switch (s.stat) {
    case 'count':
      return { value: values.length, n: values.length };
    case 'mean':
      return meanEstimate(values);
    case 'min':
    case 'max':
      return extremeEstimate(values, s.stat);
    default:
      return percentileEstimate(values, Number(s.stat.slice(1)) / 100);
  }
}

function results(query: LivesQuery, shards: QueryShardResult[], matched: LifeSet, rest: LifeSet | null, year = -1): SelectionResult[] {
  return query.select.map((s, index) => {
    const fan = query.groupBy === 'year';
    const own = estimate(shards, s, index, matched, year, fan);
    const out: SelectionResult = { ...s, ...own };
    if (rest) {
      out.rest = estimate(shards, s, index, rest, year, fan);
      out.difference = differenceOf(own, out.rest);
    }
    return out;
  });
}

function count(shards: QueryShardResult[], inSet: LifeSet): number {
  let k = 0;
  let i = 0;
  for (const shard of shards) for (let j = 0; j < shard.pathCount; j++, i++) if (inSet(i, shard, j)) k++;
  return k;
}

const GOAL_KEYS = ['MET', 'MISSED', 'NOT_DUE'];

export function buildQueryAnswer(
  plans: HouseholdPlan[],
  query: LivesQuery,
  results_: QueryShardResult[],
  meta: { seed: number; paths: number; shards: number; elapsedMs: number },
): QueryAnswer {
  const shards = mergeQueryShards(results_, meta.paths);
  const isMatched: LifeSet = (_i, s, j) => s.matched[j] === 1;
  const isRest: LifeSet | null = query.compareTo === 'rest' ? (_i, s, j) => s.matched[j] === 0 : null;
  const answer: QueryAnswer = {
    lives: meta.paths,
    matched: count(shards, isMatched),
    ...(isRest ? { rest: count(shards, isRest) } : {}),
    select: results(query, shards, isMatched, isRest),
    metadata: meta,
  };
  const g = query.groupBy;
  if (g === undefined) return answer;
  const groups: QueryGroup[] = [];
  const within =
    (set: LifeSet, test: (s: QueryShardResult, j: number) => boolean): LifeSet =>
    (i, s, j) =>
      set(i, s, j) && test(s, j);
  const group = (key: Record<string, unknown>, test: (s: QueryShardResult, j: number) => boolean, year = -1) => {
    const m = within(isMatched, test);
    const r = isRest ? within(isRest, test) : null;
    groups.push({ key, matched: count(shards, m), ...(r ? { rest: count(shards, r) } : {}), select: results(query, shards, m, r, year) });
  };
  if (g === 'year') {
    const plan = plans[0];
    const Y = shards[0]?.years ?? plan.years;
    for (let t = 0; t < Y; t++) group({ year: t, calendarYear: plan.startYear + t }, (s, j) => s.yearsRun[j] > t, t);
  } else if ('event' in g) for (const happened of [true, false]) group({ event: happened }, (s, j) => s.group[j] === (happened ? 0 : 1));
  else GOAL_KEYS.forEach((key, k) => group({ goal: key }, (s, j) => s.group[j] === k));
  answer.groups = groups;
  return answer;
}
