import { toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';
import type { HouseholdPlan } from '../../../shared/engine/index.js';

/**
 * A single saver born 1970 with a salary, a state pension from 67 and a retirement account,
 * retiring at `retirementAge`: at 62 about half the paths deplete by 100, at 67 about a tenth.
 * Life risks other than mortality are off. `horizonYears` shortens the default horizon; `goals` are added as given.
 */
export function saver(retirementAge: number, horizonYears?: number, goals: object[] = []): HouseholdPlan {
  const r = validateScenario({
    name: `retire at ${retirementAge}`,
    startYear: 2025,
    members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1970, sex: 'MALE', retirementAge }],
    incomes: [
      { id: 'salary', type: 'SALARY', memberId: 'p1', amount: 80_000 },
      { id: 'state', type: 'STATE_PENSION', memberId: 'p1', amount: 18_000, fromAge: 67 },
    ],
    expenses: [{ id: 'living', type: 'LIVING', amount: 55_000, essentialFraction: 0.8 }],
    accounts: [
      { id: 'cash', type: 'CASH', balance: 10_000 },
      { id: 'ira', type: 'RETIREMENT', ownerId: 'p1', balance: 250_000, accessAge: 55, allocation: { cash: 0, bonds: 0.4, equity: 0.6 } },
    ],
    goals,
    assumptions: { life: { disability: { enabled: false }, unemployment: { enabled: false }, longTermCare: { enabled: false } } },
    ...(horizonYears === undefined ? {} : { simulation: { horizon: { years: horizonYears } } }),
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return toHouseholdPlan(r.value);
}
