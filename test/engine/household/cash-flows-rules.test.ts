import { describe, expect, it } from 'vitest';
import { CareSetting, MemberState, resolveLifeAssumptions, type LifeAssumptionsInput } from '../../../shared/engine/life/index.js';
import type { PlanMember } from '../../../shared/engine/household/plan.js';
import type { PathEvent } from '../../../shared/engine/household/household-path.js';
import { account, CENT, economy, life, plan, simulator } from './fixtures.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(CENT);

/** Life assumptions with no mortality and the given overrides (lives are set by hand in every case). */
const lifeAssumptions = (overrides: LifeAssumptionsInput = {}) => resolveLifeAssumptions({ mortality: { law: 'NONE' }, ...overrides });

const member = (id: string, role: PlanMember['role'], birthYear: number, retirementAge: number): PlanMember => ({
  id,
  role,
  birthYear,
  sex: 'FEMALE',
  health: 'AVERAGE',
  smoker: false,
  retirementAge,
});

describe('household rules on deterministic paths', () => {
  it("moves the equity weight along the glide path with the owner's age, the difference going to bonds", () => {
    // p1 is 40 in 2025. Allocation 10% cash, 10% bonds, 80% equity; glide from 80% equity at 42 to 40% at 46.
    const cashR = 0.01,
      bondR = 0.03,
      equityR = 0.07,
      B0 = 100_000,
      years = 9;
    const p = plan({
      years,
      accounts: [
        account('cash', 'CASH', 0),
        account('ira', 'RETIREMENT', B0, {
          ownerId: 'p1',
          allocation: { cash: 0.1, bonds: 0.1, equity: 0.8 },
          glidePath: { startAge: 42, endAge: 46, endEquity: 0.4 },
        }),
      ],
    });
    const sim = simulator(p);
    sim.run(economy(years, { cash: cashR, bonds: bondR, equity: equityR }), [life(years)]);
    // Equity weight by age: 0.8 up to 42; 0.8 + (0.4 − 0.8)(age − 42)/(46 − 42) between; 0.4 from 46.
    // Bonds = 0.1 + (0.8 − equity); cash stays 0.1. Year return = 0.1·0.01 + bonds·0.03 + equity·0.07:
    //   age 40, 41, 42: eq 0.8, bonds 0.1 → 0.001 + 0.003 + 0.056 = 0.060
    //   age 43:         eq 0.7, bonds 0.2 → 0.001 + 0.006 + 0.049 = 0.056
    //   age 44:         eq 0.6, bonds 0.3 → 0.001 + 0.009 + 0.042 = 0.052
    //   age 45:         eq 0.5, bonds 0.4 → 0.001 + 0.012 + 0.035 = 0.048
    //   age 46, 47, 48: eq 0.4, bonds 0.5 → 0.001 + 0.015 + 0.028 = 0.044
    const returns = [0.06, 0.06, 0.06, 0.056, 0.052, 0.048, 0.044, 0.044, 0.044];
    let b = B0;
    for (let t = 0; t < years; t++) {
      b *= 1 + returns[t];
      close(sim.netWorth[t], b);
    }
    // e.g. after year 4 (age 44): 100,000 × 1.06³ × 1.056 × 1.052 = 132,311.40
    close(sim.netWorth[4], B0 * 1.06 ** 3 * 1.056 * 1.052);
    close(sim.balance[1], B0 * 1.06 ** 3 * 1.056 * 1.052 * 1.048 * 1.044 ** 3);
  });

  it('takes equity a glide path raises beyond the bonds weight out of cash, never a negative weight', () => {
    // 50% cash, 10% bonds, 40% equity, gliding to 90% equity by 42 (p1 is 40 in 2025): from age 42 the
    // weights are 10% cash, 0% bonds, 90% equity, and a negative bonds weight would earn −bond return.
    const p = plan({
      years: 3,
      accounts: [
        account('ira', 'RETIREMENT', 100_000, {
          ownerId: 'p1',
          allocation: { cash: 0.5, bonds: 0.1, equity: 0.4 },
          glidePath: { startAge: 40, endAge: 42, endEquity: 0.9 },
        }),
      ],
    });
    const sim = simulator(p);
    sim.run(economy(3, { cash: 0.01, bonds: -0.1, equity: 0.07 }), [life(3)]);
    // Age 40: 0.5·0.01 + 0.1·(−0.1) + 0.4·0.07 = 0.023. Age 41: equity 0.65, bonds 0.1 + 0.4 − 0.65 < 0,
    // so bonds 0 and cash 0.35: 0.35·0.01 + 0.65·0.07 = 0.049. Age 42: 0.1·0.01 + 0.9·0.07 = 0.064.
    close(sim.netWorth[2], 100_000 * 1.023 * 1.049 * 1.064);
  });

  it('cuts discretionary spending by `cut` after a bad year, not below the floor, and restores it by `cut` per other year', () => {
    const years = 10;
    const p = plan({
      years,
      members: [member('p1', 'PRIMARY', 1955, 65)],
      expenses: [
        { id: 'liv', type: 'LIVING', amount: 40_000, essentialFraction: 0.5, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' },
      ],
      accounts: [account('cash', 'CASH', 0), account('brk', 'TAXABLE', 1_000_000)],
      goals: [{ id: 'trip', type: 'TRAVEL', amount: 5_000, priority: 'ASPIRATIONAL', year: 2029 }],
      strategy: {
        withdrawalOrder: ['CASH', 'TAXABLE', 'RETIREMENT'],
        cashBuffer: 0,
        spendingRule: { type: 'GUARDRAILS', badYearReturn: -0.02, cut: 0.2, floor: 0.5 },
      },
    });
    // The only account holding money is all equity, so the portfolio's return is the year's equity return.
    const econ = economy(years);
    const equity = [0.05, -0.1, -0.15, -0.05, -0.01, -0.03, 0.1, 0.1, 0.1, 0.1];
    equity.forEach((r, t) => (econ.equityReturn[t] = r));
    const sim = simulator(p);
    sim.run(econ, [life(years)]);
    // Factor used in year t (starts at 1; updated after each year's return against −0.02):
    //   t0 1; r0 +0.05 good → min(1, 1 + 0.2) = 1
    //   t1 1; r1 −0.10 bad  → 1 − 0.2 = 0.8
    //   t2 0.8; r2 −0.15 bad → 0.6
    //   t3 0.6; r3 −0.05 bad → max(0.5, 0.4) = 0.5
    //   t4 0.5; r4 −0.01 not below −0.02 → 0.7
    //   t5 0.7; r5 −0.03 bad → max(0.5, 0.5) = 0.5
    //   t6 0.5; r6 +0.10 → 0.7;  t7 0.7 → 0.9;  t8 0.9 → min(1, 1.1) = 1;  t9 1
    const factor = [1, 1, 0.8, 0.6, 0.5, 0.7, 0.5, 0.7, 0.9, 1];
    for (let t = 0; t < years; t++) {
      // 20,000 essential, never cut; 20,000 discretionary × factor; the goal in 2029 (t4) is not cut either.
      const goal = t === 4 ? 5_000 : 0;
      close(sim.spending[t], 20_000 + 20_000 * factor[t] + goal);
    }
    close(sim.spending[4], 20_000 + 10_000 + 5_000);
    expect(sim.goalFull[0]).toBe(1);
    expect(sim.shortfall.every((s) => s === 0)).toBe(true);
  });

  it("applies the LIVING retirementFactor once every working member has retired, and the survivorFactor after an adult's death", () => {
    const i = 0.02,
      years = 8;
    const p = plan({
      years,
      // p1 is 60 in 2025, retires at 62 (year 2); p2 is 58, retires at 61 (year 3).
      members: [member('p1', 'PRIMARY', 1965, 62), member('p2', 'PARTNER', 1967, 61)],
      incomes: [
        { id: 's1', type: 'SALARY', memberId: 'p1', amount: 50_000, realGrowth: 0 },
        { id: 's2', type: 'SALARY', memberId: 'p2', amount: 40_000, realGrowth: 0 },
      ],
      expenses: [
        { id: 'liv', type: 'LIVING', amount: 60_000, essentialFraction: 1, retirementFactor: 0.8, survivorFactor: 0.7, indexation: 'CPI' },
      ],
      accounts: [account('cash', 'CASH', 1_000_000)],
    });
    const sim = simulator(p);
    // p2 dies in year 5 (alive through it): a survivor household from year 6.
    sim.run(economy(years, { inflation: i }), [life(years), life(years, 5)]);
    // 60,000 × 1.02^t, × 0.8 from year 3 (p1 alone retired in year 2 does not count), × 0.7 from year 6.
    const factor = [1, 1, 1, 0.8, 0.8, 0.8, 0.8 * 0.7, 0.8 * 0.7];
    for (let t = 0; t < years; t++) close(sim.spending[t], 60_000 * (1 + i) ** t * factor[t]);
    close(sim.spending[2], 60_000 * 1.02 ** 2); // 62,424.00
    close(sim.spending[3], 60_000 * 1.02 ** 3 * 0.8); // 50,937.98
    close(sim.spending[6], 60_000 * 1.02 ** 6 * 0.56); // 37,839.06
  });

  it('pays rent until the property is sold by sellYear, the proceeds less the linked mortgage reaching cash and net worth', () => {
    const i = 0.02,
      g = 0.03,
      V0 = 300_000,
      cost = 0.06,
      B0 = 150_000,
      r = 0.05,
      n = 20,
      rent = 18_000,
      cash0 = 50_000,
      years = 7;
    const p = plan({
      years,
      members: [member('p1', 'PRIMARY', 1955, 65)],
      incomes: [{ id: 'rent', type: 'RENTAL', propertyId: 'flat', amount: rent, indexation: 'CPI' }],
      accounts: [account('cash', 'CASH', cash0)],
      properties: [{ id: 'flat', type: 'RENTAL', value: V0, sellYear: 2029, sellingCost: cost }],
      liabilities: [
        {
          id: 'm',
          type: 'MORTGAGE',
          balance: B0,
          rate: { type: 'FIXED', annual: r },
          remainingYears: n,
          repayment: 'AMORTIZING',
          propertyId: 'flat',
        },
      ],
    });
    const sim = simulator(p);
    sim.run(economy(years, { inflation: i, property: g }), [life(years)]);
    const P = (B0 * r) / (1 - (1 + r) ** -n); // annuity payment, 12,036.39
    // Years 0–3: rent 18,000 × 1.02^t comes in, the payment goes out; cash earns nothing.
    let cash = cash0;
    for (let t = 0; t < 4; t++) {
      close(sim.income[t], rent * (1 + i) ** t);
      close(sim.spending[t], P);
      cash += rent * (1 + i) ** t - P;
    }
    // Mortgage balance after four payments: B0 (1+r)^4 − P ((1+r)^4 − 1) / r.
    const B4 = B0 * (1 + r) ** 4 - (P * ((1 + r) ** 4 - 1)) / r;
    // Price at the start of 2029 (year 4): 300,000 × 1.03^4 = 337,652.64.
    const price = V0 * (1 + g) ** 4;
    close(sim.netWorth[3], cash + price - B4);
    // Sold at the start of year 4: price × (1 − 0.06) − B4 goes to cash; no rent, no payment from then on.
    const proceeds = price * (1 - cost) - B4;
    cash += proceeds;
    for (let t = 4; t < years; t++) {
      close(sim.income[t], 0);
      close(sim.spending[t], 0);
      close(sim.netWorth[t], cash);
    }
    // Net worth falls by the selling cost only: 0.06 × 337,652.64 = 20,259.16.
    close(sim.netWorth[3] - sim.netWorth[4], cost * price);
    expect(sim.debt[0]).toBe(0);
  });

  it('sells a home flagged sellOnNursingHome once every living adult is in a nursing home, and no other', () => {
    const V = 400_000,
      cost = 0.05,
      cash0 = 10_000,
      years = 6;
    const p = plan({
      years,
      members: [member('p1', 'PRIMARY', 1940, 65), member('p2', 'PARTNER', 1942, 65)],
      accounts: [account('cash', 'CASH', cash0)],
      properties: [
        { id: 'home', type: 'RESIDENCE', value: V, sellOnNursingHome: true, sellingCost: cost },
        { id: 'cabin', type: 'RESIDENCE', value: 100_000, sellingCost: cost },
      ],
      // Care costs nothing here, so that only the sale moves the balance sheet.
      assumptions: {
        economic: plan({}).assumptions.economic,
        life: lifeAssumptions({ longTermCare: { homeCareAnnualCost: 0, nursingHomeAnnualCost: 0 } }),
      },
    });
    const run = (setting: number) => {
      // p1 in care from year 1; p2 healthy, dies in year 2 (dead from year 3).
      const p1 = life(years);
      for (let t = 1; t < years; t++) {
        p1.state[t] = MemberState.LTC;
        p1.careSetting[t] = setting;
      }
      const sim = simulator(p);
      const events: PathEvent[] = [];
      sim.run(economy(years), [p1, life(years, 2)], events);
      return { sim, sales: events.filter((e) => e.type === 'PROPERTY_SOLD') };
    };
    // In a nursing home: not while p2 lives at home (years 1-2); sold at the start of year 3 for
    // 400,000 x (1 - 0.05) = 380,000, into cash; the cabin stays.
    const nursing = run(CareSetting.NURSING_HOME);
    expect(nursing.sales).toEqual([{ year: 3, type: 'PROPERTY_SOLD', itemId: 'home', amount: V * (1 - cost) }]);
    for (let t = 0; t < 3; t++) close(nursing.sim.netWorth[t], cash0 + V + 100_000);
    for (let t = 3; t < years; t++) close(nursing.sim.netWorth[t], cash0 + V * (1 - cost) + 100_000);
    // Cared for at home: the home is still lived in, and not sold.
    const atHome = run(CareSetting.HOME);
    expect(atHome.sales).toEqual([]);
    close(atHome.sim.netWorth[years - 1], cash0 + V + 100_000);
  });

  it('charges care costs by setting with CPI and the care-cost premium, and pays the LTC benefit in care up to maxYears', () => {
    const i = 0.02,
      premium = 0.03,
      home = 60_000,
      nursing = 100_000,
      years = 6;
    const p = plan({
      years,
      members: [member('p1', 'PRIMARY', 1945, 65)],
      accounts: [account('cash', 'CASH', 1_000_000)],
      insurance: [
        {
          id: 'ltc',
          type: 'LONG_TERM_CARE',
          insuredId: 'p1',
          annualPremium: 2_000,
          indexation: 'NONE',
          annualBenefit: 30_000,
          maxYears: 2,
        },
      ],
      assumptions: {
        economic: plan({}).assumptions.economic,
        life: lifeAssumptions({ longTermCare: { homeCareAnnualCost: home, nursingHomeAnnualCost: nursing, careCostPremium: premium } }),
      },
    });
    const l = life(years);
    // Healthy, home care twice, a nursing home, recovered, a nursing home again.
    const stays: [number, number][] = [
      [1, CareSetting.HOME],
      [2, CareSetting.HOME],
      [3, CareSetting.NURSING_HOME],
      [5, CareSetting.NURSING_HOME],
    ];
    for (const [t, setting] of stays) {
      l.state[t] = MemberState.LTC;
      l.careSetting[t] = setting;
    }
    const sim = simulator(p);
    sim.run(economy(years, { inflation: i }), [l]);
    // Care cost = setting's cost × CPI[t] × 1.03^t, CPI[t] = 1.02^t:
    //   t1 60,000 × 1.02 × 1.03 = 63,036;  t2 60,000 × 1.02² × 1.03² = 66,225.62
    //   t3 100,000 × 1.02³ × 1.03³ = 115,961.06;  t5 100,000 × 1.02⁵ × 1.03⁵ = 127,993.23
    const care = (cost: number, t: number) => cost * (1 + i) ** t * (1 + premium) ** t;
    // Premium (level) while not in care: years 0 and 4. Benefit 30,000 in the first two years of care only.
    const spending = [2_000, care(home, 1), care(home, 2), care(nursing, 3), 2_000, care(nursing, 5)];
    const income = [0, 30_000, 30_000, 0, 0, 0];
    for (let t = 0; t < years; t++) {
      close(sim.spending[t], spending[t]);
      close(sim.income[t], income[t]);
    }
    close(sim.spending[1], 63_036);
    close(sim.spending[3], 115_961.06);
    close(sim.netWorth[5], 1_000_000 + 60_000 - spending.reduce((a, b) => a + b, 0));
  });

  it('pays benefitFraction of the lost salary for the first benefitYears of a spell, a fractional last year pro rata', () => {
    const i = 0.02,
      growth = 0.01,
      salary = 80_000,
      tax = 0.3,
      years = 7;
    const run = (benefitYears: number) => {
      const p = plan({
        years,
        incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: salary, realGrowth: growth }],
        accounts: [account('cash', 'CASH', 0)],
        taxes: { earnedIncome: tax, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0 },
        assumptions: {
          economic: plan({}).assumptions.economic,
          life: lifeAssumptions({ unemployment: { benefitFraction: 0.6, benefitYears } }),
        },
      });
      const l = life(years);
      // A three-year spell in years 2–4, back at work in year 5, a new spell in year 6.
      for (const t of [2, 3, 4, 6]) l.unemployed[t] = 1;
      const sim = simulator(p);
      sim.run(economy(years, { inflation: i }), [l]);
      return sim;
    };
    // The salary that would have been earned: 80,000 × CPI[t] × 1.01^t = 80,000 × (1.02 × 1.01)^t.
    const S = (t: number) => salary * (1 + i) ** t * (1 + growth) ** t;
    // benefitYears 1.5: spell year 1 pays 0.6 S, year 2 pays 0.5 × 0.6 S, year 3 nothing; the new spell pays 0.6 S again.
    const oneAndHalf = run(1.5);
    const expected = [S(0), S(1), 0.6 * S(2), 0.5 * 0.6 * S(3), 0, S(5), 0.6 * S(6)];
    for (let t = 0; t < years; t++) {
      close(oneAndHalf.income[t], expected[t]);
      close(oneAndHalf.taxes[t], tax * expected[t]); // taxed as earned income
    }
    close(oneAndHalf.income[3], 0.3 * 80_000 * 1.0302 ** 3); // 26,240.73
    // benefitYears 0.25: a quarter of the first year only, 0.25 × 0.6 × S.
    const quarter = run(0.25);
    close(quarter.income[2], 0.25 * 0.6 * S(2));
    close(quarter.income[3], 0);
    close(quarter.income[4], 0);
    close(quarter.income[6], 0.25 * 0.6 * S(6));
  });
});
