import { describe, expect, it } from 'vitest';
import { MemberState } from '../../../shared/engine/life/index.js';
import type { HouseholdPlan } from '../../../shared/engine/household/plan.js';
import { account, CENT, economy, life, plan, simulator } from './fixtures.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(CENT);

describe('household cash flows on deterministic paths', () => {
  it('repays an amortising mortgage on the annuity schedule', () => {
    const B0 = 250_000,
      r = 0.05,
      n = 20,
      salary = 100_000;
    const p = plan({
      years: 25,
      incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: salary, realGrowth: 0 }],
      accounts: [account('cash', 'CASH', 0)],
      liabilities: [
        { id: 'm', type: 'MORTGAGE', balance: B0, rate: { type: 'FIXED', annual: r }, remainingYears: n, repayment: 'AMORTIZING' },
      ],
    });
    const sim = simulator(p);
    const debts: number[] = [];
    const lives = [life(25)];
    const econ = economy(25);
    // Record the outstanding balance after each year by re-running shorter horizons is not needed: net worth = cash - debt.
    sim.run(econ, lives);
    const payment = (B0 * r) / (1 - Math.pow(1 + r, -n));
    let balance = B0;
    let cash = 0;
    for (let t = 0; t < 25; t++) {
      const pay = t < n ? payment : 0;
      if (t < n) balance = t === n - 1 ? 0 : balance * (1 + r) - payment;
      cash += salary - pay;
      debts.push(balance);
      close(sim.spending[t], pay);
      close(sim.netWorth[t], cash - balance);
    }
    // Closed form of the balance after k payments: B0 (1+r)^k - P ((1+r)^k - 1) / r.
    for (const k of [1, 5, 10, 19]) close(debts[k - 1], B0 * Math.pow(1 + r, k) - (payment * (Math.pow(1 + r, k) - 1)) / r);
    close(sim.debt[0], 0);
  });

  it('repays a mortgage early by a DEBT_PAYOFF goal: part of it, then the rest, with the schedule recomputed', () => {
    const B0 = 100_000,
      r = 0.05,
      n = 10,
      salary = 100_000,
      part = 30_000;
    const mortgage = {
      id: 'm',
      type: 'MORTGAGE' as const,
      balance: B0,
      rate: { type: 'FIXED' as const, annual: r },
      remainingYears: n,
      repayment: 'AMORTIZING' as const,
    };
    const annuity = (b: number, k: number) => (b * r) / (1 - Math.pow(1 + r, -k));
    const run = (goals: HouseholdPlan['goals']) => {
      const sim = simulator(
        plan({
          years: 12,
          incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: salary, realGrowth: 0 }],
          accounts: [account('cash', 'CASH', 0)],
          liabilities: [mortgage],
          goals,
        }),
      );
      sim.run(economy(12), [life(12)]);
      return sim;
    };
    const P = annuity(B0, n);
    let balance = B0;
    for (let t = 0; t < 4; t++) balance = balance * (1 + r) - P; // after year 3's scheduled payment

    // 30,000 in year 3: the remaining six payments are the annuity of the lower balance.
    const partly = run([{ id: 'pay', type: 'DEBT_PAYOFF', amount: part, priority: 'IMPORTANT', year: 2028, liabilityId: 'm' }]);
    const untouched = run([]);
    close(partly.spending[3], P + part);
    close(partly.netWorth[3], untouched.netWorth[3]); // cash out, debt down by as much
    const P2 = annuity(balance - part, 6);
    for (let t = 4; t < 10; t++) close(partly.spending[t], P2);
    close(partly.spending[10], 0);
    close(partly.goalPaid[0], part);
    expect(partly.goalFull[0]).toBe(1);

    // More than is owed: the goal asks for the balance only, and the mortgage ends in year 3.
    const fully = run([{ id: 'pay', type: 'DEBT_PAYOFF', amount: 1_000_000, priority: 'IMPORTANT', year: 2028, liabilityId: 'm' }]);
    close(fully.spending[3], P + balance);
    close(fully.goalTarget[0], balance);
    for (let t = 4; t < 12; t++) close(fully.spending[t], 0);
    expect(fully.debt[0]).toBe(0);
    // Without a liability the same goal is plain spending, and the mortgage runs its course.
    const spendOnly = run([{ id: 'pay', type: 'DEBT_PAYOFF', amount: part, priority: 'IMPORTANT', year: 2028 }]);
    close(spendOnly.spending[4], P);
    close(spendOnly.netWorth[3], untouched.netWorth[3] - part);
  });

  it('buys a property by a HOME_PURCHASE goal: the deposit from savings, the rest lent at the purchase, net worth unchanged', () => {
    const value = 400_000,
      growth = 0.03,
      deposit = 100_000,
      r = 0.04,
      n = 20,
      salary = 150_000,
      savings = 200_000;
    const run = (goals: HouseholdPlan['goals'], home = true) => {
      const sim = simulator(
        plan({
          years: 10,
          incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: salary, realGrowth: 0 }],
          accounts: [account('cash', 'CASH', savings)],
          properties: home ? [{ id: 'home', type: 'RESIDENCE', value, sellingCost: 0 }] : [],
          liabilities: home
            ? [
                {
                  id: 'loan',
                  type: 'MORTGAGE',
                  balance: 0,
                  rate: { type: 'FIXED', annual: r },
                  remainingYears: n,
                  repayment: 'AMORTIZING',
                  propertyId: 'home',
                },
              ]
            : [],
          goals,
        }),
      );
      sim.run(economy(10, { property: growth }), [life(10)]);
      return sim;
    };
    const buy = (amount: number) =>
      run([{ id: 'buy', type: 'HOME_PURCHASE', amount, priority: 'IMPORTANT', year: 2027, propertyId: 'home' }]);
    const renting = run([], false);
    const bought = buy(deposit);
    // Not owned, not owed before the purchase: the plan without the goal, to the cent.
    for (const t of [0, 1]) {
      close(bought.netWorth[t], renting.netWorth[t]);
      close(renting.netWorth[t], savings + (t + 1) * salary);
    }
    // Bought at the start of year 2 at the market price; the loan is the price less the deposit.
    const price = value * (1 + growth) ** 2;
    const loan = price - deposit;
    close(bought.spending[2], deposit);
    close(bought.netWorth[2], savings + 3 * salary - deposit + price * (1 + growth) - loan);
    close(bought.netWorth[2] - renting.netWorth[2], price * growth); // only the year's price growth
    // Repaid on the annuity schedule from the next year.
    const P = (loan * r) / (1 - (1 + r) ** -n);
    for (let t = 3; t < 10; t++) close(bought.spending[t], P);
    close(bought.debt[0], loan * (1 + r) ** 7 - (P * ((1 + r) ** 7 - 1)) / r);
    expect(bought.goalFull[0]).toBe(1);
    // A deposit above the price pays the price: nothing is lent.
    const cash = buy(1_000_000);
    close(cash.goalTarget[0], price);
    close(cash.spending[2], price);
    for (let t = 3; t < 10; t++) close(cash.spending[t], 0);
    expect(cash.debt[0]).toBe(0);
  });

  it('charges interest only and the balloon at the end, at the short rate plus spread for a variable loan', () => {
    const p = plan({
      years: 6,
      incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: 200_000, realGrowth: 0 }],
      accounts: [account('cash', 'CASH', 0)],
      liabilities: [
        {
          id: 'l',
          type: 'LOAN',
          balance: 100_000,
          rate: { type: 'VARIABLE', spread: 0.02 },
          remainingYears: 4,
          repayment: 'INTEREST_ONLY',
        },
      ],
    });
    const sim = simulator(p);
    sim.run(economy(6, { shortRate: 0.03 }), [life(6)]);
    for (let t = 0; t < 3; t++) close(sim.spending[t], 5_000);
    close(sim.spending[3], 105_000);
    close(sim.spending[4], 0);
  });

  it('pays an indexed defined-benefit pension from its age, and the survivor fraction after death', () => {
    const i = 0.02;
    const p = plan({
      years: 12,
      members: [
        { id: 'p1', role: 'PRIMARY', birthYear: 1962, sex: 'MALE', health: 'AVERAGE', smoker: false, retirementAge: 63 },
        { id: 'p2', role: 'PARTNER', birthYear: 1964, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 63 },
      ],
      incomes: [
        {
          id: 'db',
          type: 'DEFINED_BENEFIT_PENSION',
          memberId: 'p1',
          amount: 20_000,
          fromAge: 65,
          indexation: 'CPI',
          survivorFraction: 0.5,
        },
      ],
      accounts: [account('cash', 'CASH', 0)],
    });
    const sim = simulator(p);
    // p1 is 63 in 2025, so the pension starts in year 2; p1 dies in year 6 (lives through it).
    sim.run(economy(12, { inflation: i }), [life(12, 6), life(12)]);
    for (let t = 0; t < 12; t++) {
      const expected = t < 2 ? 0 : t <= 6 ? 20_000 * Math.pow(1 + i, t) : 10_000 * Math.pow(1 + i, t);
      close(sim.income[t], expected);
    }
    // Income is saved in cash earning nothing: net worth is the running sum of the pension.
    let total = 0;
    for (let t = 0; t < 12; t++) total += sim.income[t];
    close(sim.netWorth[11], total);
  });

  it('pays the term-life sum assured into cash at the end of the year of death, only before untilAge', () => {
    const members = [
      {
        id: 'p1',
        role: 'PRIMARY' as const,
        birthYear: 1985,
        sex: 'MALE' as const,
        health: 'AVERAGE' as const,
        smoker: false,
        retirementAge: 67,
      },
      {
        id: 'p2',
        role: 'PARTNER' as const,
        birthYear: 1985,
        sex: 'FEMALE' as const,
        health: 'AVERAGE' as const,
        smoker: false,
        retirementAge: 67,
      },
    ];
    const cover = (untilAge: number) =>
      plan({
        years: 8,
        members,
        accounts: [account('cash', 'CASH', 10_000)],
        insurance: [
          { id: 'tl', type: 'TERM_LIFE', insuredId: 'p1', annualPremium: 500, indexation: 'NONE', sumAssured: 400_000, untilAge },
        ],
      });
    const sim = simulator(cover(60));
    sim.run(economy(8), [life(8, 3), life(8)]);
    // Premiums in years 0..3 while p1 lives, the payout at the end of year 3, nothing after.
    for (let t = 0; t < 4; t++) close(sim.spending[t], 500);
    close(sim.spending[4], 0);
    close(sim.income[3], 400_000);
    close(sim.netWorth[3], 10_000 - 4 * 500 + 400_000);
    close(sim.netWorth[7], 10_000 - 4 * 500 + 400_000);
    // p1 is 40 in 2025 and 43 in the year of death: cover until 43 has lapsed after three premiums.
    const lapsed = simulator(cover(43));
    lapsed.run(economy(8), [life(8, 3), life(8)]);
    close(lapsed.netWorth[7], 10_000 - 3 * 500);
  });

  it('adds contributions and the employer match, then returns and fees', () => {
    const salary = 100_000,
      eq = 0.06,
      fee = 0.01;
    const p = plan({
      years: 3,
      incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: salary, realGrowth: 0 }],
      accounts: [
        account('cash', 'CASH', 0),
        account('401k', 'RETIREMENT', 50_000, {
          ownerId: 'p1',
          annualFee: fee,
          contributionFraction: 0.05,
          employerMatch: 0.5,
          employerMatchLimit: 0.04,
        }),
      ],
      taxes: { earnedIncome: 0.2, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0 },
    });
    const sim = simulator(p);
    sim.run(economy(3, { equity: eq }), [life(3)]);
    const own = 0.05 * salary,
      match = 0.5 * 0.04 * salary;
    let b = 50_000;
    for (let t = 0; t < 3; t++) b = (b + own + match) * (1 + eq) * (1 - fee);
    close(sim.balance[1], b);
    // Contributions are pre-tax: tax is on salary less the own contribution.
    close(sim.taxes[0], 0.2 * (salary - own));
    close(sim.balance[0], 3 * (salary - own - 0.2 * (salary - own)));
  });

  it("caps one owner's contributions at the salary paid, so no tax falls below zero and no money is made", () => {
    // Two accounts each taking the whole salary: the plan asks for twice the salary, the owner pays it once.
    const salary = 100_000;
    const p = plan({
      years: 3,
      incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: salary, realGrowth: 0 }],
      accounts: [
        account('cash', 'CASH', 0),
        account('a', 'RETIREMENT', 0, { ownerId: 'p1', contributionFraction: 1 }),
        account('b', 'RETIREMENT', 0, { ownerId: 'p1', contributionFraction: 1 }),
      ],
      taxes: { earnedIncome: 0.25, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0 },
    });
    const sim = simulator(p);
    sim.run(economy(3), [life(3)]);
    for (let t = 0; t < 3; t++) close(sim.taxes[t], 0);
    // Each account takes half the salary; nothing else comes in or goes out.
    close(sim.balance[1], 1.5 * salary);
    close(sim.balance[2], 1.5 * salary);
    close(sim.balance[0], 0);
    close(sim.netWorth[2], 3 * salary);
  });

  it('withdraws by the withdrawal order, keeping the cash buffer and grossing up retirement withdrawals', () => {
    const p = plan({
      years: 4,
      members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1955, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 65 }],
      expenses: [
        { id: 'liv', type: 'LIVING', amount: 30_000, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' },
      ],
      accounts: [
        account('cash', 'CASH', 10_000),
        account('brk', 'TAXABLE', 40_000),
        account('ira', 'RETIREMENT', 100_000, { ownerId: 'p1' }),
      ],
      taxes: { earnedIncome: 0, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0.2 },
      strategy: { withdrawalOrder: ['CASH', 'TAXABLE', 'RETIREMENT'], cashBuffer: 5_000, spendingRule: { type: 'FIXED_REAL' } },
    });
    const sim = simulator(p);
    sim.run(economy(4), [life(4)]);
    // Year 0: 5,000 of cash above the buffer, 25,000 of taxable. Year 1: the last 15,000 of taxable, then 15,000 net
    // from the retirement account (18,750 gross, 3,750 tax).
    // Year 2: 30,000 net = 37,500 gross from retirement (the buffer is kept while other money is left).
    close(sim.balance[0], 5_000);
    close(sim.balance[1], 0);
    close(sim.balance[2], 100_000 - 18_750 - 37_500 - 37_500);
    close(sim.taxes[1], 3_750);
    close(sim.taxes[2], 7_500);
    expect(sim.depletionYear).toBe(-1);
  });

  it('calls the household depleted when liquid assets cannot pay essential spending, and records the shortfall', () => {
    const p = plan({
      years: 5,
      members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1955, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 65 }],
      expenses: [
        { id: 'liv', type: 'LIVING', amount: 20_000, essentialFraction: 0.5, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' },
      ],
      accounts: [account('cash', 'CASH', 25_000)],
    });
    const sim = simulator(p);
    sim.run(economy(5), [life(5)]);
    // Year 0 pays 20,000 (10,000 essential + 10,000 discretionary); year 1 has 5,000: pays essentials only in part.
    close(sim.spending[0], 20_000);
    close(sim.spending[1], 5_000);
    close(sim.shortfall[1], 5_000);
    close(sim.shortfall[2], 10_000);
    expect(sim.depletionYear).toBe(1);
    expect(sim.success).toBe(false);
    close(sim.totalShortfallReal, 5_000 + 3 * 10_000);
  });

  it('leaves exactly nothing, not rounding dust, in accounts a depleted household drew down', () => {
    // netIncome + assets - netIncome is not always exactly the assets in floating point: the
    // withdrawal then falls short of the balances by ~1e-14, which must not survive as an estate.
    for (const income of [12_345.67, 7_777.77, 1_234.56, 10_000.1]) {
      const p = plan({
        years: 3,
        members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1955, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 65 }],
        incomes: [{ id: 'o', type: 'OTHER', amount: income, fromYear: 2025, toYear: 2027, indexation: 'NONE', taxCategory: 'NONE' }],
        expenses: [
          { id: 'liv', type: 'LIVING', amount: 40_000, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' },
        ],
        accounts: [account('cash', 'CASH', 1_000.1), account('brk', 'TAXABLE', 3_333.3333)],
      });
      const sim = simulator(p);
      sim.run(economy(3, { inflation: 0.021 }), [life(3)]);
      expect(sim.depletionYear).toBe(0);
      for (let t = 0; t < 3; t++) expect(sim.netWorth[t]).toBe(0);
    }
  });

  it('funds goals by priority: aspirational cut before important before essential', () => {
    const p = plan({
      years: 2,
      accounts: [account('cash', 'CASH', 50_000)],
      goals: [
        { id: 'dream', type: 'TRAVEL', amount: 30_000, priority: 'ASPIRATIONAL', year: 2025 },
        { id: 'school', type: 'EDUCATION', amount: 30_000, priority: 'IMPORTANT', year: 2025 },
        { id: 'roof', type: 'CUSTOM', amount: 10_000, priority: 'ESSENTIAL', year: 2025 },
      ],
    });
    const sim = simulator(p);
    sim.run(economy(2), [life(2)]);
    expect(sim.goalFull[2]).toBe(1);
    expect(sim.goalFull[1]).toBe(1);
    expect(sim.goalFull[0]).toBe(0);
    close(sim.goalPaid[0], 10_000);
    expect(sim.success).toBe(true);
  });

  it('pays disability income after the waiting years and long-term care benefit up to maxYears', () => {
    const p = plan({
      years: 6,
      incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: 50_000, realGrowth: 0 }],
      accounts: [account('cash', 'CASH', 0)],
      insurance: [
        {
          id: 'di',
          type: 'DISABILITY_INCOME',
          insuredId: 'p1',
          annualPremium: 1_000,
          indexation: 'NONE',
          benefitFraction: 0.6,
          waitingYears: 1,
          untilAge: 65,
        },
        { id: 'ltc', type: 'LONG_TERM_CARE', insuredId: 'p1', annualPremium: 0, indexation: 'NONE', annualBenefit: 7_000, maxYears: 1 },
      ],
    });
    const l = life(6);
    l.state[1] = MemberState.DISABLED;
    l.state[2] = MemberState.DISABLED;
    l.state[3] = MemberState.DISABLED;
    l.state[4] = MemberState.LTC;
    l.state[5] = MemberState.LTC;
    const sim = simulator(p);
    sim.run(economy(6), [l]);
    close(sim.income[0], 50_000);
    close(sim.income[1], 0); // first year of disability is the waiting year
    close(sim.income[2], 30_000);
    close(sim.income[3], 30_000);
    close(sim.income[4], 7_000); // care: no salary, one year of LTC benefit
    close(sim.income[5], 0);
    close(sim.spending[0], 1_000); // DI premium waived while disabled
    close(sim.spending[1], 0);
  });
});
