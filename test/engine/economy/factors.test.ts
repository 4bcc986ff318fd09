import { describe, expect, it } from 'vitest';
import {
  allocateEconomyPath,
  createEconomyGenerator,
  ECONOMY_STREAMS,
  resolveEconomicAssumptions,
  shortRateMoments,
  vasicekB,
  zeroCouponPrice,
} from '../../../shared/engine/economy/index.js';
import { RandomStream } from '../../../shared/engine/random/index.js';
import { correlation, moments } from './sample-moments.js';

const PATHS = 20_000;
const identity = [
  [1, 0, 0, 0],
  [0, 1, 0, 0],
  [0, 0, 1, 0],
  [0, 0, 0, 1],
];
const flatRates = { shortRate: { initial: 0.03, longRunMean: 0.03, meanReversion: 0.1, volatility: 0 } };

describe('GBM equity', () => {
  it('has log excess returns over the year yield N(premium - sigma^2/2, sigma^2)', () => {
    const a = resolveEconomicAssumptions({ equity: { model: 'GBM', riskPremium: 0.05, volatility: 0.18 } });
    const g = createEconomyGenerator(a, 11, 5);
    const p = allocateEconomyPath(5);
    const excess = new Float64Array(PATHS * 5);
    for (let k = 0; k < PATHS; k++) {
      g.generate(k, p);
      for (let t = 0; t < 5; t++) excess[k * 5 + t] = Math.log1p(p.equityReturn[t]) - p.shortRate[t];
    }
    const m = moments(excess);
    expect(Math.abs(m.mean - (0.05 - 0.18 ** 2 / 2))).toBeLessThan(4 * m.seMean);
    expect(Math.abs(m.variance - 0.18 ** 2)).toBeLessThan(4 * m.seVariance);
  });

  it('has 10-year wealth factors with the lognormal mean and variance', () => {
    const r = 0.03;
    const mu = 0.04;
    const sigma = 0.2;
    const T = 10;
    const a = resolveEconomicAssumptions({ ...flatRates, equity: { riskPremium: mu, volatility: sigma } });
    const g = createEconomyGenerator(a, 12, T);
    const p = allocateEconomyPath(T);
    const wealth = new Float64Array(PATHS);
    const logWealth = new Float64Array(PATHS);
    for (let k = 0; k < PATHS; k++) {
      g.generate(k, p);
      let w = 1;
      for (let t = 0; t < T; t++) w *= 1 + p.equityReturn[t];
      wealth[k] = w;
      logWealth[k] = Math.log(w);
    }
    const lw = moments(logWealth);
    expect(Math.abs(lw.mean - (r + mu - sigma ** 2 / 2) * T)).toBeLessThan(4 * lw.seMean);
    expect(Math.abs(lw.variance - sigma ** 2 * T)).toBeLessThan(4 * lw.seVariance);
    const w = moments(wealth);
    const mean = Math.exp((r + mu) * T);
    expect(Math.abs(w.mean - mean)).toBeLessThan(4 * w.seMean);
    const variance = mean * mean * Math.expm1(sigma * sigma * T);
    expect(Math.abs(w.variance - variance)).toBeLessThan(4 * w.seVariance);
  });
});

