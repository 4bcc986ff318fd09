/**
 * Statistics of a set of lives' figures, computed exactly over the values (no sketch): percentiles
 * as the output defines them (whole-number figures: the order statistic x_(ceil(q n)), Hyndman and
 * Fan's type 1; others interpolated, type 7), each with a distribution-free 95% interval between
 * two order statistics chosen from the binomial distribution of how many values fall below the
 * true quantile; means summed exactly in the output's quanta, with their standard error.
 */
import { FixedPointSum, MONEY_UNIT } from '../output/fixed-point-sum.js';
import { ExactSum } from '../stats/index.js';

/** The q-quantile of ascending values: type 1 when every value is whole, else type 7. */
export function quantileOf(sorted: Float64Array, q: number, whole: boolean): number {
  const n = sorted.length;
  if (whole) return sorted[Math.min(n, Math.max(1, Math.ceil(q * n))) - 1];
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  return lo + 1 < n ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let k = logFactorials.length; k <= n; k++) logFactorials.push(logFactorials[k - 1] + Math.log(k));
  return logFactorials[n];
}

/**
 * 1-based ranks (l, u) of the order statistics bounding the q-quantile of n values with at least 95%
 * confidence: the largest l with P(B ≤ l − 1) ≤ 0.025 and the smallest u with P(B ≥ u) ≤ 0.025,
 * B ~ Binomial(n, q) the count of values below the quantile; 0 (or n + 1) where n is too small.
 */
export function orderStatisticRanks(n: number, q: number): { lower: number; upper: number } {
  const lq = Math.log(q);
  const lp = Math.log1p(-q);
  const lfn = logFactorial(n);
  let cdf = 0;
  let lower = 0;
  let upper = n + 1;
  for (let k = 0; k <= n; k++) {
    cdf += Math.exp(lfn - logFactorial(k) - logFactorial(n - k) + k * lq + (n - k) * lp);
    if (cdf <= 0.025) lower = k + 1;
    if (cdf >= 0.975) {
      upper = k + 1;
      break;
    }
  }
  return { lower, upper };
}

export interface Estimate {
  value: number | null;
  /** How many values the statistic is over. */
  n: number;
  standardError?: number | null;
  interval95?: [number | null, number | null];
}

/** Percentile q of the values (any order; NaNs already left out), with its order-statistic interval. */
export function percentileEstimate(values: Float64Array, q: number): Estimate {
  const n = values.length;
  if (n === 0) return { value: null, n, interval95: [null, null] };
  const sorted = Float64Array.from(values).sort();
  const whole = sorted.every((x) => Number.isInteger(x));
  const { lower, upper } = orderStatisticRanks(n, q);
  return {
    value: quantileOf(sorted, q, whole),
    n,
    interval95: [lower >= 1 ? sorted[lower - 1] : null, upper <= n ? sorted[upper - 1] : null],
  };
}

/**
 * The mean, summed exactly in the output's money quantum (so a mean over every life is the
 * output's, to the bit), and its standard error.
 */
export function meanEstimate(values: Float64Array): Estimate {
  const n = values.length;
  if (n === 0) return { value: null, n, standardError: null };
  const sum = new FixedPointSum(MONEY_UNIT);
  for (const x of values) sum.add(x);
  const mean = (ExactSum.fromJSON(sum.toJSON()).value() * MONEY_UNIT) / n;
  let squares = 0;
  for (const x of values) squares += (x - mean) * (x - mean);
  const se = n > 1 ? Math.sqrt(squares / (n - 1) / n) : null;
  return { value: mean, n, standardError: se, interval95: se === null ? [null, null] : [mean - 1.96 * se, mean + 1.96 * se] };
}

/** A share k / n of lives, with its binomial standard error and a normal 95% interval. */
export function probabilityEstimate(k: number, n: number): Estimate {
  if (n === 0) return { value: null, n, standardError: null };
  const p = k / n;
  const se = Math.sqrt((p * (1 - p)) / n);
  return { value: p, n, standardError: se, interval95: [Math.max(0, p - 1.96 * se), Math.min(1, p + 1.96 * se)] };
}

export function extremeEstimate(values: Float64Array, which: 'min' | 'max'): Estimate {
  const n = values.length;
  if (n === 0) return { value: null, n };
  let v = values[0];
  for (const x of values) v = which === 'min' ? Math.min(v, x) : Math.max(v, x);
  return { value: v, n };
}

/**
 * The difference a − b of two estimates over disjoint sets of lives, with the standard error of two
 * independent estimates; a percentile's standard error is read from its interval (its half-width /
 * 1.96), so the difference's interval is approximate where its sets are small.
 */
export function differenceOf(a: Estimate, b: Estimate): Estimate {
  if (a.value === null || b.value === null) return { value: null, n: a.n + b.n, standardError: null, interval95: [null, null] };
  const value = a.value - b.value;
  const se = (e: Estimate) => {
    if (e.standardError !== undefined) return e.standardError;
    const [lo, hi] = e.interval95 ?? [null, null];
    return lo === null || hi === null ? null : (hi - lo) / (2 * 1.96);
  };
  const sa = se(a);
  const sb = se(b);
  if (a.interval95 === undefined && a.standardError === undefined) return { value, n: a.n + b.n };
  if (sa === null || sb === null) return { value, n: a.n + b.n, standardError: null, interval95: [null, null] };
  const s = Math.sqrt(sa * sa + sb * sb);
  return { value, n: a.n + b.n, standardError: s, interval95: [value - 1.96 * s, value + 1.96 * s] };
}
