/**
 * Small scenarios for the run tests: one saver near retirement over a short fixed horizon, so a
 * run of tens of thousands of paths stays cheap on a small machine while still depleting on some
 * paths (so probabilities and percentiles are non-trivial).
 */
import type { ApiPaths } from '../../../client/api-client.js';

export type ScenarioBody = Extract<
  ApiPaths['/households/{householdId}/scenarios']['post']['requestBody']['content']['application/json'],
  { members: unknown }
>;

export function retireeScenario(retirementAge = 65, horizonYears = 20): ScenarioBody {
  return {
    name: `Retire at ${retirementAge}`,
    startYear: 2025,
    members: [{ id: 'pat', role: 'PRIMARY', birthYear: 1965, sex: 'FEMALE', retirementAge }],
    incomes: [
      { id: 'salary', type: 'SALARY', memberId: 'pat', amount: 70_000 },
      { id: 'pension', type: 'STATE_PENSION', memberId: 'pat', amount: 18_000, fromAge: 67 },
    ],
    expenses: [{ id: 'living', type: 'LIVING', amount: 52_000, essentialFraction: 0.8 }],
    accounts: [
      { id: 'cash', type: 'CASH', balance: 20_000 },
      { id: 'savings', type: 'TAXABLE', balance: 200_000, allocation: { cash: 0, bonds: 0.4, equity: 0.6 } },
    ],
    simulation: { paths: 1000, horizon: { years: horizonYears } },
  };
}
