import { describe, expect, it } from 'vitest';
import { account, CENT, economy, life, plan, simulator } from './fixtures.js';

describe("a fixed yearly saving into an account (the solver's CONTRIBUTION lever)", () => {
  it('moves the amount, grown with CPI, from net income into the account for its years only', () => {
    const inflation = 0.02;
    const p = plan({
      years: 8,
      incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: 50_000, realGrowth: 0 }],
      // A RETIREMENT pot: surpluses go to the cash account, so its balance is the saving alone.
      accounts: [
        account('cash', 'CASH', 0),
        account('pot', 'RETIREMENT', 0, { allocation: { cash: 1, bonds: 0, equity: 0 }, extraContribution: { amount: 1_000, years: 5 } }),
      ],
    });
    const sim = simulator(p);
    sim.run(economy(8, { inflation }), [life(8)]);
    // Five payments of 1,000 × CPI at the start of years 0 … 4, earning nothing (cash returns 0).
    let expected = 0;
    for (let t = 0; t < 5; t++) expected += 1_000 * (1 + inflation) ** t;
    expect(Math.abs(sim.balance[1] - expected)).toBeLessThan(CENT);
    // Net worth is unchanged by a transfer between own accounts: salary in, nothing spent.
    let salary = 0;
    for (let t = 0; t < 8; t++) salary += 50_000 * (1 + inflation) ** t;
    expect(Math.abs(sim.netWorth[7] - salary)).toBeLessThan(CENT);
  });
});
