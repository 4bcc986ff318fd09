/**
 * What an analysis asks (docs/ANALYSES.md). The domain validates the request against the scenario
 * (names of members, accounts, expenses and goals; bounds; limits) and hands the engine a resolved
 * one; the engine still refuses an inconsistent request with a RangeError naming the field.
 */

/** A solver lever: one value of the plan the search moves, and its search bounds. */
export type LeverSpec =
  /** Yearly spending in today's money: the LIVING expenses together (scaled alike), or one named expense. */
  | { type: 'SPENDING'; expenseId?: string; min?: number; max?: number }
  /** A member's retirement age, whole years. */
  | { type: 'RETIREMENT_AGE'; memberId: string; min?: number; max?: number }
  /** An extra yearly contribution (today's money, indexed with CPI) to an account, until its owner (or the primary member) retires. */
  | { type: 'CONTRIBUTION'; accountId: string; min?: number; max?: number }
  /** An extra lump sum today, into an account (default: the first account in the withdrawal order's first type). */
  | { type: 'LUMP_SUM'; accountId?: string; min?: number; max?: number }
  /** The age (whole years, 62 to 70) at which a member claims their SOCIAL_SECURITY income. */
  | { type: 'CLAIMING_AGE'; memberId: string; min?: number; max?: number }
  /** The age (whole years) at which a UK pension pays the rest of its tax-free cash as a lump sum; 120: phased throughout. */
  | { type: 'TAX_FREE_CASH_AGE'; accountId: string; min?: number; max?: number };

export type LeverType = LeverSpec['type'];

/** What a search or a diagnosis aims at: the plan's success, or one goal's achievability. */
export interface TargetSpec {
  /** Absent: the plan's success (no depletion, every essential goal met). */
  goalId?: string;
  /** The probability to reach, strictly between 0 and 1. Default 0.85. */
  probability?: number;
}

export type SensitivityInputName =
  | 'EQUITY_PREMIUM'
  | 'EQUITY_VOLATILITY'
  | 'INFLATION_MEAN'
  | 'RATE_LEVEL'
  | 'MORTALITY'
  | 'SPENDING'
  | 'RETIREMENT_AGE'
  | 'EARLY_RETURNS';

/** One input moved down and up: `down` and `up` are the changes (additive, or a factor for MORTALITY and SPENDING). */
export interface SensitivityInput {
  input: SensitivityInputName;
  down?: number;
  up?: number;
}

export type StressShock =
  /** Equities fall by `fall` (0.3 = 30%) in year `year` (0 = the first year), on top of that year's drawn return. */
  | { type: 'EQUITY_FALL'; fall: number; year?: number }
  /** Inflation raised by `extra` a year for `years` years from `fromYear`. */
  | { type: 'HIGH_INFLATION'; extra: number; years?: number; fromYear?: number }
  /** Interest rates up by `points` (0.02 = two points) from year 0 on, bonds repriced by their duration. */
  | { type: 'RATES_UP'; points: number }
  /** The years from `startYear` replayed from the shipped history: equity, bonds, inflation and cash, for `years` years. */
  | { type: 'HISTORICAL'; startYear: number; years?: number };

export type AnalysisRequest =
  | { type: 'SOLVE'; lever: LeverSpec; target?: TargetSpec; maxTrials?: number }
  | { type: 'DIAGNOSE'; target?: TargetSpec; maxTrials?: number }
  | { type: 'SENSITIVITY'; inputs?: SensitivityInput[] }
  | { type: 'STRESS'; shocks?: StressShock[] };

export type AnalysisType = AnalysisRequest['type'];

/** Limits the domain enforces (400 naming the field beyond them). */
export const ANALYSIS_LIMITS = {
  /** Lever values one path's search may try (grid bisection plus refinement). */
  maxTrials: 64,
  defaultMaxTrials: 40,
  minTrials: 4,
  sensitivityInputs: 16,
  stressShocks: 16,
} as const;
