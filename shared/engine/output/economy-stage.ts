import type { EconomyPath } from '../economy/economy-path.js';
import type { DistributionGrid } from './distribution-grid.js';
import { ECONOMY_FACTORS } from './shard-result.js';

/** How many sampled paths the stage gathers before folding them into the distributions. */
export const ECONOMY_FOLD_PATHS = 256;

/**
 * The economy sample's yearly factors on their way into the shard's economy distributions
 * (`grid`, distribution factor * years + t): gathered year-major across batches
 * (`stage[f][t * ECONOMY_FOLD_PATHS + k]` for the k-th path staged) and folded ECONOMY_FOLD_PATHS
 * paths at a time, one `addBatch` per distribution.
 *
 * Why across batches: each `addBatch` call pays for reaching its distribution's state and buckets,
 * which the other distributions have pushed out of the cache since its last call. The sample is
 * every path of a batch for the first 4,096 paths, then one in 16: folded batch by batch, each
 * later call took 16 values. Distributions do not depend on the order values arrive in, so the
 * results are the same. (A wider stage folds fewer times, but writing a path's years down a
 * column then strides a page or more per value, which costs more than the calls it saves.)
 *
 * A factor without volatility (the stylised retiree's inflation, rates and bonds) has the same
 * series on every path: while every path staged has had the first one's series, its columns are
 * not written, and the fold adds copies of the first path's values.
 */
export class EconomyStage {
  private staged = 0;
  private stage: Float64Array[] = [];
  /** Per factor, the series of the first path staged since the last fold. */
  private readonly first: Float64Array[];
  /** Per factor, 1 while every path staged since the last fold has had `first`'s series (its columns are then unwritten). */
  private readonly constant: Uint8Array;

  constructor(
    private readonly grid: DistributionGrid,
    private readonly years: number,
  ) {
    this.first = ECONOMY_FACTORS.map(() => new Float64Array(years));
    this.constant = new Uint8Array(ECONOMY_FACTORS.length);
  }

  /** Stages one sampled path's factors (its economy generated over the whole horizon); folds once the stage is full. */
  add(econ: EconomyPath): void {
    const Y = this.years;
    if (this.stage.length === 0) this.stage = ECONOMY_FACTORS.map(() => new Float64Array(Y * ECONOMY_FOLD_PATHS));
    const k = this.staged++;
    for (let f = 0; f < ECONOMY_FACTORS.length; f++) {
      const from = econ[ECONOMY_FACTORS[f]];
      if (k === 0) {
        this.first[f].set(from.subarray(0, Y));
        this.constant[f] = 1;
        continue;
      }
      if (this.constant[f] === 1) {
        if (sameSeries(from, this.first[f], Y)) continue;
        this.constant[f] = 0;
        for (let j = 0; j < k; j++) this.writeColumn(f, j, this.first[f]);
      }
      this.writeColumn(f, k, from);
    }
    if (this.staged === ECONOMY_FOLD_PATHS) this.fold();
  }

  /** Folds the staged paths into the grid, one call per distribution, and empties the stage. */
  fold(): void {
    const Y = this.years;
    const n = this.staged;
    for (let f = 0; f < ECONOMY_FACTORS.length && n > 0; f++) {
      const first = this.first[f];
      for (let t = 0; t < Y; t++) {
        if (this.constant[f] === 1) this.grid.addCopies(f * Y + t, first[t], n);
        else this.grid.addBatch(f * Y + t, this.stage[f], t * ECONOMY_FOLD_PATHS, n);
      }
    }
    this.staged = 0;
  }

  /** Writes a path's series of factor f as the stage's column k. */
  private writeColumn(f: number, k: number, from: Float64Array): void {
    const to = this.stage[f];
    for (let t = 0; t < this.years; t++) to[t * ECONOMY_FOLD_PATHS + k] = from[t];
  }
}

/** Whether a and b agree in their first n values, as `addBatch` tells repeated values apart (===). */
function sameSeries(a: Float64Array, b: Float64Array, n: number): boolean {
  for (let t = 0; t < n; t++) if (a[t] !== b[t]) return false;
  return true;
}
