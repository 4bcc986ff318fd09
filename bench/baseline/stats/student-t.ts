/**
 * Critical values of Student's t distribution, for confidence intervals built on an estimated
 * standard error: with k batch means the interval is mean ± t(k − 1) · SE, and for the 32 batches
 * of a comparison t is 2.04, not the normal 1.96.
 */

/** Beyond this many degrees of freedom the Cornish-Fisher expansion is used (its error is below 1e-9 there). */
const SERIES_LIMIT = 1000;

/**
 * P(|T| <= t) for T with `df` (a positive integer) degrees of freedom, from the finite series of
 * Abramowitz and Stegun 26.7.3 (odd df) and 26.7.4 (even df) in theta = atan(t / sqrt(df)).
 */
export function studentTWithin(t: number, df: number): number {
  const theta = Math.atan(Math.abs(t) / Math.sqrt(df));
  const s = Math.sin(theta);
  const c2 = Math.cos(theta) ** 2;
  if (df % 2 === 0) {
    // sin θ [1 + (1/2) cos²θ + (1·3)/(2·4) cos⁴θ + … + (1·3…(df−3))/(2·4…(df−2)) cos^(df−2) θ]
    let term = 1;
    let sum = 1;
    for (let k = 2; k <= df - 2; k += 2) {
      term *= ((k - 1) / k) * c2;
      sum += term;
    }
    return s * sum;
  }
  if (df === 1) return (2 * theta) / Math.PI;
  // (2/π) [θ + sin θ cos θ (1 + (2/3) cos²θ + … + (2·4…(df−3))/(1·3…(df−2)) cos^(df−3) θ)]
  let term = 1;
  let sum = 1;
  for (let k = 3; k <= df - 2; k += 2) {
    term *= ((k - 1) / k) * c2;
    sum += term;
  }
  return (2 / Math.PI) * (theta + s * Math.sqrt(c2) * sum);
}

/** The standard normal quantile, by Acklam's rational approximation (relative error below 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  return x;
}

/**
 * The t such that P(|T| <= t) = confidence (e.g. 0.95) for `df` degrees of freedom (a positive
 * integer): by bisection on the exact series up to SERIES_LIMIT, by the Cornish-Fisher expansion
 * around the normal quantile beyond.
 */
export function studentTCritical(confidence: number, df: number): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a positive integer, got ${df}`);
  if (df > SERIES_LIMIT) {
    const z = normalQuantile(0.5 + confidence / 2);
    const z3 = z ** 3,
      z5 = z ** 5,
      z7 = z ** 7;
    return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df ** 2) + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df ** 3);
  }
  let lo = 0;
  let hi = 1;
  while (studentTWithin(hi, df) < confidence) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTWithin(mid, df) < confidence) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