describe('OU inflation', () => {
  it('matches the OU mean and variance, from a start away from the mean to the stationary law', () => {
    const inflation = { initial: 0.08, meanReversion: 0.4, longRunMean: 0.025, volatility: 0.02 };
    const g = createEconomyGenerator(resolveEconomicAssumptions({ inflation }), 13, 30);
    const p = allocateEconomyPath(30);
    const at = [0, 2, 29];
    const samples = at.map(() => new Float64Array(PATHS));
    let cpiError = 0;
    for (let k = 0; k < PATHS; k++) {
      g.generate(k, p);
      at.forEach((t, j) => (samples[j][k] = p.inflation[t]));
      for (let t = 0; t < 30; t++) cpiError = Math.max(cpiError, Math.abs(p.cpi[t + 1] / p.cpi[t] - 1 - p.inflation[t]));
    }
    // inflation[t] is the OU value one year after the one before it: the process at time t + 1.
    at.forEach((t, j) => {
      const m = moments(samples[j]);
      const exact = shortRateMoments(inflation, inflation.initial, t + 1);
      expect(Math.abs(m.mean - exact.mean)).toBeLessThan(4 * m.seMean);
      expect(Math.abs(m.variance - exact.variance)).toBeLessThan(4 * m.seVariance);
    });
    const stationaryVariance = inflation.volatility ** 2 / (2 * inflation.meanReversion);
    const last = moments(samples[2]);
    expect(Math.abs(last.variance - stationaryVariance)).toBeLessThan(4 * last.seVariance);
    expect(cpiError).toBeLessThan(1e-12);
  });
});

describe('correlated shocks', () => {
  it('reproduce the input correlation matrix', () => {
    const corr = [
      [1, 0.4, -0.3, 0.1],
      [0.4, 1, -0.2, 0.3],
      [-0.3, -0.2, 1, 0.5],
      [0.1, 0.3, 0.5, 1],
    ];
    const a = resolveEconomicAssumptions({ correlation: corr });
    const years = 4;
    const g = createEconomyGenerator(a, 14, years);
    const p = allocateEconomyPath(years);
    const sr = a.shortRate;
    const decay = Math.exp(-sr.meanReversion);
    const rateSd = sr.volatility * Math.sqrt(vasicekB(2 * sr.meanReversion, 1));
    const inf = a.inflation;
    const inflDecay = Math.exp(-inf.meanReversion);
    const inflSd = inf.volatility * Math.sqrt(vasicekB(2 * inf.meanReversion, 1));
    const n = PATHS * years;
    const eps = [0, 1, 2, 3].map(() => new Float64Array(n));
    for (let k = 0; k < PATHS; k++) {
      g.generate(k, p);
      let prevInflation = inf.initial;
      for (let t = 0; t < years; t++) {
        const i = k * years + t;
        const r = p.shortRateStart[t];
        eps[0][i] = (p.shortRateStart[t + 1] - sr.longRunMean - (r - sr.longRunMean) * decay) / rateSd;
        eps[1][i] = (p.inflation[t] - inf.longRunMean - (prevInflation - inf.longRunMean) * inflDecay) / inflSd;
        eps[2][i] =
          (Math.log1p(p.equityReturn[t]) - p.shortRate[t] - a.equity.riskPremium + a.equity.volatility ** 2 / 2) / a.equity.volatility;
        eps[3][i] =
          (Math.log1p(p.propertyReturn[t]) - p.inflation[t] - a.property.realGrowth + a.property.volatility ** 2 / 2) /
          a.property.volatility;
        prevInflation = p.inflation[t];
      }
    }
    for (let i = 0; i < 4; i++) {
      const m = moments(eps[i]);
      expect(Math.abs(m.mean)).toBeLessThan(4 * m.seMean);
      expect(Math.abs(m.variance - 1)).toBeLessThan(4 * m.seVariance);
      for (let j = i + 1; j < 4; j++) {
        const rho = corr[i][j];
        const se = (1 - rho * rho) / Math.sqrt(n);
        expect(Math.abs(correlation(eps[i], eps[j]) - rho)).toBeLessThan(4 * se);
      }
    }
  });

  it('accepts a semi-definite matrix (perfectly correlated factors)', () => {
    const corr = [
      [1, 1, 0, 0],
      [1, 1, 0, 0],
      [0, 0, 1, -1],
      [0, 0, -1, 1],
    ];
    const a = resolveEconomicAssumptions({ correlation: corr });
    const g = createEconomyGenerator(a, 15, 3);
    const p = allocateEconomyPath(3);
    g.generate(0, p);
    for (let t = 0; t < 3; t++) expect(Number.isFinite(p.propertyReturn[t]) && Number.isFinite(p.inflation[t])).toBe(true);
  });
});

