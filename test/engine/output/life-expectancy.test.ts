import { describe, expect, it } from 'vitest';
import { resolveEconomicAssumptions } from '../../../shared/engine/economy/index.js';
import { resolveLifeAssumptions } from '../../../shared/engine/life/index.js';
import { simulate, type HouseholdPlan } from '../../../shared/engine/index.js';

const M = 88, B = 10, AGE = 65, YEARS = 55;
const gompertzSurvival = (x: number) => Math.exp(Math.exp((x - M) / B) * (1 - Math.exp(1 / B)));

const plan: HouseholdPlan = {
  name: 'mortality only', startYear: 2025, years: YEARS,
  members: [{ id: 'p1', role: 'PRIMARY', birthYear: 2025 - AGE, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 65 }],
  incomes: [], expenses: [], accounts: [], properties: [], liabilities: [], insurance: [], goals: [],
  taxes: { earnedIncome: 0, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0 },
  strategy: { withdrawalOrder: ['CASH', 'TAXABLE', 'RETIREMENT'], cashBuffer: 0, spendingRule: { type: 'FIXED_REAL' } },
  assumptions: {
    economic: resolveEconomicAssumptions(),
    life: resolveLifeAssumptions({
      mortality: { law: 'GOMPERTZ', modalAge: M, dispersion: B },
      longevityRisk: { enabled: false }, disability: { enabled: false }, longTermCare: { enabled: false }, unemployment: { enabled: false },
    }),
  },
};

describe('life expectancy with mortality only', () => {
  it('matches the Gompertz law within sampling error, and so does the survival curve', () => {
    // Years lived L = d + 1/2 for a death in year d, or the horizon if alive at its end.
    const S = [1];
    for (let t = 0; t < YEARS; t++) S.push(S[t] * gompertzSurvival(AGE + t));
    let e = 0, e2 = 0;
    for (let d = 0; d < YEARS; d++) {
      const p = S[d] - S[d + 1];
      e += p * (d + 0.5);
      e2 += p * (d + 0.5) ** 2;
    }
    e += S[YEARS] * YEARS;
    e2 += S[YEARS] * YEARS ** 2;
    const paths = 4000;
    const out = simulate(plan, { seed: 99, paths });
    const se = Math.sqrt((e2 - e * e) / paths);
    expect(Math.abs(out.summary.members[0].lifeExpectancy - e)).toBeLessThan(4 * se);
    for (const t of [5, 15, 25]) {
      const sp = Math.sqrt((S[t] * (1 - S[t])) / paths);
      expect(Math.abs(out.timeSeries[t].members.p1.alive - S[t])).toBeLessThan(4 * sp);
    }
  });
});
