/**
 * The comparison's paired net worth by year: per year, the distribution over paths of the
 * difference alternative − baseline of real net worth (the same path index in both: the same
 * economy and, for common members, the same lives), and, for the bootstrap of the difference of
 * the two medians, each path's pair of yearly values for a fixed sample of paths (those whose
 * index is below PAIRED_YEAR_SAMPLE). Both merge exactly across shards: the distributions as the
 * output's do, the sample by concatenation in path order.
 */
import type { HouseholdBatch, YearRecorder } from '../household/household-batch.js';
import { DistributionGrid } from '../output/distribution-grid.js';
import { MONEY_UNIT } from '../output/fixed-point-sum.js';
import { mergeDistributions } from '../output/merge-shards.js';
import type { DistributionJson } from '../output/shard-result.js';

/**
 * Paths kept for the bootstrap: enough for its standard error to be known to a few percent; a
 * run of more paths scales it by the square root of the ratio (build-comparison.ts). It bounds the
 * shard result's size and the bootstrap's cost whatever the number of paths.
 */
export const PAIRED_YEAR_SAMPLE = 1000;

/** One sampled path: its index and, per year, its real net worth in each scenario (whole units; null once it has ended). */
export interface PairedYearPath {
  path: number;
  baseline: (number | null)[];
  alternative: (number | null)[];
}

export interface PairedYearsJson {
  /** Per year, alternative − baseline real net worth over the paths running in both scenarios. */
  differences: DistributionJson[];
  /** The sampled paths, ascending by index. */
  sample: PairedYearPath[];
}

/**
 * A recorder that hands each year to the shard's own recorder and keeps, per slot, the real net
 * worth at the end of the year (as the accumulator computes it: nominal × 1 / the year-end price
 * index), NaN in the years a slot does not run.
 */
export class RealNetWorthRecorder implements YearRecorder {
  values = new Float64Array(0);
  capacity = 0;
  years = 0;

  constructor(private readonly inner: YearRecorder) {}

  /** Clears the values before a batch of `capacity` slots runs for `years` years. */
  begin(capacity: number, years: number): void {
    if (this.values.length !== capacity * years) this.values = new Float64Array(capacity * years);
    this.capacity = capacity;
    this.years = years;
    this.values.fill(Number.NaN);
  }

  recordYear(t: number, batch: HouseholdBatch): void {
    this.inner.recordYear(t, batch);
    const at = t * this.capacity;
    const active = batch.active;
    for (let k = 0; k < batch.activeCount; k++) {
      const s = active[k];
      this.values[at + s] = batch.netWorth[s] * batch.inverseCpiEnd[s];
    }
  }

  /** Slot i's real net worth at the end of year t, NaN where it did not run. */
  at(t: number, i: number): number {
    return t < this.years ? this.values[t * this.capacity + i] : Number.NaN;
  }
}

export class PairedYears {
  private readonly differences: DistributionGrid;
  private readonly buffer: Float64Array;
  private readonly sample: PairedYearPath[] = [];

  constructor(
    private readonly years: number,
    capacity: number,
  ) {
    this.differences = new DistributionGrid(years, MONEY_UNIT);
    this.buffer = new Float64Array(capacity);
  }

  /** Adds the `count` paths of a batch both sides have run, from the two recorders. */
  addBatch(paths: ArrayLike<number>, count: number, a: RealNetWorthRecorder, b: RealNetWorthRecorder): void {
    const d = this.buffer;
    const years = Math.min(a.years, b.years);
    for (let t = 0; t < years; t++) {
      const x = a.values.subarray(t * a.capacity, t * a.capacity + count);
      const y = b.values.subarray(t * b.capacity, t * b.capacity + count);
      let n = 0;
      for (let i = 0; i < count; i++) if (x[i] === x[i] && y[i] === y[i]) d[n++] = y[i] - x[i];
      if (n === 0) break;
      this.differences.addBatch(t, d, 0, n);
    }
    const whole = (x: number) => (x === x ? Math.round(x) : null);
    for (let i = 0; i < count; i++) {
      if (paths[i] >= PAIRED_YEAR_SAMPLE) continue;
      this.sample.push({
        path: paths[i],
        baseline: Array.from({ length: this.years }, (_, t) => whole(a.at(t, i))),
        alternative: Array.from({ length: this.years }, (_, t) => whole(b.at(t, i))),
      });
    }
  }

  toJSON(): PairedYearsJson {
    return {
      differences: Array.from({ length: this.years }, (_, t) => this.differences.toJSON(t)),
      sample: [...this.sample].sort((x, y) => x.path - y.path),
    };
  }
}

/** Merges shards' paired years: exact, associative and independent of order. */
export function mergePairedYears(parts: PairedYearsJson[]): PairedYearsJson {
  return {
    differences: parts[0].differences.map((_, t) => mergeDistributions(parts.map((p) => p.differences[t]))),
    sample: parts.flatMap((p) => p.sample).sort((x, y) => x.path - y.path),
  };
}
