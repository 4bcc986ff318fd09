/**
 * The paired depletion ages of a comparison: per path the primary member's age at depletion in
 * the baseline and in the alternative (-1 where that scenario does not deplete), kept as exact
 * counts of each (baseline age, alternative age) pair. Ages are whole numbers, so the table is
 * small (a few hundred pairs however many paths) and merges exactly, and it holds everything a
 * paired bootstrap of the depletion-age figures needs.
 */
import { RandomStream, streamId } from '../random/index.js';

/** [baseline age, alternative age, paths], -1 for no depletion; sorted by baseline then alternative age. */
export type PairedAgesJson = [number, number, number][];

/**
 * Each side's whole number lies in [-OFFSET, OFFSET): ages (and -1), and the signed sketch bucket
 * keys of terminal estates (estate-buckets.ts, below 2^17 in magnitude). A pair's key stays below 2^37.
 */
const OFFSET = 1 << 17;
const RANGE = 2 * OFFSET;
const key = (a: number, b: number) => (a + OFFSET) * RANGE + (b + OFFSET);
const unkey = (k: number): [number, number] => [Math.floor(k / RANGE) - OFFSET, (k % RANGE) - OFFSET];

export class PairedAges {
  private readonly counts = new Map<number, number>();

  add(baselineAge: number, alternativeAge: number): void {
    const k = key(baselineAge, alternativeAge);
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
  }

  toJSON(): PairedAgesJson {
    return [...this.counts.entries()].sort((x, y) => x[0] - y[0]).map(([k, n]) => [...unkey(k), n]);
  }
}

/** Sums the counts of several tables (exact, associative, independent of order). */
export function mergePairedAges(parts: PairedAgesJson[]): PairedAgesJson {
  const counts = new Map<number, number>();
  for (const part of parts) for (const [a, b, n] of part) counts.set(key(a, b), (counts.get(key(a, b)) ?? 0) + n);
  return [...counts.entries()].sort((x, y) => x[0] - y[0]).map(([k, n]) => [...unkey(k), n]);
}

/** The compared depletion-age figures of one side, from counts of whole-number ages. */
export interface AgeFigures {
  mean: number | null;
  /** Type-1 percentiles, as the output's sketch gives for whole numbers (QuantileSketch), or mid-distribution ones. */
  quantiles: (number | null)[];
}

/**
 * How a percentile of whole numbers is read: `TYPE_1`, the order statistic x_(ceil(q n)) (the
 * output's definition for whole numbers); `MID`, on a continuous scale, each whole number a
 * standing for values spread evenly over [a − 0.5, a + 0.5): a − 0.5 + (q n − #below a) / #at a
 * for the a where the count first reaches q n. A MID percentile rounds to the TYPE_1 one (but at
 * the exact edge a + 0.5), and moves smoothly with the counts, so its sampling distribution is
 * close to normal where the TYPE_1 one jumps between whole numbers.
 */
export type WholeQuantile = 'TYPE_1' | 'MID';

/**
 * Mean and quantiles (`how`) of the whole numbers `ages[i]` held by `counts[i]` paths each
 * (ascending, those below `lowest` left out: -1, no depletion, by default).
 */
export function ageFigures(
  ages: ArrayLike<number>,
  counts: ArrayLike<number>,
  qs: readonly number[],
  lowest = 0,
  how: WholeQuantile = 'TYPE_1',
): AgeFigures {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < ages.length; i++) {
    if (ages[i] < lowest) continue;
    n += counts[i];
    sum += ages[i] * counts[i];
  }
  if (n === 0) return { mean: null, quantiles: qs.map(() => null) };
  const quantiles = qs.map((q) => {
    const x = q * n;
    const nearest = Math.round(x);
    const onRank = Math.abs(x - nearest) <= 1e-9 * Math.max(1, x);
    const rank = Math.max(1, onRank ? nearest : Math.ceil(x));
    let seen = 0;
    for (let i = 0; i < ages.length; i++) {
      if (ages[i] < lowest || counts[i] === 0) continue;
      if (seen + counts[i] >= rank) return how === 'MID' ? ages[i] - 0.5 + (x - seen) / counts[i] : ages[i];
      seen += counts[i];
    }
    return null;
  });
  return { mean: sum / n, quantiles };
}

