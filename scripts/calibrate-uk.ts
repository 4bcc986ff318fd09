/**
 * The UK economic defaults (docs/ECONOMY.md, "The UK assumption set"), set from the published
 * long-run UK statistics in data/markets/uk-long-run-statistics.csv (each row names its
 * publication, table and period). The statistics give levels and volatilities; the persistence of
 * rates and inflation, their volatilities and the correlations have no shippable UK source and keep
 * the US fit (calibrated-defaults.json), as the document says. Run by `npm run calibrate -- --country UK`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import usFit from '../shared/engine/economy/calibrated-defaults.json' with { type: 'json' };
import { allocateEconomyPath, createEconomyGenerator, resolveEconomicAssumptions } from '../shared/engine/economy/index.js';
import type { ResolvedEconomicAssumptions } from '../shared/engine/economy/index.js';

export const UK_STATISTICS_FILE = join('data', 'markets', 'uk-long-run-statistics.csv');

const STATISTICS = [
  'equity_nominal_annualised',
  'gilts_nominal_annualised',
  'bills_nominal_annualised',
  'equity_real_annualised',
  'gilts_real_annualised',
  'bills_real_annualised',
  'equity_real_sd',
  'gilts_real_sd',
  'bills_real_sd',
] as const;
type Statistic = (typeof STATISTICS)[number];

/** The statistic and value columns (the first two, never quoted) of every row. */
function readStatistics(root: string): Record<Statistic, number> {
  const [, ...lines] = readFileSync(join(root, UK_STATISTICS_FILE), 'utf8').trim().split(/\r?\n/);
  const values = new Map(lines.map((line) => [line.split(',')[0], Number(line.split(',')[1])]));
  const out = {} as Record<Statistic, number>;
  for (const name of STATISTICS) {
    const value = values.get(name);
    if (value === undefined || !Number.isFinite(value)) throw new Error(`${UK_STATISTICS_FILE}: no value for ${name}`);
    out[name] = value;
  }
  return out;
}

/**
 * The log volatility of a lognormal annual return with geometric mean g and standard deviation s:
 * s^2 = (1 + g)^2 u (u - 1) with u = exp(sigma^2).
 */
export function lognormalVolatility(g: number, s: number): number {
  const u = (1 + Math.sqrt(1 + (4 * s * s) / (1 + g) ** 2)) / 2;
  return Math.sqrt(Math.log(u));
}

const PATHS = 10_000;
const YEARS = 50;
const SEED = 1900;

/** The simulated fund's mean log nominal return and standard deviation of annual real returns, pooled. */
function fundMoments(a: ResolvedEconomicAssumptions): { meanLog: number; realSd: number } {
  const g = createEconomyGenerator(a, SEED, YEARS);
  const p = allocateEconomyPath(YEARS);
  let logSum = 0;
  let s = 0;
  let s2 = 0;
  for (let k = 0; k < PATHS; k++) {
    g.generate(k, p);
    for (let t = 0; t < YEARS; t++) {
      logSum += Math.log1p(p.bondReturn[t]);
      const real = (1 + p.bondReturn[t]) / (1 + p.inflation[t]) - 1;
      s += real;
      s2 += real * real;
    }
  }
  const n = PATHS * YEARS;
  const mean = s / n;
  return { meanLog: logSum / n, realSd: Math.sqrt((s2 - n * mean * mean) / (n - 1)) };
}

/**
 * Maturity D by bisection so that the fund's annual real returns have the published standard
 * deviation. The term premium multiplies every gross return by e^TP, so it adds TP to every log
 * return and scales the real returns' deviation by e^TP: TP = ln(1 + gilts) minus the zero-premium
 * fund's mean log return gives the published annualised gilt return.
 */
function fitUkBondFund(a: ResolvedEconomicAssumptions, giltsNominal: number, giltsRealSd: number) {
  const at = (maturity: number) => {
    const zero = fundMoments({ ...a, bonds: { maturity, termPremium: 0 } });
    const termPremium = Math.log1p(giltsNominal) - zero.meanLog;
    return { termPremium, realSd: zero.realSd * Math.exp(termPremium) };
  };
  let lo = 1;
  let hi = 50;
  if (at(hi).realSd < giltsRealSd) throw new Error(`no maturity up to ${hi} years reaches a real volatility of ${giltsRealSd}`);
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid).realSd < giltsRealSd) lo = mid;
    else hi = mid;
  }
  const maturity = Number(((lo + hi) / 2).toFixed(2));
  return { maturity, termPremium: Number(at(maturity).termPremium.toFixed(4)) };
}

const r4 = (x: number) => Number(x.toPrecision(4));

export function calibrateUk(root: string) {
  const s = readStatistics(root);
  // Inflation: the annualised rate implied by the bills' nominal and real returns.
  const inflationMean = r4((1 + s.bills_nominal_annualised) / (1 + s.bills_real_annualised) - 1);
  // The short rate is continuously compounded: its long-run mean earns the bills' annualised return.
  const rateMean = r4(Math.log1p(s.bills_nominal_annualised));
  const equityVolatility = r4(lognormalVolatility(s.equity_real_annualised, s.equity_real_sd));
  // The model's mean log excess return over cash is riskPremium - volatility^2 / 2.
  const riskPremium = r4(Math.log1p(s.equity_nominal_annualised) - Math.log1p(s.bills_nominal_annualised) + equityVolatility ** 2 / 2);
  const shortRate = { ...usFit.shortRate, initial: rateMean, longRunMean: rateMean };
  const inflation = { ...usFit.inflation, initial: inflationMean, longRunMean: inflationMean };
  const correlation = usFit.correlation.map((row) => [...row]);
  const bonds = fitUkBondFund(
    resolveEconomicAssumptions({ shortRate, inflation, correlation }),
    s.gilts_nominal_annualised,
    s.gilts_real_sd,
  );
  return {
    calibration: {
      source: UK_STATISTICS_FILE,
      period: '1900-2011',
      method: 'npm run calibrate -- --country UK (scripts/calibrate-uk.ts); see docs/ECONOMY.md',
      statistics: s,
      fromUsFit: ['shortRate.meanReversion', 'shortRate.volatility', 'inflation.meanReversion', 'inflation.volatility', 'correlation'],
    },
    shortRate,
    inflation,
    bonds,
    equity: { riskPremium, volatility: equityVolatility },
    property: { ...usFit.property },
    correlation,
  };
}
