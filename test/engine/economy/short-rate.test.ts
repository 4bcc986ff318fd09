import { describe, expect, it } from 'vitest';
import {
  allocateEconomyPath,
  createEconomyGenerator,
  resolveEconomicAssumptions,
  shortRateMoments,
  vasicekB,
  zeroCouponPrice,
} from '../../../shared/engine/economy/index.js';
import { moments } from './sample-moments.js';

const PATHS = 20_000;
const YEARS = 30;
const shortRate = { initial: 0.02, meanReversion: 0.15, longRunMean: 0.045, volatility: 0.02 };
const a = resolveEconomicAssumptions({ shortRate, bonds: { maturity: 7, termPremium: 0 } });
const generator = createEconomyGenerator(a, 777, YEARS);

// Per path: r(t) at a few times, and the discount factor exp(-sum of the years' integrated rates).
const times = [1, 5, 10, 30];
const rates = times.map(() => new Float64Array(PATHS));
const discount10 = new Float64Array(PATHS);
const integral10 = new Float64Array(PATHS);
const firstYield = new Float64Array(PATHS);
const discountedBond = new Float64Array(PATHS); // D(10) * P(10, 15)
const path = allocateEconomyPath(YEARS);
let bondIdentityError = 0;
for (let k = 0; k < PATHS; k++) {
  generator.generate(k, path);
  times.forEach((t, j) => (rates[j][k] = path.shortRateStart[t]));
  let integral = 0;
  for (let t = 0; t < 10; t++) integral += path.shortRate[t];
  integral10[k] = integral;
  firstYield[k] = path.shortRate[0];
  discount10[k] = Math.exp(-integral);
  discountedBond[k] = discount10[k] * zeroCouponPrice(shortRate, path.shortRateStart[10], 5);
  for (let t = 0; t < YEARS; t++) {
    const expected = zeroCouponPrice(shortRate, path.shortRateStart[t + 1], 6) / zeroCouponPrice(shortRate, path.shortRateStart[t], 7) - 1;
    bondIdentityError = Math.max(bondIdentityError, Math.abs(path.bondReturn[t] - expected));
  }
}

describe('Vasicek short rate', () => {
  it('matches the closed-form mean and variance of r(t)', () => {
    times.forEach((t, j) => {
      const m = moments(rates[j]);
      const exact = shortRateMoments(shortRate, shortRate.initial, t);
      expect(Math.abs(m.mean - exact.mean)).toBeLessThan(4 * m.seMean);
      expect(Math.abs(m.variance - exact.variance)).toBeLessThan(4 * m.seVariance);
    });
  });

  it('draws the integral of r over 1 and 10 years (the cash account) from its exact normal law', () => {
    const { meanReversion: a, longRunMean: theta, volatility: sigma, initial: r0 } = shortRate;
    const y = moments(firstYield);
    expect(Math.abs(y.mean - (theta + (r0 - theta) * vasicekB(a, 1)))).toBeLessThan(4 * y.seMean);
    const yearVariance = (sigma * sigma * (1 - 2 * vasicekB(a, 1) + vasicekB(2 * a, 1))) / (a * a);
    expect(Math.abs(y.variance - yearVariance)).toBeLessThan(4 * y.seVariance);
    const T = 10;
    const mean = theta * T + (r0 - theta) * vasicekB(a, T);
    const variance = (sigma * sigma * (T - 2 * vasicekB(a, T) + vasicekB(2 * a, T))) / (a * a);
    const m = moments(integral10);
    expect(Math.abs(m.mean - mean)).toBeLessThan(4 * m.seMean);
    expect(Math.abs(m.variance - variance)).toBeLessThan(4 * m.seVariance);
  });

  it('prices zero-coupon bonds: E[exp(-integral of r)] = P(0, t) and E[D(t) P(t, t+5)] = P(0, t+5)', () => {
    const d = moments(discount10);
    expect(Math.abs(d.mean - zeroCouponPrice(shortRate, shortRate.initial, 10))).toBeLessThan(4 * d.seMean);
    const b = moments(discountedBond);
    expect(Math.abs(b.mean - zeroCouponPrice(shortRate, shortRate.initial, 15))).toBeLessThan(4 * b.seMean);
  });

  it('prices the bond fund as buy P(t, t+7), sell P(t+1, t+7)', () => {
    expect(bondIdentityError).toBeLessThan(1e-12);
  });

  it('pays cash exp(year yield) - 1', () => {
    for (let t = 0; t < YEARS; t++) expect(path.cashReturn[t]).toBeCloseTo(Math.expm1(path.shortRate[t]), 15);
  });

  it('handles a zero mean-reversion speed (a random walk) with the limiting closed forms', () => {
    const walk = { initial: 0.03, meanReversion: 0, longRunMean: 0.03, volatility: 0.01 };
    const g = createEconomyGenerator(resolveEconomicAssumptions({ shortRate: walk }), 5, 10);
    const p = allocateEconomyPath(10);
    const r10 = new Float64Array(PATHS);
    const disc = new Float64Array(PATHS);
    for (let k = 0; k < PATHS; k++) {
      g.generate(k, p);
      r10[k] = p.shortRateStart[10];
      let integral = 0;
      for (let t = 0; t < 10; t++) integral += p.shortRate[t];
      disc[k] = Math.exp(-integral);
    }
    const m = moments(r10);
    const exact = shortRateMoments(walk, walk.initial, 10);
    expect(Math.abs(m.mean - exact.mean)).toBeLessThan(4 * m.seMean);
    expect(Math.abs(m.variance - exact.variance)).toBeLessThan(4 * m.seVariance);
    const d = moments(disc);
    expect(Math.abs(d.mean - zeroCouponPrice(walk, walk.initial, 10))).toBeLessThan(4 * d.seMean);
  });
});
