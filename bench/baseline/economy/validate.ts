import { choleskyPsd } from './cholesky.js';
import { HISTORY_FIRST_YEAR, HISTORY_LAST_YEAR, type ResolvedEconomicAssumptions } from './assumptions.js';

export type FieldPath = (string | number)[];
export interface EconomicAssumptionIssue {
  path: FieldPath;
  message: string;
}

/** `assumptions.economic` + ['correlation', 1, 2] -> `assumptions.economic.correlation[1][2]`. */
export function formatFieldPath(prefix: string, path: FieldPath): string {
  let out = prefix;
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out;
}

/**
 * Semantic checks of a resolved parameter set, as field paths relative to the economic
 * assumptions: finite numbers, non-negative volatilities and speeds, probabilities in [0, 1], a
 * symmetric 4x4 correlation matrix with unit diagonal that is positive semi-definite, and a
 * historical range inside the shipped data.
 */
export function economicAssumptionIssues(a: ResolvedEconomicAssumptions): EconomicAssumptionIssue[] {
  const issues: EconomicAssumptionIssue[] = [];
  const fail = (path: FieldPath, message: string) => issues.push({ path, message });
  const finite = (path: FieldPath, v: unknown): v is number => {
    if (typeof v === 'number' && Number.isFinite(v)) return true;
    fail(path, 'must be a finite number');
    return false;
  };
  const nonNegative = (path: FieldPath, v: unknown) => {
    if (finite(path, v) && v < 0) fail(path, 'must be zero or positive');
  };
  const probability = (path: FieldPath, v: unknown) => {
    if (finite(path, v) && (v < 0 || v > 1)) fail(path, 'must be a probability between 0 and 1');
  };

  if (a.model !== 'STOCHASTIC' && a.model !== 'HISTORICAL') fail(['model'], 'must be STOCHASTIC or HISTORICAL');
  for (const factor of ['shortRate', 'inflation'] as const) {
    const p = a[factor];
    finite([factor, 'initial'], p.initial);
    finite([factor, 'longRunMean'], p.longRunMean);
    nonNegative([factor, 'meanReversion'], p.meanReversion);
    nonNegative([factor, 'volatility'], p.volatility);
  }
  const e = a.equity;
  if (e.model !== 'GBM' && e.model !== 'RSLN2') fail(['equity', 'model'], 'must be GBM or RSLN2');
  finite(['equity', 'riskPremium'], e.riskPremium);
  nonNegative(['equity', 'volatility'], e.volatility);
  finite(['equity', 'regime1Mean'], e.regime1Mean);
  finite(['equity', 'regime2Mean'], e.regime2Mean);
  nonNegative(['equity', 'regime1Volatility'], e.regime1Volatility);
  nonNegative(['equity', 'regime2Volatility'], e.regime2Volatility);
  probability(['equity', 'p12'], e.p12);
  probability(['equity', 'p21'], e.p21);
  if (finite(['bonds', 'maturity'], a.bonds.maturity) && a.bonds.maturity < 1) {
    fail(['bonds', 'maturity'], 'must be at least 1 year');
  }
  finite(['bonds', 'termPremium'], a.bonds.termPremium);
  finite(['property', 'realGrowth'], a.property.realGrowth);
  nonNegative(['property', 'volatility'], a.property.volatility);
  checkCorrelation(a.correlation, fail);
  checkHistorical(a, fail);
  return issues;
}

function checkCorrelation(c: unknown, fail: (path: FieldPath, message: string) => void): void {
  if (!Array.isArray(c) || c.length !== 4 || c.some((row) => !Array.isArray(row) || row.length !== 4)) {
    fail(['correlation'], 'must be a 4x4 matrix over (short rate, inflation, equity, property)');
    return;
  }
  const m = c as unknown[][];
  let entriesOk = true;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const v = m[i][j];
      if (typeof v !== 'number' || !Number.isFinite(v) || v < -1 || v > 1) {
        fail(['correlation', i, j], 'must be a number between -1 and 1');
        entriesOk = false;
      } else if (i === j && v !== 1) {
        fail(['correlation', i, j], 'the diagonal of a correlation matrix must be 1');
        entriesOk = false;
      } else if (j > i && Math.abs(v - (m[j][i] as number)) > 1e-12) {
        fail(['correlation', i, j], `must equal correlation[${j}][${i}] (the matrix must be symmetric)`);
        entriesOk = false;
      }
    }
  }
  if (!entriesOk) return;
  const chol = choleskyPsd(m as number[][]);
  if (!chol.ok) fail(['correlation'], 'must be positive semi-definite (it is not a valid correlation matrix)');
}

function checkHistorical(a: ResolvedEconomicAssumptions, fail: (path: FieldPath, message: string) => void): void {
  const h = a.historical;
  if (h.method !== 'BOOTSTRAP' && h.method !== 'SEQUENTIAL') {
    fail(['historical', 'method'], 'must be BOOTSTRAP or SEQUENTIAL');
  }
  const range = `the shipped history covers ${HISTORY_FIRST_YEAR} to ${HISTORY_LAST_YEAR}`;
  let yearsOk = true;
  if (!Number.isInteger(h.fromYear) || h.fromYear < HISTORY_FIRST_YEAR || h.fromYear > HISTORY_LAST_YEAR) {
    fail(['historical', 'fromYear'], `not enough history: ${range}`);
    yearsOk = false;
  }
  if (!Number.isInteger(h.toYear) || h.toYear < HISTORY_FIRST_YEAR || h.toYear > HISTORY_LAST_YEAR) {
    fail(['historical', 'toYear'], `not enough history: ${range}`);
    yearsOk = false;
  }
  if (yearsOk && h.fromYear > h.toYear) fail(['historical', 'fromYear'], 'must not be after historical.toYear');
  if (!Number.isInteger(h.blockYears) || h.blockYears < 1) {
    fail(['historical', 'blockYears'], 'must be a whole number of years, at least 1');
  } else if (yearsOk && h.fromYear <= h.toYear && h.blockYears > h.toYear - h.fromYear + 1) {
    fail(['historical', 'blockYears'], 'must not exceed the number of years from historical.fromYear to historical.toYear');
  }
}

/** The semantic checks as `{ field, message }` with full field names, e.g. `assumptions.economic.correlation`. */
export function validateEconomicAssumptions(
  a: ResolvedEconomicAssumptions,
  fieldPrefix = 'assumptions.economic',
): { field: string; message: string }[] {
  return economicAssumptionIssues(a).map((i) => ({ field: formatFieldPath(fieldPrefix, i.path), message: i.message }));
}
