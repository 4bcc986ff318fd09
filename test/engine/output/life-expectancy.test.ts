import { describe, expect, it } from 'vitest';
import { resolveEconomicAssumptions } from '../../../shared/engine/economy/index.js';
import { resolveLifeAssumptions } from '../../../shared/engine/life/index.js';
import { simulate, type HouseholdPlan } from '../../../shared/engine/index.js';
import { defaultHorizonYears } from '../../../shared/engine/household/plan.js';

const M = 88,
  B = 10,
  AGE = 65,
  YEARS = 55;
const gompertzSurvival = (x: number) => Math.exp(Math.exp((x - M) / B) * (1 - Math.exp(1 / B)));

const plan: HouseholdPlan = {
  name: 'mortality only',
  startYear: 2025,
  years: YEARS,
  members: [{ id: 'p1', role: 'PRIMARY', birthYear: 2025 - AGE, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 65 }],
  incomes: [],
  expenses: [],
  accounts: [],
  properties: [],
  liabilities: [],
  insurance: [],
  goals: [],
  taxes: { earnedIncome: 0, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0 },
  strategy: { withdrawalOrder: ['CASH', 'TAXABLE', 'RETIREMENT'], cashBuffer: 0, spendingRule: { type: 'FIXED_REAL' } },
  assumptions: {
    economic: resolveEconomicAssumptions(),
    life: resolveLifeAssumptions({
      mortality: { law: 'GOMPERTZ', modalAge: M, dispersion: B },
      longevityRisk: { enabled: false },
      disability: { enabled: false },
      longTermCare: { enabled: false },
      unemployment: { enabled: false },
    }),
  },
};

/**
 * The exact mean and second moment of the years lived from `age` over `years` years under the
 * Gompertz law (L = d + 1/2 for a death in year d, the whole horizon if alive at its end), and the
 * survival curve S[t].
 */
function gompertzYearsLived(age: number, years: number): { e: number; e2: number; S: number[] } {
  const S = [1];
  for (let t = 0; t < years; t++) S.push(S[t] * gompertzSurvival(age + t));
  let e = 0,
    e2 = 0;
  for (let d = 0; d < years; d++) {
    const p = S[d] - S[d + 1];
    e += p * (d + 0.5);
    e2 += p * (d + 0.5) ** 2;
  }
  e += S[years] * years;
  e2 += S[years] * years ** 2;
  return { e, e2, S };
}

describe('life expectancy with mortality only', () => {
  it('matches the Gompertz law within sampling error, and so does the survival curve', () => {
    const { e, e2, S } = gompertzYearsLived(AGE, YEARS);
    const paths = 4000;
    const out = simulate(plan, { seed: 99, paths });
    const se = Math.sqrt((e2 - e * e) / paths);
    expect(Math.abs(out.summary.members[0].lifeExpectancy - e)).toBeLessThan(4 * se);
    for (const t of [5, 15, 25]) {
      const sp = Math.sqrt((S[t] * (1 - S[t])) / paths);
      expect(Math.abs(out.timeSeries[t].members.p1.alive - S[t])).toBeLessThan(4 * sp);
    }
  });

  it("follows a child's life up to the default horizon (the youngest adult's 120th year), its expectancy over it as the law's", () => {
    const members = [
      {
        id: 'p1',
        role: 'PRIMARY' as const,
        birthYear: 1985,
        sex: 'FEMALE' as const,
        health: 'AVERAGE' as const,
        smoker: false,
        retirementAge: 65,
      },
      {
        id: 'kid',
        role: 'DEPENDANT' as const,
        birthYear: 2020,
        sex: 'MALE' as const,
        health: 'AVERAGE' as const,
        smoker: false,
        retirementAge: 65,
      },
    ];
    const years = defaultHorizonYears(2025, members);
    // The adult is 40 in 2025: the horizon is 80 years, the child's life counted up to it.
    expect(years).toBe(80);
    const { e, e2 } = gompertzYearsLived(5, years);
    const paths = 4000;
    const out = simulate({ ...plan, members, years }, { seed: 7, paths });
    const se = Math.sqrt((e2 - e * e) / paths);
    expect(Math.abs(out.summary.members[1].lifeExpectancy - e)).toBeLessThan(4 * se);
  });

  it('mortality NONE keeps every member alive to the end of a horizon beyond age 120', () => {
    const years = 150;
    const life = resolveLifeAssumptions({
      mortality: { law: 'NONE' },
      longevityRisk: { enabled: false },
      disability: { enabled: false },
      longTermCare: { enabled: false },
      unemployment: { enabled: false },
    });
    const paths = 20;
    const out = simulate({ ...plan, years, assumptions: { ...plan.assumptions, life } }, { seed: 3, paths });
    expect(out.metadata.years).toBe(years);
    expect(out.timeSeries).toHaveLength(years);
    const last = out.timeSeries[years - 1];
    expect(last.ages.p1).toBe(AGE + years - 1);
    expect(last.paths).toBe(paths);
    expect(last.members.p1.alive).toBe(1);
    // Nobody dies: years lived is the whole horizon on every path.
    expect(out.summary.members[0].lifeExpectancy).toBe(years);
  });
});
