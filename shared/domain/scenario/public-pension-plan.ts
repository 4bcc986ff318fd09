import type { HouseholdPlan, PlanIncome } from '../../engine/household/plan.js';
import { estateTaxSystem } from '../../engine/estate/estate-tax.js';
import type { ScenarioDocument } from './scenario-document.js';

/** A State Pension with a typed amount starts at 67 unless the scenario says otherwise. */
const DEFAULT_STATE_PENSION_AGE = 67;

/** The engine's income of a scenario income: a STATE_PENSION's typed amount and age defaulted (unused when the rules set them). */
export function toPlanIncome(inc: ScenarioDocument['incomes'][number]): PlanIncome {
  if (inc.type !== 'STATE_PENSION') return { ...inc };
  const { amount, fromAge, qualifyingYears, ...rest } = inc;
  return {
    ...rest,
    amount: amount ?? 0,
    fromAge: fromAge ?? DEFAULT_STATE_PENSION_AGE,
    ...(qualifyingYears !== undefined ? { qualifyingYears } : {}),
  };
}

/**
 * The estate tax follows the scenario's tax system (`taxSystem`: UK inheritance tax, US federal
 * estate tax; FLAT or none: no estate tax).
 */
export function estateTaxOf(doc: ScenarioDocument): Pick<HouseholdPlan, 'estateTax'> {
  const system = estateTaxSystem(doc.taxSystem);
  return system === undefined ? {} : { estateTax: system };
}
