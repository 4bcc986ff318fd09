/**
 * STRESS shocks: changes made to each path's generated economy, on top of its stochastic draws.
 * Each changes year t from the generated years ≤ t only, so a prefix of the economy stays a prefix.
 */
import type { EconomyPath } from '../economy/economy-path.js';
import type { EconomyShock } from '../household/path-runner.js';
import type { HouseholdPlan } from '../household/plan.js';
import history from '../economy/historical-returns.json' with { type: 'json' };
import calibrated from '../economy/calibrated-defaults.json' with { type: 'json' };
import type { AnalysisIssue } from './issues.js';
import type { StressShock } from './request.js';

export const DEFAULT_HISTORICAL_YEARS = 10;
export const DEFAULT_STRESS_SHOCKS: StressShock[] = [
  { type: 'EQUITY_FALL', fall: 0.3, year: 0 },
  { type: 'HIGH_INFLATION', extra: 0.05, years: 10, fromYear: 0 },
  { type: 'RATES_UP', points: 0.02 },
  ...[1929, 1966, 1973, 2000, 2008].map((startYear) => ({ type: 'HISTORICAL' as const, startYear, years: DEFAULT_HISTORICAL_YEARS })),
];

/** cpi[t + 1] = cpi[t] (1 + i_t) from year `from` on, after inflation changed. */
function rebuildCpi(e: EconomyPath, from: number, years: number): void {
  for (let t = from; t < years; t++) e.cpi[t + 1] = e.cpi[t] * (1 + e.inflation[t]);
}

export function shockIssues(shock: StressShock, field: string): AnalysisIssue[] {
  const issues: AnalysisIssue[] = [];
  const wholeAtLeast = (name: string, v: number | undefined, min: number, max: number) => {
    if (v !== undefined && !(Number.isInteger(v) && v >= min && v <= max))
      issues.push({ field: `${field}.${name}`, message: `must be a whole number from ${min} to ${max}` });
  };
  switch (shock.type) {
    case 'EQUITY_FALL':
      if (!(shock.fall > 0 && shock.fall < 1)) issues.push({ field: `${field}.fall`, message: 'must lie strictly between 0 and 1' });
      wholeAtLeast('year', shock.year, 0, 150);
      break;
    case 'HIGH_INFLATION':
      if (!(shock.extra > 0 && shock.extra <= 0.5)) issues.push({ field: `${field}.extra`, message: 'must lie in (0, 0.5]' });
      wholeAtLeast('years', shock.years, 1, 150);
      wholeAtLeast('fromYear', shock.fromYear, 0, 150);
      break;
    case 'RATES_UP':
      if (!(shock.points > 0 && shock.points <= 0.2)) issues.push({ field: `${field}.points`, message: 'must lie in (0, 0.2]' });
      break;
    case 'HISTORICAL':
      wholeAtLeast('startYear', shock.startYear, history.firstYear, history.lastYear);
      wholeAtLeast('years', shock.years, 1, history.lastYear - history.firstYear + 1);
      break;
  }
  return issues;
}

export function describeShock(shock: StressShock): string {
  switch (shock.type) {
    case 'EQUITY_FALL':
      return `equities fall ${(shock.fall * 100).toFixed(0)}% in year ${shock.year ?? 0}`;
    case 'HIGH_INFLATION':
      return `inflation ${(shock.extra * 100).toFixed(1)} points higher for ${shock.years ?? 10} years from year ${shock.fromYear ?? 0}`;
    case 'RATES_UP':
      return `interest rates up ${(shock.points * 100).toFixed(1)} points from the start`;
    case 'HISTORICAL': {
      const last = Math.min(history.lastYear, shock.startYear + (shock.years ?? DEFAULT_HISTORICAL_YEARS) - 1);
      return `the markets and inflation of ${shock.startYear}–${last} replayed from the start`;
    }
  }
}

export function economyShock(shock: StressShock, plan: HouseholdPlan): EconomyShock {
  switch (shock.type) {
    case 'EQUITY_FALL': {
      const year = shock.year ?? 0;
      return (e, years) => {
        if (year < years) e.equityReturn[year] = (1 + e.equityReturn[year]) * (1 - shock.fall) - 1;
      };
    }
    case 'HIGH_INFLATION': {
      const from = shock.fromYear ?? 0;
      const to = from + (shock.years ?? 10);
      return (e, years) => {
        for (let t = from; t < Math.min(to, years); t++) e.inflation[t] += shock.extra;
        rebuildCpi(e, from, years);
      };
    }
    case 'RATES_UP': {
      // Every rate Δ higher from the start; the bond fund, holding bonds of `maturity` years, loses
      // about (maturity − 1)·Δ of its value in year 0 when it sells them a year on, and then earns Δ more.
      const d = shock.points;
      const duration = Math.max(0, plan.assumptions.economic.bonds.maturity - 1);
      return (e, years) => {
        for (let t = 0; t < years; t++) {
          e.shortRate[t] += d;
          e.shortRateStart[t] += d;
          e.cashReturn[t] = Math.expm1(e.shortRate[t]);
          e.bondReturn[t] = (1 + e.bondReturn[t]) * Math.exp(d - (t === 0 ? duration * d : 0)) - 1;
        }
        e.shortRateStart[years] += d;
      };
    }
    case 'HISTORICAL': {
      const first = shock.startYear - history.firstYear;
      const window = Math.min(shock.years ?? DEFAULT_HISTORICAL_YEARS, history.lastYear - shock.startYear + 1);
      const spread = calibrated.historical.termSpread;
      return (e, years) => {
        const w = Math.min(window, years);
        for (let t = 0; t < w; t++) {
          const k = first + t;
          const rate = history.longRate[k] - spread;
          e.equityReturn[t] = history.equity[k];
          e.bondReturn[t] = history.bonds[k];
          e.inflation[t] = history.inflation[k];
          e.shortRate[t] = rate;
          e.shortRateStart[t] = rate;
          e.cashReturn[t] = Math.expm1(rate);
        }
        rebuildCpi(e, 0, years);
      };
    }
  }
}
