/**
 * The bond fund's calibration (docs/ECONOMY.md, "Bonds"): its maturity and term premium chosen so
 * that the simulated fund reproduces the volatility and the mean of the history's annual bond
 * returns, given the fitted short-rate model. The model's moments are simulated (pooled over
 * PATHS paths x YEARS years from the long-run mean, one fixed seed, so the fit is reproducible).
 */
import { allocateEconomyPath, createEconomyGenerator, type ResolvedEconomicAssumptions } from '../shared/engine/economy/index.js';

const PATHS = 10_000;
const YEARS = 50;
const SEED = 1950;

/** Pooled mean and standard deviation of the simulated annual nominal bond returns. */
export function simulatedBondMoments(
  a: ResolvedEconomicAssumptions,
  seed = SEED,
  paths = PATHS,
  years = YEARS,
): { mean: number; sd: number } {
  const g = createEconomyGenerator(a, seed, years);
  const p = allocateEconomyPath(years);
  let s = 0;
  let s2 = 0;
  for (let k = 0; k < paths; k++) {
    g.generate(k, p);
    for (let t = 0; t < years; t++) {
      s += p.bondReturn[t];
      s2 += p.bondReturn[t] * p.bondReturn[t];
    }
  }
  const n = paths * years;
  const mean = s / n;
  return { mean, sd: Math.sqrt((s2 - n * mean * mean) / (n - 1)) };
}

/**
 * The maturity D and term premium TP whose simulated fund has the target mean and standard
 * deviation of annual returns. TP multiplies every gross return by e^TP, so for a given D it
 * follows from the zero-premium mean in closed form; the standard deviation then grows with D, and
 * D is found by bisection over the accepted [1, 50] years.
 */
export function fitBondFund(
  a: ResolvedEconomicAssumptions,
  target: { mean: number; sd: number },
): { maturity: number; termPremium: number } {
  const at = (maturity: number) => {
    const zero = simulatedBondMoments({ ...a, bonds: { maturity, termPremium: 0 } });
    const termPremium = Math.log((1 + target.mean) / (1 + zero.mean));
    return { termPremium, sd: zero.sd * Math.exp(termPremium) };
  };
  let lo = 1;
  let hi = 50;
  if (at(hi).sd < target.sd) throw new Error(`no maturity up to ${hi} years reaches a bond volatility of ${target.sd}`);
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid).sd < target.sd) lo = mid;
    else hi = mid;
  }
  const maturity = Number(((lo + hi) / 2).toFixed(2));
  return { maturity, termPremium: Number(at(maturity).termPremium.toFixed(4)) };
}
