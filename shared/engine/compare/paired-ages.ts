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
  /** Type-1 percentiles, as the output's sketch gives for whole numbers (QuantileSketch). */
  quantiles: (number | null)[];
}

/**
 * Mean and type-1 quantiles (x_(ceil(q n)), the output's definition for whole numbers) of the
 * ages `ages[i]` held by `counts[i]` paths each (ascending ages, ages below `lowest` left out:
 * -1, no depletion, by default).
 */
export function ageFigures(ages: ArrayLike<number>, counts: ArrayLike<number>, qs: readonly number[], lowest = 0): AgeFigures {
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
    const rank = Math.max(1, Math.abs(x - nearest) <= 1e-9 * Math.max(1, x) ? nearest : Math.ceil(x));
    let seen = 0;
    for (let i = 0; i < ages.length; i++) {
      if (ages[i] < lowest) continue;
      seen += counts[i];
      if (seen >= rank) return ages[i];
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
  options: { counts: (a: number, b: number) => boolean; valueAt?: (k: number) => number; lowest?: number } = {
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
    const fa = ageFigures(A.keys, countA, qs, options.lowest);
    const fb = ageFigures(B.keys, countB, qs, options.lowest);
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
