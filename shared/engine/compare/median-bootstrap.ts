/**
 * Paired bootstrap (Efron) of the difference of the two scenarios' median net worths, year by
 * year, over the sampled paths of paired-years.ts: the paths are resampled with replacement,
 * each keeping its pair of yearly values, and each year's two medians are recomputed on the
 * resample. One set of resamples serves every year (a path is the unit resampled, as in the
 * other paired bootstraps), drawn from its own stream of the run's seed, so the document stays a
 * pure function of the request.
 *
 * Each resampled median is then read as the run reads its own: its deviation from the sample's
 * median, times `scale` (sqrt(m / n): a median over the m sampled paths varies sqrt(n / m) times
 * as much as one over the run's n), is added to the run's median and the sum read through the
 * quantile sketch's buckets (estate-buckets.ts), as the document's medians are. The sketch's
 * rounding (up to 1/129 of the value) is then in the resampled differences as it is in the
 * estimate, with the two scenarios' roundings as correlated as their medians are: where the
 * medians' spread is below a bucket's width, it is most of the estimate's error.
 */
import { RandomStream, streamId } from '../random/index.js';
import { BOOTSTRAP_RESAMPLES as R } from './paired-ages.js';
import type { PairedYearPath } from './paired-years.js';
import { estateKey, estateValue } from './estate-buckets.js';

/** A value as the quantile sketch reads it back: its bucket's representative. */
const asSketchReads = (x: number) => estateValue(estateKey(x));

/**
 * Per year, the resampled differences alternative − baseline of the medians, read as the run's
 * (`runMedians(t)`, null where a side has none) are; null where a side has no value.
 */
export function bootstrapMedianDifferences(
  sample: readonly PairedYearPath[],
  years: number,
  seed: number,
  runMedians: (t: number) => [number | null, number | null],
  scale: number,
): (number[] | null)[] {
  const m = sample.length;
  if (m < 2) return new Array(years).fill(null);
  // How many times each path is drawn in each resample, path-major ([path * R + resample]), so
  // that one walk up a year's values in order advances every resample at once.
  const weights = new Uint16Array(m * R);
  const random = new RandomStream().reset(seed, 0, streamId('compare:bootstrap:netWorthMedians'));
  for (let r = 0; r < R; r++) {
    for (let k = 0; k < m; k++) weights[Math.floor(random.uniform() * m) * R + r]++;
  }
  const medians = new Walk(m);
  return Array.from({ length: years }, (_, t) => {
    const [runA, runB] = runMedians(t);
    if (runA === null || runB === null) return null;
    const a = medians.run(sample, 'baseline', t, weights);
    const sampleA = medians.sampleMedian;
    const b = medians.run(sample, 'alternative', t, weights);
    const sampleB = medians.sampleMedian;
    const diffs: number[] = [];
    for (let r = 0; r < R; r++) {
      if (a[r] !== a[r] || b[r] !== b[r]) continue;
      diffs.push(asSketchReads(runB + (b[r] - sampleB) * scale) - asSketchReads(runA + (a[r] - sampleA) * scale));
    }
    return diffs.length < 2 ? null : diffs;
  });
}

/** The resampled medians of one side in one year, reusing its buffers from year to year. */
class Walk {
  private readonly values: Float64Array;
  private readonly seen = new Float64Array(R);
  private readonly rank = new Float64Array(R);
  /** The last run's type-1 median of the sample itself (every path once); NaN for none. */
  sampleMedian = Number.NaN;

  constructor(private readonly m: number) {
    this.values = new Float64Array(m);
  }

  /**
   * Per resample, the type-1 median (the ceil(W / 2)-th value, W the resample's weight on the
   * paths holding a value this year), NaN where W is 0: a new array of R values.
   */
  run(sample: readonly PairedYearPath[], side: 'baseline' | 'alternative', t: number, weights: Uint16Array): Float64Array {
    const { m, values, seen, rank } = this;
    const present: number[] = [];
    rank.fill(m);
    for (let i = 0; i < m; i++) {
      const v = sample[i][side][t] ?? null;
      if (v === null) {
        for (let r = 0; r < R; r++) rank[r] -= weights[i * R + r];
      } else {
        values[i] = v;
        present.push(i);
      }
    }
    const order = Int32Array.from(present).sort((i, j) => values[i] - values[j] || i - j);
    this.sampleMedian = order.length === 0 ? Number.NaN : values[order[Math.ceil(order.length / 2) - 1]];
    const out = new Float64Array(R).fill(Number.NaN);
    let left = 0;
    for (let r = 0; r < R; r++) {
      rank[r] = Math.ceil(rank[r] / 2);
      if (rank[r] > 0) left++;
    }
    seen.fill(0);
    for (let k = 0; k < order.length && left > 0; k++) {
      const base = order[k] * R;
      const v = values[order[k]];
      for (let r = 0; r < R; r++) {
        const s = seen[r] + weights[base + r];
        seen[r] = s;
        if (s >= rank[r] && out[r] !== out[r] && rank[r] > 0) {
          out[r] = v;
          left--;
        }
      }
    }
    return out;
  }
}
