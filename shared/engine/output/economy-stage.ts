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
 */
export class EconomyStage {
  private staged = 0;
  private stage: Float64Array[] = [];

  constructor(
    private readonly grid: DistributionGrid,
    private readonly years: number,
  ) {}

  /** Stages one sampled path's factors (its economy generated over the whole horizon); folds once the stage is full. */
  add(econ: EconomyPath): void {
    const Y = this.years;
    const S = ECONOMY_FOLD_PATHS;
    if (this.stage.length === 0) this.stage = ECONOMY_FACTORS.map(() => new Float64Array(Y * S));
    const k = this.staged++;
    for (let f = 0; f < ECONOMY_FACTORS.length; f++) {
      const from = econ[ECONOMY_FACTORS[f]];
      const to = this.stage[f];
      for (let t = 0; t < Y; t++) to[t * S + k] = from[t];
    }
    if (this.staged === S) this.fold();
  }

  /** Folds the staged paths into the grid, one call per distribution, and empties the stage. */
  fold(): void {
    const Y = this.years;
    const n = this.staged;
    for (let f = 0; f < ECONOMY_FACTORS.length && n > 0; f++) {
      for (let t = 0; t < Y; t++) this.grid.addBatch(f * Y + t, this.stage[f], t * ECONOMY_FOLD_PATHS, n);
    }
    this.staged = 0;
  }
}
