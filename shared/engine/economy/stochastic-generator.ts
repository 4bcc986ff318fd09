import { RandomStream } from '../random/index.js';
import type { ResolvedEconomicAssumptions } from './assumptions.js';
import { propertyLogDrift } from './property.js';
import { CorrelatedShocks } from './correlated-shocks.js';
import { allocateEconomyPath, type EconomyPath } from './economy-path.js';
import { ECONOMY_STREAMS } from './streams.js';
import { checkYears } from './economy-path.js';
import { vasicekAnnualStep, vasicekB, vasicekLnA } from './vasicek.js';
import { boundedSimpleReturn, boundInflation, boundLogReturn } from './limits.js';

const MONTHS = 12;

/**
 * to[0 .. n) = from[0 .. n). The whole of `from` when `to` can hold it: one block copy (a memcpy),
 * which costs less than a loop over n values; the years beyond n are free for any value (the path
 * holds stale values beyond the years generated).
 */
function copyYears(from: Float64Array, to: Float64Array, n: number): void {
  if (to.length >= from.length) to.set(from);
  else for (let t = 0; t < n; t++) to[t] = from[t];
}

/**
 * a[t] = boundedSimpleReturn(a[t]) for t < n: log returns to simple returns, in place. The year
 * loop writes the log returns and this pass follows it. Math.expm1 is a call into C, and inside
 * the year loop each call cost more than the call itself (likely V8 saving and restoring the loop's
 * two dozen live doubles around it; docs/PERFORMANCE.md).
 */
function toSimpleReturns(a: Float64Array, n: number): void {
  for (let t = 0; t < n; t++) a[t] = boundedSimpleReturn(a[t]);
}

const SQRT_MONTHS = Math.sqrt(MONTHS);

/**
 * The STOCHASTIC economy (docs/ECONOMY.md): Vasicek short rate with the exact joint step of
 * (r(t+1), integral of r over the year), OU inflation, GBM or RSLN2 equity, a constant-maturity
 * zero-coupon bond fund, lognormal property, shocks correlated through a Cholesky factor.
 * Every constant is computed once; generate() allocates nothing.
 */
export class StochasticEconomyGenerator {
  private readonly shocks: CorrelatedShocks;
  private readonly regime = new RandomStream();
  private readonly monthly = new Float64Array(MONTHS);

  // Short rate.
  private readonly r0: number;
  private readonly theta: number;
  private readonly decay: number;
  private readonly rateSd: number;
  private readonly bOne: number;
  private readonly integralOnRate: number;
  private readonly integralSd: number;
  // Bond fund: ln P(t, t+D) = lnA_D - B_D r(t); ln P(t+1, t+D) = lnA_{D-1} - B_{D-1} r(t+1);
  // bondLnA also carries the term premium.
  private readonly bondLnA: number;
  private readonly bondBuyB: number;
  private readonly bondSellB: number;
  // Inflation (annual AR(1) from the exact OU step).
  private readonly i0: number;
  private readonly inflMean: number;
  private readonly inflDecay: number;
  private readonly inflSd: number;
  // Equity.
  private readonly rsln2: boolean;
  private readonly equityDrift: number;
  private readonly equitySd: number;
  private readonly mu1: number;
  private readonly sd1: number;
  private readonly mu2: number;
  private readonly sd2: number;
  private readonly p12: number;
  private readonly p21: number;
  private readonly pStationary1: number;
  // Property.
  private readonly propertyDrift: number;
  private readonly propertySd: number;