/** Number of bootstrap resamples: the standard error is itself known to about 1/sqrt(2 B) = 5%. */
export const BOOTSTRAP_RESAMPLES = 200;

/** Per figure, the resampled differences (alternative − baseline); null where the run's figure is undefined. */
export interface BootstrapReplicates {
  mean: number[] | null;
  quantiles: (number[] | null)[];
}

/**
 * Paired bootstrap (Efron) of the differences of figures over a table of paired whole numbers
 * (ages, or terminal estates' bucket keys read as values by `valueAt`): resample the run's paths
 * with replacement, keeping each path's pair together, and recompute each figure on both sides:
 * the mean (ages only) and type-1 quantiles. `counts(a, b)` chooses the paths resampled (ages:
 * those that deplete in either scenario; the others move no figure). The resampling draws from
 * its own stream of the run's seed, named by `stream`, so the document stays a pure function of
 * (plans, seed, paths). Resamples where a figure is undefined are left out.
 */
export function bootstrapPairedDifferences(
  all: PairedAgesJson,
  qs: readonly number[],
  seed: number,
  stream: string,
  options: { counts: (a: number, b: number) => boolean; valueAt?: (k: number) => number; lowest?: number; how?: WholeQuantile } = {
    counts: (a, b) => a >= 0 || b >= 0,
  },
): BootstrapReplicates {
  // A bootstrap conditional on the number of paths resampled, whose variation changes the
  // figures' spread by a term of a smaller order, at a fraction of the cost.
  const table = all.filter((c) => options.counts(c[0], c[1]));
  const valueAt = options.valueAt ?? ((k: number) => k);
  const cells = table.length;
  const cumulative = new Float64Array(cells);
  let n = 0;
  for (let i = 0; i < cells; i++) cumulative[i] = n += table[i][2];
  const empty = { mean: null, quantiles: qs.map(() => null) };
  if (n < 2) return empty;
  // Per side, the distinct keys ascending and, per cell, its position among them.
  const side = (s: 0 | 1) => {
    const keys = [...new Set(table.map((c) => c[s]))].sort((x, y) => x - y);
    const position = new Map(keys.map((k, i) => [k, i]));
    return { keys: Float64Array.from(keys), at: Int32Array.from(table, (c) => position.get(c[s])!) };
  };
  const A = side(0);
  const B = side(1);
  const countA = new Float64Array(A.keys.length);
  const countB = new Float64Array(B.keys.length);
  const drawn = new Float64Array(cells);
  const random = new RandomStream().reset(seed, 0, streamId(stream));
  const diffs: number[][] = [[], ...qs.map(() => [])];
  const read = (k: number | null) => (k === null ? null : valueAt(k));
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
    drawn.fill(0);
    for (let k = 0; k < n; k++) {
      const u = random.uniform() * n;
      let lo = 0;
      let hi = cells - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] > u) hi = mid;
        else lo = mid + 1;
      }
      drawn[lo]++;
    }
    countA.fill(0);
    countB.fill(0);
    for (let i = 0; i < cells; i++) {
      countA[A.at[i]] += drawn[i];
      countB[B.at[i]] += drawn[i];
    }
    const fa = ageFigures(A.keys, countA, qs, options.lowest, options.how);
    const fb = ageFigures(B.keys, countB, qs, options.lowest, options.how);
    if (fa.mean !== null && fb.mean !== null) diffs[0].push(fb.mean - fa.mean);
    qs.forEach((_, j) => {
      const a = read(fa.quantiles[j]);
      const b = read(fb.quantiles[j]);
      if (a !== null && b !== null) diffs[j + 1].push(b - a);
    });
  }
  const kept = (xs: number[]) => (xs.length < 2 ? null : xs);
  return { mean: kept(diffs[0]), quantiles: diffs.slice(1).map(kept) };
}

/** Sample standard deviation of replicates; null for none. */
export function replicateStandardDeviation(xs: readonly number[] | null): number | null {
  if (xs === null || xs.length < 2) return null;
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) * (x - m), 0) / (xs.length - 1));
}
