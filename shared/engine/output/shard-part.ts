import { type DenseBuckets, type DenseSketch, readBucketCounts, SKETCH_MANTISSA_BITS } from '../stats/index.js';
import type { DenseDistribution } from './dense-distribution.js';
import type { DistributionGrid } from './distribution-grid.js';
import {
  ANNUALISED_FACTORS,
  ECONOMY_FACTORS,
  SERIES_METRICS,
  type DistributionJson,
  type ShardResult,
  type SketchJson,
} from './shard-result.js';

/** A shard result without its distributions: the counts, sums and sample, small in either form. */
export type ShardHead = Omit<ShardResult, 'depletionAge' | 'terminalEstate' | 'series' | 'economy' | 'annualised'>;

export type { DenseDistribution };

/**
 * One shard's result as the fan-in's merge reads it: its head, then its distributions one by one in
 * the order of `distributionCount` (depletion age, terminal estate, series[metric][view][year],
 * economy[factor][year], annualised[factor]), each into arrays the part reuses for the next.
 */
export interface ShardPart {
  readonly head: ShardHead;
  nextDistribution(): DenseDistribution;
  /**
   * Merges the next distribution into distribution d of `grid`, as grid.mergeDense(d, nextDistribution())
   * does, where the part can do it with no arrays in between (the binary form's adds each count to
   * the grid's cell as it reads it).
   */
  mergeNextInto?(grid: DistributionGrid, d: number): void;
  /**
   * Where the part holds its next distribution in a grid (a shard's own, HeldShard): that grid and
   * the distribution's index in it, for the binary form's writer to read from the grid's cells,
   * and the part moves past it; else null, and the next is read by nextDistribution.
   */
  nextInGrid?(): InGrid | null;
}

/** A distribution of a grid (ShardPart.nextInGrid). */
export interface InGrid {
  grid: DistributionGrid;
  d: number;
}

/** How many distributions a shard result of `years` years holds, in the order ShardPart reads them. */
export const distributionCount = (years: number) =>
  2 + SERIES_METRICS.length * 2 * years + ECONOMY_FACTORS.length * years + ANNUALISED_FACTORS.length;

export const emptyBuckets = (): DenseBuckets => ({ offset: 0, span: 0, counts: new Float64Array(0), singles: [], singleCount: 0 });

export const emptySketch = (): DenseSketch => ({
  n: 0,
  zero: 0,
  min: Infinity,
  max: -Infinity,
  whole: true,
  pos: emptyBuckets(),
  neg: emptyBuckets(),
});

export const emptyDistribution = (): DenseDistribution => ({
  ...emptySketch(),
  unit: 1,
  partials: [],
  partialCount: 0,
});

/** A shard result in its JSON form (a shard's own result, held in memory) read as a ShardPart. */
export class JsonShardPart implements ShardPart {
  readonly head: ShardHead;
  private readonly distributions: DistributionJson[];
  private next = 0;
  private readonly out = emptyDistribution();

  constructor(result: ShardResult) {
    const { depletionAge, terminalEstate, series, economy, annualised, ...head } = result;
    this.head = head;
    this.distributions = [depletionAge, terminalEstate, ...series.flat(2), ...economy.flat(), ...annualised];
    if (this.distributions.length !== distributionCount(result.years))
      throw new TypeError('shard result: distributions do not match its years');
  }

  nextDistribution(): DenseDistribution {
    const d = this.distributions[this.next++];
    if (!d) throw new TypeError('shard result: no distribution left');
    return readDistributionJson(this.out, d);
  }
}

/** A distribution's JSON form into `out`'s values and reused arrays; returns `out`. */
export function readDistributionJson(out: DenseDistribution, d: DistributionJson): DenseDistribution {
  readSketchJson(out, d.sketch);
  out.unit = d.unit;
  if (!Array.isArray(d.sum?.partials)) throw new TypeError('shard result: partials must be an array');
  out.partials = d.sum.partials;
  out.partialCount = d.sum.partials.length;
  return out;
}

/**
 * A sketch's JSON form into `out`'s values and reused arrays; returns `out`. What a merge of them
 * (QuantileSketch.mergeDense) does not check is checked here: the format (m) and the buckets' form.
 */
export function readSketchJson<T extends DenseSketch>(out: T, sketch: SketchJson): T {
  if (!sketch || sketch.m !== SKETCH_MANTISSA_BITS) throw new TypeError(`shard result: expected a sketch with m = ${SKETCH_MANTISSA_BITS}`);
  out.n = sketch.n;
  out.zero = sketch.zero;
  out.min = sketch.min ?? Infinity;
  out.max = sketch.max ?? -Infinity;
  out.whole = sketch.whole === true;
  readBuckets(out.pos, sketch.pos);
  readBuckets(out.neg, sketch.neg);
  return out;
}

/** One sign's buckets in the sketch's JSON form (zero runs negative) into `into`'s counts. */
function readBuckets(into: DenseBuckets, json: { o: number; c: number[]; v?: number[] } | undefined): void {
  if (!json || json.c.length === 0) {
    into.span = 0;
    into.singleCount = 0;
    return;
  }
  readBucketCounts(into, json.c);
  const values = json.v ?? [];
  if (!Array.isArray(values) || values.length % 2 !== 0) throw new TypeError('shard result: bad bucket values');
  into.offset = json.o;
  into.singles = values;
  into.singleCount = values.length / 2;
}
