/**
 * The analyses' estimates and their 95% intervals: proportions, paired differences of per-path
 * values (common random numbers), differences with a bootstrapped error, and a lift's interval.
 */
import { studentTCritical } from '../stats/index.js';
import type { Estimate, PairedDifference } from './analysis-document.js';

const Z95 = studentTCritical(0.95, 1e9);

function estimate(value: number, se: number, df: number): Estimate {
  const half = (df >= 1e9 ? Z95 : studentTCritical(0.95, df)) * se;
  return { value, standardError: se, interval95: [value - half, value + half] };
}

/** A difference over n paired paths with a standard error estimated otherwise (a bootstrap): Student's t on n − 1. */
export function pathsDifference(value: number, se: number, n: number): Estimate {
  return estimate(value, se, Math.max(1, n - 1));
}

/** A proportion k / n, with its binomial standard error √(p(1 − p)/n). */
export function proportion(k: number, n: number): Estimate {
  const p = n > 0 ? k / n : 0;
  return estimate(p, n > 1 ? Math.sqrt((p * (1 - p)) / n) : 0, Math.max(1, n - 1));
}

/**
 * Mean of paired differences d_i = variant_i − base_i over n paths, from Σd and Σd², with the
 * standard error √(s²/n); `unpaired` is what two independent samples of the same size would give,
 * √(s_a²/n + s_b²/n), for the caller to show what pairing saved.
 */
export function pairedDifference(sumD: number, sumD2: number, n: number, unpairedVariance: number): PairedDifference {
  const mean = n > 0 ? sumD / n : 0;
  const ss = sumD2 - (sumD * sumD) / Math.max(n, 1);
  const se = n > 1 && ss > 0 ? Math.sqrt(ss / (n - 1) / n) : 0;
  return { ...estimate(mean, se, Math.max(1, n - 1)), unpairedStandardError: n > 1 ? Math.sqrt(unpairedVariance / n) : 0 };
}

/** Variance of a 0/1 outcome with mean p over n (sample variance). */
export const bernoulliVariance = (p: number, n: number) => (n > 1 ? (p * (1 - p) * n) / (n - 1) : 0);

/**
 * Lift of a cause among failing paths: P(cause | fail) / P(cause), from the four counts of a 2×2
 * table (cause & fail, cause & not fail, no cause & fail, no cause & not fail). Its 95% interval is
 * exp(log L ± 1.96 σ), σ² by the delta method on the multinomial cell proportions:
 * log L = log p_cf − log(p_cf + p_nf) − log(p_cf + p_cs), Var = (Σ p_i g_i² − (Σ p_i g_i)²) / n.
 */
export function lift(cf: number, cs: number, nf: number, ns: number): { value: number; interval95: [number, number] } | null {
  const n = cf + cs + nf + ns;
  const fail = cf + nf;
  const cause = cf + cs;
  if (n === 0 || fail === 0 || cause === 0) return null;
  const value = (cf * n) / (fail * cause);
  if (cf === 0) return { value: 0, interval95: [0, 0] };
  const p = [cf / n, cs / n, nf / n, ns / n];
  const pf = p[0] + p[2];
  const pc = p[0] + p[1];
  const g = [1 / p[0] - 1 / pf - 1 / pc, -1 / pc, -1 / pf, 0];
  const m1 = p.reduce((s, pi, i) => s + pi * g[i], 0);
  const m2 = p.reduce((s, pi, i) => s + pi * g[i] * g[i], 0);
  const sigma = Math.sqrt(Math.max(0, m2 - m1 * m1) / n);
  return { value, interval95: [value * Math.exp(-Z95 * sigma), value * Math.exp(Z95 * sigma)] };
}
