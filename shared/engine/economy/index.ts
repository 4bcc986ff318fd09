/**
 * The economic scenario generator: one economy per path, a pure function of (assumptions, seed,
 * pathIndex). docs/ECONOMY.md describes the models, their discretisation and the calibration.
 */
import type { ResolvedEconomicAssumptions } from './assumptions.js';
import type { EconomyPath } from './economy-path.js';
import { HistoricalEconomyGenerator } from './historical-generator.js';
import { StochasticEconomyGenerator } from './stochastic-generator.js';
import { validateEconomicAssumptions } from './validate.js';

export {
  DEFAULT_ECONOMIC_ASSUMPTIONS,
  ECONOMIC_RANGES,
  economicDefaults,
  UK_ECONOMIC_ASSUMPTIONS,
  HISTORY_FIRST_YEAR,
  HISTORY_LAST_YEAR,
  resolveEconomicAssumptions,
  type DeepPartial,
  type EconomicAssumptionsInput,
  type EquityAssumptions,
  type EquityModel,
  type HistoricalAssumptions,
  type HistoricalMethod,
  type OrnsteinUhlenbeckAssumptions,
  type ResolvedEconomicAssumptions,
} from './assumptions.js';
export { allocateEconomyPath, type EconomyPath } from './economy-path.js';
export {
  economicAssumptionIssues,
  formatFieldPath,
  validateEconomicAssumptions,
  type EconomicAssumptionIssue,
  type FieldPath,
} from './validate.js';
export { ECONOMY_STREAMS } from './streams.js';
export { shortRateMoments, zeroCouponPrice, vasicekB, vasicekLnA, type VasicekParameters } from './vasicek.js';

export interface EconomyGenerator {
  readonly years: number;
  /**
   * Fills `out` (allocated for at least `years` years) with path `pathIndex`'s economy, or only
   * its first `years` years: prefix-consistent, those years equal the full generation's.
   */
  generate(pathIndex: number, out: EconomyPath, years?: number): void;
  /**
   * Says that `out`'s values were changed after `generate` wrote them (a stress test's shock), so
   * that its next path writes every series again: a generator may leave in a buffer what is the
   * same on every path.
   */
  changed(out: EconomyPath): void;
}

/**
 * A generator for `years` years of economy per path. Throws a RangeError naming the field if the
 * assumptions fail validateEconomicAssumptions (callers validate first to answer with a 400).
 */
export function createEconomyGenerator(a: ResolvedEconomicAssumptions, seed: number, years: number): EconomyGenerator {
  const issues = validateEconomicAssumptions(a);
  if (issues.length > 0) throw new RangeError(issues.map((i) => `${i.field}: ${i.message}`).join('; '));
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError('seed: must be a non-negative safe integer');
  if (!Number.isInteger(years) || years < 0) throw new RangeError('years: must be a non-negative whole number');
  return a.model === 'HISTORICAL' ? new HistoricalEconomyGenerator(a, seed, years) : new StochasticEconomyGenerator(a, seed, years);
}
