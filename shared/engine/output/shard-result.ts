import type { PathRunner } from '../household/path-runner.js';

/**
 * What one shard of paths leaves behind: JSON-serialisable, compact, and mergeable in any order
 * (integer counts, exact sums, mergeable quantile sketches, a bottom-k sample of paths).
 */
export type SketchJson = ReturnType<import('../stats/index.js').QuantileSketch['toJSON']>;
export type ExactSumJson = ReturnType<import('../stats/index.js').ExactSum['toJSON']>;

/** A distribution: a quantile sketch plus the exact sum of the values in units of `unit` (mean = sum * unit / count). */
export interface DistributionJson {
  sketch: SketchJson;
  sum: ExactSumJson;
  unit: number;
}

/** Per-year figures recorded for the household, in this order. */
export const SERIES_METRICS = ['netWorth', 'liquidAssets', 'income', 'spending', 'shortfall', 'taxes'] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];

/** Per-year economy figures, in this order. */
export const ECONOMY_FACTORS = ['inflation', 'shortRate', 'equityReturn', 'bondReturn'] as const;
/** Annualised over the horizon, in this order. */
export const ANNUALISED_FACTORS = ['inflation', 'cashReturn', 'equityReturn', 'bondReturn', 'propertyReturn'] as const;

export interface SampledPath {
  pathIndex: number;
  rank: number;
  terminalEstate: number;
}

/**
 * A shard result's shape over its distribution type D and its sum type S: the JSON form
 * (ShardResult), or the merged shards held in memory (MergedShards, merge-shards.ts).
 */
export interface ShardResultOf<D, S> {
  engineVersion: string;
  years: number;
  /** Path index ranges covered, sorted and coalesced: [start, count][]. */
  ranges: [number, number][];
  paths: number;
  pathYears: number;
  successes: number;
  depletions: number;
  /** Depleted paths whose last year fell short too (ran out); the others had a cash squeeze and recovered. */
  runningOut: number;
  depletionAge: D;
  totalShortfall: S;
  terminalEstate: D;
  /** The estate tax taken from the terminal estates (real): present only when the plan has an estate tax. */
  estateTax?: S;
  goals: { due: number; achieved: number; fundedRatio: S }[];
  members: { halfYearsLived: number; everDisabled: number; everLongTermCare: number; everUnemployed: number }[];
  /** running[t]: paths whose household was still running in year t. */
  running: number[];
  /** depletedBy[t]: paths depleted in or before year t. */
  depletedBy: number[];
  /** memberYears[m]: per year, counts alive / disabled / in care. */
  memberYears: { alive: number[]; disabled: number[]; longTermCare: number[] }[];
  /** series[metric][view][t], view 0 nominal, 1 real. */
  series: D[][][];
  /** economy[factor][t] over all paths. */
  economy: D[][];
  annualised: D[];
  /** The paths with the smallest sample ranks (a fixed pseudo-random order of path indices), for `lives`. */
  sample: SampledPath[];
}

export type ShardResult = ShardResultOf<DistributionJson, ExactSumJson>;

/** What the output reads of a merged distribution's sketch: a QuantileSketch, or a view of a recorder's own arrays. */
export interface SketchReading {
  readonly count: number;
  quantile(q: number): number;
  quantiles(qs: readonly number[]): number[];
  toJSON(): SketchJson;
}

/** A merged distribution held in memory: its sketch and exact sum, never encoded unless the merge is written as JSON. */
export interface MergedDistribution {
  sketch: SketchReading;
  sum: import('../stats/index.js').ExactSum;
  unit: number;
}

/** Merged shard results held in memory: what the output is built from, with no JSON written and read back. */
export type MergedShards = ShardResultOf<MergedDistribution, import('../stats/index.js').ExactSum> & {
  /**
   * The runner a shard held in memory was simulated with (HeldShard.runner), when one was merged: the
   * output re-simulates its lives on it rather than build another for the same plan and seed.
   */
  runner?: PathRunner;
};

/** The distributions of merged shard results. */
export type MergedDistributions = Pick<MergedShards, 'depletionAge' | 'terminalEstate' | 'series' | 'economy' | 'annualised'>;