  constructor(
    a: ResolvedEconomicAssumptions,
    private readonly seed: number,
    readonly years: number,
  ) {
    const sr = a.shortRate;
    const step = vasicekAnnualStep(sr);
    this.r0 = sr.initial;
    this.theta = sr.longRunMean;
    this.decay = step.decay;
    this.rateSd = step.rateSd;
    this.bOne = step.bOne;
    this.integralOnRate = step.integralOnRate;
    this.integralSd = step.integralSd;
    const d = a.bonds.maturity;
    this.bondLnA = vasicekLnA(sr, d - 1) - vasicekLnA(sr, d) + a.bonds.termPremium;
    this.bondBuyB = vasicekB(sr.meanReversion, d);
    this.bondSellB = vasicekB(sr.meanReversion, d - 1);

    const inf = a.inflation;
    const infStep = vasicekAnnualStep(inf);
    this.i0 = inf.initial;
    this.inflMean = inf.longRunMean;
    this.inflDecay = infStep.decay;
    this.inflSd = infStep.rateSd;

    const e = a.equity;
    this.rsln2 = e.model === 'RSLN2';
    this.equityDrift = e.riskPremium - (e.volatility * e.volatility) / 2;
    this.equitySd = e.volatility;
    this.mu1 = e.regime1Mean;
    this.sd1 = e.regime1Volatility;
    this.mu2 = e.regime2Mean;
    this.sd2 = e.regime2Volatility;
    this.p12 = e.p12;
    this.p21 = e.p21;
    this.pStationary1 = e.p12 + e.p21 > 0 ? e.p21 / (e.p12 + e.p21) : 1;

    this.propertyDrift = propertyLogDrift(a.property);
    this.propertySd = a.property.volatility;

    const equityRandom = this.rsln2 ? e.regime1Volatility > 0 || e.regime2Volatility > 0 : e.volatility > 0;
    this.shocks = new CorrelatedShocks(
      a.correlation,
      [this.rateSd > 0, this.inflSd > 0, equityRandom, this.propertySd > 0],
      [this.integralSd > 0, false, this.rsln2, false],
    );

    // A factor without volatility follows the same path on every path: computed once here (by
    // the same arithmetic as generate, so the values are the same to the bit) and copied.
    const rateFixed = this.rateSd === 0 && this.integralSd === 0;
    const inflationFixed = this.inflSd === 0;
    if (rateFixed || inflationFixed) {
      const fixed = allocateEconomyPath(years);
      this.generate(0, fixed);
      this.fixed = fixed;
      this.rateFixed = rateFixed;
      this.inflationFixed = inflationFixed;
      this.propertyFixed = inflationFixed && this.propertySd === 0;
    }
  }

  private fixed: EconomyPath | null = null;
  private rateFixed = false;
  private inflationFixed = false;
  private propertyFixed = false;
  /**
   * The buffers that hold the fixed factors' whole series. A fixed factor is the same on every
   * path, so a buffer keeps it from one path to the next and only its first path copies it (seven
   * block copies a path were a tenth of the stylised retiree's generation). That holds while
   * nothing else writes into those series: a caller that changes a generated economy (a stress
   * test's shock) says so with `changed`. Writing the same values again (the batch copying a
   * path's price index into its slot) changes nothing.
   */
  private readonly holdingFixed = new WeakSet<EconomyPath>();

  changed(out: EconomyPath): void {
    this.holdingFixed.delete(out);
  }

