import type { HouseholdPlan } from '../household/plan.js';
import type { LeverType } from './request.js';

/** A lever resolved against a plan (levers.ts). */
export interface ResolvedLever {
  type: LeverType;
  /** The expense, member or account it moves, if any. */
  itemId?: string;
  unit: 'MONEY' | 'YEARS';
  /** Size of one search step in the value's own terms: 0.01 for money, 1 for years. */
  step: number;
  current: number;
  min: number;
  max: number;
  /** Which way helps the plan: a higher retirement age, or a lower spending. */
  better: 'HIGHER' | 'LOWER';
  /** The plan with the lever set to `value`. */
  apply(value: number): HouseholdPlan;
  /** Plain words for "at this value", e.g. "retiring at 75". */
  describe(value: number): string;
}