describe('deterministic factors', () => {
  it('with every volatility zero, every path is the same closed-form economy', () => {
    const sr = { initial: 0.01, meanReversion: 0.2, longRunMean: 0.04, volatility: 0 };
    const inf = { initial: 0.05, meanReversion: 0.5, longRunMean: 0.02, volatility: 0 };
    const a = resolveEconomicAssumptions({
      shortRate: sr,
      inflation: inf,
      equity: { riskPremium: 0.04, volatility: 0 },
      property: { realGrowth: 0.01, volatility: 0 },
    });
    const years = 20;
    const g = createEconomyGenerator(a, 16, years);
    const p = allocateEconomyPath(years);
    const q = allocateEconomyPath(years);
    g.generate(0, p);
    g.generate(12345, q);
    expect(q).toEqual(p);
    for (let t = 0; t < years; t++) {
      // With sigma = 0: r(t) = theta + (r0 - theta) e^{-a t}; the year's yield is the integral of it.
      expect(p.shortRateStart[t]).toBeCloseTo(0.04 + (0.01 - 0.04) * Math.exp(-0.2 * t), 14);
      const yieldOfYear = -Math.log(zeroCouponPrice(sr, p.shortRateStart[t], 1));
      expect(p.shortRate[t]).toBeCloseTo(yieldOfYear, 14);
      expect(p.inflation[t]).toBeCloseTo(0.02 + (0.05 - 0.02) * Math.exp(-0.5 * (t + 1)), 14);
      expect(p.equityReturn[t]).toBeCloseTo(Math.expm1(p.shortRate[t] + 0.04), 14);
      expect(p.propertyReturn[t]).toBeCloseTo(Math.expm1(p.inflation[t] + 0.01), 14);
    }
  });

  it('a random equity alone draws only from the equity stream, one normal a year', () => {
    const a = resolveEconomicAssumptions({
      shortRate: { initial: 0, longRunMean: 0, volatility: 0 },
      inflation: { initial: 0, longRunMean: 0, volatility: 0 },
      property: { volatility: 0 },
      equity: { riskPremium: 0.05, volatility: 0.2 },
      correlation: identity,
    });
    const years = 10;
    const seed = 99;
    const g = createEconomyGenerator(a, seed, years);
    const p = allocateEconomyPath(years);
    const r = new RandomStream();
    for (const k of [0, 1, 500]) {
      g.generate(k, p);
      r.reset(seed, k, ECONOMY_STREAMS.equity);
      for (let t = 0; t < years; t++) {
        expect(p.equityReturn[t]).toBe(Math.expm1(0 + (0.05 - (0.2 * 0.2) / 2) + 0.2 * r.normal()));
        expect(p.inflation[t]).toBe(0);
        expect(p.cashReturn[t]).toBe(0);
      }
    }
  });
});

describe('RSLN2 equity', () => {
  it('has the annual log-return mean of the regime chain started in its stationary law', () => {
    const e = {
      model: 'RSLN2' as const,
      regime1Mean: 0.01,
      regime1Volatility: 0.03,
      regime2Mean: -0.02,
      regime2Volatility: 0.07,
      p12: 0.04,
      p21: 0.3,
    };
    const g = createEconomyGenerator(resolveEconomicAssumptions({ equity: e }), 17, 2);
    const p = allocateEconomyPath(2);
    const n = 10_000;
    const logs = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      g.generate(k, p);
      logs[k] = Math.log1p(p.equityReturn[1]);
    }
    const pi1 = e.p21 / (e.p12 + e.p21);
    const expected = 12 * (pi1 * e.regime1Mean + (1 - pi1) * e.regime2Mean);
    const m = moments(logs);
    expect(Math.abs(m.mean - expected)).toBeLessThan(4 * m.seMean);
    // The annual variance lies between the two regimes' pure variances plus the mean-mixing term.
    expect(m.variance).toBeGreaterThan(12 * e.regime1Volatility ** 2);
  });
});
