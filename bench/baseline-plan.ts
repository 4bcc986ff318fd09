import type { HouseholdPlan } from '../shared/engine/index.js';
import type { HouseholdPlan as BaselinePlan } from './baseline/household/plan.js';

/**
 * The engine's plan as the frozen baseline engine takes it: the bench plans use none of the fields
 * added since (rules-based pensions, estate tax), so the baseline reads them as it always did.
 */
export function asBaseline(plan: HouseholdPlan): BaselinePlan {
  return plan as unknown as BaselinePlan;
}
