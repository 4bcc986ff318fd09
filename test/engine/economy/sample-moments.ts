/** Sample mean, variance and the standard errors the statistical tests derive tolerances from. */
export interface Moments {
  n: number;
  mean: number;
  variance: number;
  /** Standard error of the mean. */
  seMean: number;
  /** Standard error of the sample variance, from the sample fourth central moment. */
  seVariance: number;
}

export function moments(x: ArrayLike<number>): Moments {
  const n = x.length;
  let s = 0;
  for (let i = 0; i < n; i++) s += x[i];
  const mean = s / n;
  let m2 = 0;
  let m4 = 0;
  for (let i = 0; i < n; i++) {
    const d = (x[i] - mean) ** 2;
    m2 += d;
    m4 += d * d;
  }
  const variance = m2 / (n - 1);
  m4 /= n;
  return {
    n,
    mean,
    variance,
    seMean: Math.sqrt(variance / n),
    seVariance: Math.sqrt(Math.max(0, m4 - variance * variance) / n),
  };
}

export function correlation(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}
