/**
 * The query language over a run's lives (docs/QUERIES.md): `where` conditions on a life, `select`
 * statistics of the matching lives, `groupBy` and `compareTo`. Parsed and checked against the
 * run's plan by query-parse.ts; answered by query-shard.ts and query-answer.ts.
 */
import type { PathEvent } from '../household/path-events.js';

/** The output's six yearly figures, each nominal and real. */
export const YEARLY_METRICS = ['netWorth', 'liquidAssets', 'income', 'spending', 'shortfall', 'taxes'] as const;
/** A life's own figures (one value a life): real terminal estate, the primary member's age at depletion, real total shortfall. */
export const LIFE_FIGURES = ['terminalEstate', 'depletionAge', 'totalShortfall'] as const;
export const EVENT_TYPES: readonly PathEvent['type'][] = [
  'DEATH',
  'DISABILITY',
  'RECOVERY',
  'LONG_TERM_CARE',
  'JOB_LOSS',
  'REEMPLOYMENT',
  'RETIREMENT',
  'GOAL_FUNDED',
  'GOAL_MISSED',
  'DEPLETION',
  'PROPERTY_SOLD',
  'INSURANCE_PAYOUT',
];
export const PERCENTILE_STATS = ['p5', 'p10', 'p25', 'p50', 'p75', 'p90', 'p95'] as const;
export const STATS = ['count', 'probability', 'mean', 'min', 'max', ...PERCENTILE_STATS] as const;
export const OUTCOMES = ['SUCCEEDED', 'FAILED', 'DEPLETED'] as const;
export const COMPARISON_SIDES = ['baseline', 'alternative'] as const;

export type YearlyMetric = (typeof YEARLY_METRICS)[number];
export type LifeFigure = (typeof LIFE_FIGURES)[number];
export type Stat = (typeof STATS)[number];
export type Outcome = (typeof OUTCOMES)[number];
export type Side = (typeof COMPARISON_SIDES)[number];

/** Which year a yearly figure is read at: a member's age (the primary member's by default), a year index, or a calendar year. */
export interface YearPoint {
  atAge?: number;
  atYear?: number;
  atCalendarYear?: number;
  memberId?: string;
}

export interface EventMatch {
  type: PathEvent['type'];
  memberId?: string;
  goalId?: string;
  itemId?: string;
  /** Inclusive bounds on the age, when the event happened, of its member (else of the primary member). */
  fromAge?: number;
  toAge?: number;
  /** Inclusive bounds on the year index (0 = the start year). */
  fromYear?: number;
  toYear?: number;
}

export interface Comparison {
  lt?: number;
  lte?: number;
  gt?: number;
  gte?: number;
}

export interface MetricCondition extends YearPoint, Comparison {
  metric: YearlyMetric | LifeFigure;
  view?: 'real' | 'nominal';
}

/** On a comparison's paired lives, a leaf condition may name the side it is read on (baseline by default). */
type OnSide = { side?: Side };

export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | ({ event: EventMatch } & OnSide)
  | ({ outcome: Outcome } & OnSide)
  | ({ goal: string; met: boolean } & OnSide)
  | (MetricCondition & OnSide);

export interface Selection extends YearPoint {
  stat: Stat;
  metric?: YearlyMetric | LifeFigure;
  view?: 'real' | 'nominal';
  /** For `count` and `probability` without a metric: the lives (of those matched) that also satisfy this. */
  where?: Condition;
  side?: Side;
}

/**
 * `"year"`: a fan of the matching lives, year by year; an event: the lives where it happened, and
 * the others; a goal: met, missed, never due.
 */
export type GroupBy = 'year' | { event: EventMatch; side?: Side } | { goal: string; side?: Side };

export interface LivesQuery {
  where?: Condition;
  select: Selection[];
  groupBy?: GroupBy;
  /** `rest`: every selected statistic also over the lives that do not match, with the difference. */
  compareTo?: 'rest';
}

/** Bounds on a query's size (400 naming the field beyond). */
export const QUERY_LIMITS = {
  /** Condition nodes in the whole query (`where`, the selections' `where`s, and the grouping event). */
  conditions: 64,
  /** Nesting depth of `all` / `any` / `not`. */
  depth: 8,
  select: 64,
  /**
   * Values a query keeps per life and selection, summed: a year fan keeps one per year, so it is
   * bounded by paths × years × selections.
   */
  values: 30_000_000,
} as const;
