import { DEFAULT_COUNTRY, type Country } from '../country.js';
import calibrated from './calibrated-defaults.json' with { type: 'json' };
import calibratedUk from './calibrated-defaults-uk.json' with { type: 'json' };
import history from './historical-returns.json' with { type: 'json' };

/** An Ornstein-Uhlenbeck factor: dx = meanReversion (longRunMean - x) dt + volatility dW. */
export interface OrnsteinUhlenbeckAssumptions {
  /** The factor's value now (time 0), annual decimal. */
  initial: number;
  /** Speed of mean reversion a, per year (a > 0; 0 means a random walk). */
  meanReversion: number;
  longRunMean: number;
  /** Instantaneous volatility sigma, per sqrt(year). */
  volatility: number;
}

export type EquityModel = 'GBM' | 'RSLN2';

export interface EquityAssumptions {
  model: EquityModel;
  /** GBM: annual log return = r + riskPremium - volatility^2 / 2 + volatility * eps. */
  riskPremium: number;
  volatility: number;
  /**
   * RSLN2 (Hardy, 2001): monthly log total returns, normal with regime k's mean and volatility;
   * the regime switches at each month end with probability p12 (1 -> 2) or p21 (2 -> 1).
   */
  regime1Mean: number;
  regime1Volatility: number;
  regime2Mean: number;
  regime2Volatility: number;
  p12: number;
  p21: number;
}

export type HistoricalMethod = 'BOOTSTRAP' | 'SEQUENTIAL';

export interface HistoricalAssumptions {
  method: HistoricalMethod;
  /** First and last historical years drawn from (a year runs from January to January). */
  fromYear: number;
  toYear: number;
  /** BOOTSTRAP: length of each block of consecutive historical years. */
  blockYears: number;
}

export interface ResolvedEconomicAssumptions {
  model: 'STOCHASTIC' | 'HISTORICAL';
  shortRate: OrnsteinUhlenbeckAssumptions;
  inflation: OrnsteinUhlenbeckAssumptions;
  equity: EquityAssumptions;
  /**
   * The constant-maturity zero-coupon bond fund: `maturity` D in years (need not be whole), and
   * `termPremium`, the expected log return of the fund over the cash account:
   * E[(1 + bond) / (1 + cash)] = e^termPremium each year.
   */
  bonds: { maturity: number; termPremium: number };
  property: { realGrowth: number; volatility: number };
  /** Correlation of the annual shocks over (short rate, inflation, equity, property). */
  correlation: number[][];
  historical: HistoricalAssumptions;
}

export type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export type EconomicAssumptionsInput = DeepPartial<ResolvedEconomicAssumptions>;

/**
 * Accepted range of every numeric override, shared with the scenario schema so that the API and
 * the engine agree. Every value in them keeps every output finite (limits.ts; tested by a
 * randomised run over the whole ranges).
 */
export const ECONOMIC_RANGES = {
  rate: [-0.2, 1],
  meanReversion: [0, 10],
  factorVolatility: [0, 1],
  riskPremium: [-0.5, 0.5],
  volatility: [0, 2],
  regimeMean: [-0.5, 0.5],
  regimeVolatility: [0, 1],
  probability: [0, 1],
  bondMaturity: [1, 50],
  termPremium: [-0.1, 0.1],
  realGrowth: [-0.5, 0.5],
  correlation: [-1, 1],
  year: [1800, 2100],
  blockYears: [1, 200],
} as const satisfies Record<string, readonly [number, number]>;

/** The years the shipped history covers (January firstYear to January lastYear + 1). */
export const HISTORY_FIRST_YEAR: number = history.firstYear;
export const HISTORY_LAST_YEAR: number = history.lastYear;

/**
 * Defaults: calibrated from the shipped data by `npm run calibrate` (docs/ECONOMY.md), RSLN2 from
 * Hardy (2001), S&P 500 1956-1999 monthly estimates.
 */
export const DEFAULT_ECONOMIC_ASSUMPTIONS: ResolvedEconomicAssumptions = deepFreeze({
  model: 'STOCHASTIC',
  shortRate: { ...calibrated.shortRate },
  inflation: { ...calibrated.inflation },
  equity: {
    model: 'GBM',
    riskPremium: calibrated.equity.riskPremium,
    volatility: calibrated.equity.volatility,
    regime1Mean: 0.0126,
    regime1Volatility: 0.035,
    regime2Mean: -0.0185,
    regime2Volatility: 0.0748,
    p12: 0.0398,
    p21: 0.3798,
  },
  bonds: { ...calibrated.bonds },
  property: { ...calibrated.property },
  correlation: calibrated.correlation.map((row) => [...row]),
  historical: {
    method: 'BOOTSTRAP',
    fromYear: history.firstYear,
    toYear: history.lastYear,
    blockYears: 5,
  },
});

/**
 * The UK set: levels and volatilities from published long-run UK statistics, the rest of the US
 * fit (`npm run calibrate -- --country UK`, docs/ECONOMY.md). RSLN2 keeps Hardy's S&P 500
 * estimates and HISTORICAL replays the shipped US history: the project ships no UK series.
 */
export const UK_ECONOMIC_ASSUMPTIONS: ResolvedEconomicAssumptions = deepFreeze({
  ...DEFAULT_ECONOMIC_ASSUMPTIONS,
  shortRate: { ...calibratedUk.shortRate },
  inflation: { ...calibratedUk.inflation },
  equity: {
    ...DEFAULT_ECONOMIC_ASSUMPTIONS.equity,
    riskPremium: calibratedUk.equity.riskPremium,
    volatility: calibratedUk.equity.volatility,
  },
  bonds: { ...calibratedUk.bonds },
  property: { ...calibratedUk.property },
  correlation: calibratedUk.correlation.map((row) => [...row]),
});

/** The economic defaults of a country's assumption set. */
export function economicDefaults(country: Country = DEFAULT_COUNTRY): ResolvedEconomicAssumptions {
  return country === 'UK' ? UK_ECONOMIC_ASSUMPTIONS : DEFAULT_ECONOMIC_ASSUMPTIONS;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function merge(base: unknown, override: unknown): unknown {
  if (override === undefined) return structuredClone(base);
  if (isPlainObject(base) && isPlainObject(override)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(base)) out[key] = merge(base[key], override[key]);
    return out;
  }
  // Arrays (the correlation matrix) and scalars replace the default whole.
  return structuredClone(override);
}

/** The country's defaults with the given overrides applied (a fresh object; unknown keys are ignored). */
export function resolveEconomicAssumptions(
  overrides?: EconomicAssumptionsInput,
  country: Country = DEFAULT_COUNTRY,
): ResolvedEconomicAssumptions {
  return merge(economicDefaults(country), overrides) as ResolvedEconomicAssumptions;
}
