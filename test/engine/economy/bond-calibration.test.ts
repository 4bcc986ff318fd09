import { describe, expect, it } from 'vitest';
import { allocateEconomyPath, createEconomyGenerator, resolveEconomicAssumptions } from '../../../shared/engine/economy/index.js';
import history from '../../../shared/engine/economy/historical-returns.json' with { type: 'json' };

const PATHS = 10_000;
const YEARS = 50;
const WINDOW = [1950, 2022] as const;

const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
const sd = (x: number[]) => {
  const m = mean(x);
  return Math.sqrt(x.reduce((s, v) => s + (v - m) ** 2, 0) / (x.length - 1));
};

/** The shipped history's annual bond returns over the calibration window: nominal and real. */
function historyMoments() {
  const years = Array.from({ length: WINDOW[1] - WINDOW[0] + 1 }, (_, k) => WINDOW[0] + k - history.firstYear);
  const nominal = years.map((k) => history.bonds[k]);
  const real = years.map((k) => (1 + history.bonds[k]) / (1 + history.inflation[k]) - 1);
  return { n: years.length, mean: mean(nominal), sd: sd(nominal), realMean: mean(real), realSd: sd(real) };
}

/**
 * Pooled moments of the simulated fund over PATHS x YEARS path-years, with standard errors from
 * the spread of the per-path figures (paths are independent, the years of a path are not).
 */
function simulatedMoments(seed: number) {
  const a = resolveEconomicAssumptions();
  const g = createEconomyGenerator(a, seed, YEARS);
  const p = allocateEconomyPath(YEARS);
  const pathMean = new Float64Array(PATHS);
  const pathRealMean = new Float64Array(PATHS);
  const pathExcess = new Float64Array(PATHS);
  const returns = new Float64Array(PATHS * YEARS);
  for (let k = 0; k < PATHS; k++) {
    g.generate(k, p);
    let s = 0,
      r = 0,
      x = 0;
    for (let t = 0; t < YEARS; t++) {
      returns[k * YEARS + t] = p.bondReturn[t];
      s += p.bondReturn[t];
      r += (1 + p.bondReturn[t]) / (1 + p.inflation[t]) - 1;
      x += (1 + p.bondReturn[t]) / (1 + p.cashReturn[t]);
    }
    pathMean[k] = s / YEARS;
    pathRealMean[k] = r / YEARS;
    pathExcess[k] = x / YEARS;
  }
  const m = mean([...pathMean]);
  const pathVariance = Array.from({ length: PATHS }, (_, k) => {
    let v = 0;
    for (let t = 0; t < YEARS; t++) v += (returns[k * YEARS + t] - m) ** 2;
    return v / YEARS;
  });
  const variance = mean(pathVariance);
  const s = Math.sqrt(variance);
  return {
    termPremium: a.bonds.termPremium,
    mean: m,
    seMean: sd([...pathMean]) / Math.sqrt(PATHS),
    sd: s,
    // Delta method: se(sqrt v) = se(v) / (2 sqrt v).
    seSd: sd(pathVariance) / Math.sqrt(PATHS) / (2 * s),
    realMean: mean([...pathRealMean]),
    excessFactor: mean([...pathExcess]),
    seExcessFactor: sd([...pathExcess]) / Math.sqrt(PATHS),
  };
}

describe('the bond fund against the shipped 1950-2022 history', () => {
  const h = historyMoments();
  const sim = simulatedMoments(77);

  it('earns its term premium over cash: E[(1 + bond) / (1 + cash)] = e^termPremium', () => {
    expect(sim.termPremium).toBeGreaterThan(0);
    expect(Math.abs(sim.excessFactor - Math.exp(sim.termPremium))).toBeLessThan(4 * sim.seExcessFactor);
  });

  it("reproduces the history's mean and volatility of annual returns (the calibration's targets)", () => {
    // The calibration met the targets on a simulation of the same size under another seed, so the
    // two simulations' errors add; the premium is rounded to 1e-4 (moves the mean by 1e-4 at most)
    // and the maturity to 0.01 years (moves the volatility by under 1e-4).
    expect(Math.abs(sim.mean - h.mean)).toBeLessThan(4 * Math.SQRT2 * sim.seMean + 1e-4);
    expect(Math.abs(sim.sd - h.sd)).toBeLessThan(4 * Math.SQRT2 * sim.seSd + 1e-4);
  });

  it("stays within the history's own sampling error in real terms", () => {
    // 73 annual returns (first-order autocorrelation -0.02, so taken as independent): the history's
    // mean is known to sd / sqrt(73), about 1.1 points; the simulation's error is negligible beside it.
    const seHistory = h.realSd / Math.sqrt(h.n);
    expect(Math.abs(sim.realMean - h.realMean)).toBeLessThan(2 * seHistory);
  });
});
