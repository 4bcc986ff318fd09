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

/** Ages are below this (a member's age plus a horizon of at most 150 years). */
const AGE_LIMIT = 4096;
const key = (a: number, b: number) => (a + 1) * AGE_LIMIT + (b + 1);

export class PairedAges {
  private readonly counts = new Map<number, number>();

  add(baselineAge: number, alternativeAge: number): void {
    const k = key(baselineAge, alternativeAge);
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
  }

  toJSON(): PairedAgesJson {
    return [...this.counts.entries()].sort((x, y) => x[0] - y[0]).map(([k, n]) => [Math.floor(k / AGE_LIMIT) - 1, (k % AGE_LIMIT) - 1, n]);
  }
}

/** Sums the counts of several tables (exact, associative, independent of order). */
export function mergePairedAges(parts: PairedAgesJson[]): PairedAgesJson {
  const counts = new Map<number, number>();
  for (const part of parts) for (const [a, b, n] of part) counts.set(key(a, b), (counts.get(key(a, b)) ?? 0) + n);
  return [...counts.entries()].sort((x, y) => x[0] - y[0]).map(([k, n]) => [Math.floor(k / AGE_LIMIT) - 1, (k % AGE_LIMIT) - 1, n]);
}

/** The compared depletion-age figures of one side, from counts of whole-number ages. */
export interface AgeFigures {
  mean: number | null;
  /** Type-1 percentiles, as the output's sketch gives for whole numbers (QuantileSketch). */
  quantiles: (number | null)[];
}

/**
 * Mean and type-1 quantiles (x_(ceil(q n)), the output's definition for whole numbers) of the
 * ages `ages[i]` held by `counts[i]` paths each (ascending ages, ages < 0 left out).
 */
export function ageFigures(ages: ArrayLike<number>, counts: ArrayLike<number>, qs: readonly number[]): AgeFigures {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < ages.length; i++) {
    if (ages[i] < 0) continue;
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
      if (ages[i] < 0) continue;
      seen += counts[i];
      if (seen >= rank) return ages[i];
    }
    return null;
  });
  return { mean: sum / n, quantiles };
}

/** Number of bootstrap resamples: the standard error is itself known to about 1/sqrt(2 B) = 5%. */
export const BOOTSTRAP_RESAMPLES = 200;

/**
 * Paired bootstrap (Efron) of the depletion-age figures' differences, alternative − baseline:
 * resample the run's paths with replacement, keeping each path's pair of ages together, and take
 * the standard deviation of the resampled differences, for the mean and each quantile. The
 * resampling draws from its own stream of the run's seed, so the document stays a pure function of
 * (plans, seed, paths). A figure undefined in the run gives null; resamples where it is undefined
 * are left out.
 */
export function bootstrapAgeDifferences(
  all: PairedAgesJson,
  qs: readonly number[],
  seed: number,
): { mean: number | null; quantiles: (number | null)[] } {
  // Paths that deplete in neither scenario move no figure: the resamples draw the paths that
  // deplete in either, as many as the run had (a bootstrap conditional on that count, whose
  // variation changes the figures' spread by a term of a smaller order), at a fraction of the cost.
  const table = all.filter((c) => c[0] >= 0 || c[1] >= 0);
  const cells = table.length;
  const cumulative = new Float64Array(cells);
  let n = 0;
  for (let i = 0; i < cells; i++) cumulative[i] = n += table[i][2];
  const empty = { mean: null, quantiles: qs.map(() => null) };
  if (n < 2) return empty;
  // Per side, the distinct ages ascending and, per cell, its position among them.
  const side = (s: 0 | 1) => {
    const ages = [...new Set(table.map((c) => c[s]))].sort((x, y) => x - y);
    return { ages: Float64Array.from(ages), at: Int32Array.from(table, (c) => ages.indexOf(c[s])) };
  };
  const A = side(0);
  const B = side(1);
  const countA = new Float64Array(A.ages.length);
  const countB = new Float64Array(B.ages.length);
  const drawn = new Float64Array(cells);
  const stream = new RandomStream().reset(seed, 0, streamId('compare:bootstrap:depletionAge'));
  const diffs: number[][] = [[], ...qs.map(() => [])];
  for (let r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
    drawn.fill(0);
    for (let k = 0; k < n; k++) {
      const u = stream.uniform() * n;
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
    const fa = ageFigures(A.ages, countA, qs);
    const fb = ageFigures(B.ages, countB, qs);
    if (fa.mean !== null && fb.mean !== null) diffs[0].push(fb.mean - fa.mean);
    qs.forEach((_, j) => {
      const a = fa.quantiles[j];
      const b = fb.quantiles[j];
      if (a !== null && b !== null) diffs[j + 1].push(b - a);
    });
  }
  const sd = (xs: number[]) => {
    if (xs.length < 2) return null;
    const m = xs.reduce((s, x) => s + x, 0) / xs.length;
    return Math.sqrt(xs.reduce((s, x) => s + (x - m) * (x - m), 0) / (xs.length - 1));
  };
  return { mean: sd(diffs[0]), quantiles: diffs.slice(1).map(sd) };
}
