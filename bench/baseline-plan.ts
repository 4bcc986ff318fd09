import type { HouseholdPlan } from '../shared/engine/index.js';
import type { HouseholdPlan as BaselinePlan } from './baseline/household/plan.js';

/**
 * A benchmark's plan as the frozen baseline engine types it. The baseline knows only the US life
 * tables; the benchmarks' plans use the US assumption set, which both engines run alike.
 */
export const asBaselinePlan = (plan: HouseholdPlan): BaselinePlan => plan as unknown as BaselinePlan;
