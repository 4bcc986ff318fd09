/**
 * Closed forms of the Vasicek model dr = a (theta - r) dt + sigma dW (the Hull-White one-factor
 * model with a flat initial curve), under the measure the engine simulates in. Small a*tau uses
 * series expansions (exact to O((a tau)^3)) instead of formulas that cancel catastrophically;
 * a = 0 (a driftless Brownian motion) is exact.
 */
export interface VasicekParameters {
  meanReversion: number;
  longRunMean: number;
  volatility: number;
}

const SERIES_BELOW = 1e-3;

/** B(tau) = (1 - e^{-a tau}) / a. */
export function vasicekB(a: number, tau: number): number {
  const x = a * tau;
  return x < SERIES_BELOW ? tau * (1 - x / 2 + (x * x) / 6) : -Math.expm1(-x) / a;
}

/** J(tau) = integral over [0, tau] of B(u)^2 du. */
function integralOfBSquared(a: number, tau: number): number {
  const x = a * tau;
  if (x < SERIES_BELOW) return tau * tau * tau * (1 / 3 - x / 4 + (7 * x * x) / 60);
  return (tau - 2 * vasicekB(a, tau) + -Math.expm1(-2 * x) / (2 * a)) / (a * a);
}

/** ln A(tau) in P(t, t + tau) = A(tau) exp(-B(tau) r(t)): theta (B - tau) + sigma^2 J / 2. */
export function vasicekLnA(p: VasicekParameters, tau: number): number {
  const { meanReversion: a, longRunMean: theta, volatility: sigma } = p;
  const x = a * tau;
  const bMinusTau = x < SERIES_BELOW ? tau * (-x / 2 + (x * x) / 6) : vasicekB(a, tau) - tau;
  return theta * bMinusTau + (sigma * sigma * integralOfBSquared(a, tau)) / 2;
}

/** Zero-coupon bond price P(t, t + tau) given the short rate r(t). */
export function zeroCouponPrice(p: VasicekParameters, r: number, tau: number): number {
  return Math.exp(vasicekLnA(p, tau) - vasicekB(p.meanReversion, tau) * r);
}

/** Mean and variance of r(t) given r(0) = r0. */
export function shortRateMoments(p: VasicekParameters, r0: number, t: number): { mean: number; variance: number } {
  const { meanReversion: a, longRunMean: theta, volatility: sigma } = p;
  return {
    mean: theta + (r0 - theta) * Math.exp(-a * t),
    variance: sigma * sigma * vasicekB(2 * a, t),
  };
}

/**
 * One exact annual step of the pair (r(t+1), I = integral of r over [t, t+1]) given r(t); both
 * are normal. The generator uses:
 *   r(t+1) = theta + (r(t) - theta) decay + rateSd z1
 *   I      = theta + (r(t) - theta) bOne + integralOnRate (r(t+1) - E r(t+1)) + integralSd z2
 */
export interface VasicekStep {
  decay: number;
  rateSd: number;
  bOne: number;
  integralOnRate: number;
  integralSd: number;
}

export function vasicekAnnualStep(p: VasicekParameters): VasicekStep {
  const { meanReversion: a, volatility: sigma } = p;
  const s2 = sigma * sigma;
  const bOne = vasicekB(a, 1);
  const varR = s2 * vasicekB(2 * a, 1);
  const varI = s2 * integralOfBSquared(a, 1);
  const cov = (s2 * bOne * bOne) / 2; // Cov(r(t+1), I) = sigma^2 B(1)^2 / 2
  const integralOnRate = varR > 0 ? cov / varR : 0;
  return {
    decay: Math.exp(-a),
    rateSd: Math.sqrt(varR),
    bOne,
    integralOnRate,
    integralSd: Math.sqrt(Math.max(0, varI - integralOnRate * cov)),
  };
}