  /** Fills the first `years` years (default all): a prefix of the full path, since each factor's stream is drawn year by year. */
  generate(pathIndex: number, out: EconomyPath, years: number = this.years): void {
    checkYears(years, this.years, out);
    const shocks = this.shocks;
    shocks.reset(this.seed, pathIndex);
    const rateStream = shocks.rate;
    const drawIntegral = this.integralSd > 0;
    const rsln2 = this.rsln2;
    let regime1 = true;
    if (rsln2) {
      this.regime.reset(this.seed, pathIndex, ECONOMY_STREAMS.equityRegime);
      regime1 = this.regime.uniform() < this.pStationary1;
    }
    const { shortRate, shortRateStart, inflation, cpi, cashReturn, bondReturn, equityReturn, propertyReturn } = out;
    const theta = this.theta;
    const decay = this.decay;
    const rateSd = this.rateSd;
    const bOne = this.bOne;
    const integralOnRate = this.integralOnRate;
    const integralSd = this.integralSd;
    const bondLnA = this.bondLnA;
    const bondBuyB = this.bondBuyB;
    const bondSellB = this.bondSellB;
    const inflMean = this.inflMean;
    const inflDecay = this.inflDecay;
    const inflSd = this.inflSd;
    const equityDrift = this.equityDrift;
    const equitySd = this.equitySd;
    const propertyDrift = this.propertyDrift;
    const propertySd = this.propertySd;
    // The Cholesky factor and the streams as locals: this loop is the engine's hottest.
    const l = shocks.l;
    const l00 = l[0],
      l10 = l[4],
      l11 = l[5],
      l20 = l[8],
      l21 = l[9],
      l22 = l[10];
    const l30 = l[12],
      l31 = l[13],
      l32 = l[14],
      l33 = l[15];
    const draw0 = shocks.draws(0),
      draw1 = shocks.draws(1),
      draw2 = shocks.draws(2),
      draw3 = shocks.draws(3);
    const inflationStream = shocks.inflation;
    const equityStream = shocks.equity;
    const propertyStream = shocks.property;

    // Fixed factors are copied whole, before the loop, which then computes the random ones only;
    // a buffer that holds the whole horizon keeps them for its later paths (holdingFixed).
    const fixed = this.fixed;
    const rateFixed = fixed !== null && this.rateFixed;
    const inflationFixed = fixed !== null && this.inflationFixed;
    const propertyFixed = fixed !== null && this.propertyFixed;
    if (fixed !== null && !this.holdingFixed.has(out)) {
      this.copyFixed(fixed, out, years);
      if (out.years >= this.years) this.holdingFixed.add(out);
    }

    let r = this.r0;
    let infl = this.i0;
    let index = 1;
    cpi[0] = 1;
    shortRateStart[0] = r;
    for (let t = 0; t < years; t++) {
      // Correlated shocks eps = L z, z_k from factor k's stream (see CorrelatedShocks).
      const z0 = draw0 ? rateStream.normal() : 0;
      const z1 = draw1 ? inflationStream.normal() : 0;
      const z2 = draw2 ? equityStream.normal() : 0;
      const z3 = draw3 ? propertyStream.normal() : 0;
      const eRate = l00 * z0;
      const eInflation = l10 * z0 + l11 * z1;
      const eEquity = l20 * z0 + l21 * z1 + l22 * z2;
      const eProperty = l30 * z0 + l31 * z1 + l32 * z2 + l33 * z3;

      // Short rate: exact joint step of r(t+1) and the year's integral of r (the cash yield).
      let yieldOfYear: number;
      if (rateFixed) yieldOfYear = shortRate[t];
      else {
        const dev = r - theta;
        const rateShock = rateSd * eRate;
        const rNext = theta + dev * decay + rateShock;
        yieldOfYear = theta + dev * bOne + integralOnRate * rateShock;
        if (drawIntegral) yieldOfYear += integralSd * rateStream.normal();
        // The year's figures are bounded (limits.ts); the rate's own state r is not.
        yieldOfYear = boundLogReturn(yieldOfYear);
        shortRate[t] = yieldOfYear;
        // Log returns here; the pass after the loop bounds them and makes them simple returns.
        cashReturn[t] = yieldOfYear;
        bondReturn[t] = bondLnA - bondSellB * rNext + bondBuyB * r;
        r = rNext;
        shortRateStart[t + 1] = r;
      }

      // The OU state infl is unbounded; the year's rate, which moves the price index, is bounded
      // (limits.ts), so the index stays positive and finite.
      let yearInflation: number;
      if (inflationFixed) yearInflation = inflation[t];
      else {
        infl = inflMean + (infl - inflMean) * inflDecay + inflSd * eInflation;
        yearInflation = boundInflation(infl);
        index *= 1 + yearInflation;
        inflation[t] = yearInflation;
        cpi[t + 1] = index;
      }

      let equityLog: number;
      if (rsln2) {
        equityLog = this.rsln2Year(eEquity, regime1);
        regime1 = this.lastRegime1;
      } else {
        equityLog = yieldOfYear + equityDrift + equitySd * eEquity;
      }
      equityReturn[t] = equityLog;
      if (!propertyFixed) propertyReturn[t] = yearInflation + propertyDrift + propertySd * eProperty;
    }
    // The simple returns, from the log returns.
    if (!rateFixed) {
      toSimpleReturns(cashReturn, years);
      toSimpleReturns(bondReturn, years);
    }
    toSimpleReturns(equityReturn, years);
    if (!propertyFixed) toSimpleReturns(propertyReturn, years);
  }

  /** The first `years` years of the fixed factors' series, from the path computed once. */
  private copyFixed(fixed: EconomyPath, out: EconomyPath, years: number): void {
    if (this.rateFixed) {
      copyYears(fixed.shortRate, out.shortRate, years);
      copyYears(fixed.cashReturn, out.cashReturn, years);
      copyYears(fixed.bondReturn, out.bondReturn, years);
      copyYears(fixed.shortRateStart, out.shortRateStart, years + 1);
    }
    if (this.inflationFixed) {
      copyYears(fixed.inflation, out.inflation, years);
      copyYears(fixed.cpi, out.cpi, years + 1);
    }
    if (this.propertyFixed) copyYears(fixed.propertyReturn, out.propertyReturn, years);
  }

  private lastRegime1 = true;

  /**
   * One year of RSLN2: twelve monthly log returns in the regime of the month. The monthly
   * standard normals are z_j = eps / sqrt(12) + w_j - mean(w) with w_j iid N(0, 1): they are iid
   * N(0, 1) and sum to sqrt(12) eps, which carries the annual shock's correlation with the other
   * factors into the regime-switching returns.
   */
  private rsln2Year(eps: number, startsInRegime1: boolean): number {
    const w = this.monthly;
    const equityStream = this.shocks.equity;
    let sumW = 0;
    for (let j = 0; j < MONTHS; j++) {
      w[j] = equityStream.normal();
      sumW += w[j];
    }
    const shift = eps / SQRT_MONTHS - sumW / MONTHS;
    let regime1 = startsInRegime1;
    let total = 0;
    for (let j = 0; j < MONTHS; j++) {
      const z = w[j] + shift;
      total += regime1 ? this.mu1 + this.sd1 * z : this.mu2 + this.sd2 * z;
      const u = this.regime.uniform();
      regime1 = regime1 ? u >= this.p12 : u < this.p21;
    }
    this.lastRegime1 = regime1;
    return total;
  }
}
