import { describe, expect, it } from 'vitest';
import { account, CENT, economy, life, plan, simulator } from './fixtures.js';
import type { HouseholdPlan, PlanMember } from '../../../shared/engine/household/plan.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(CENT);
const adult = (id: string, role: PlanMember['role']): PlanMember => ({
  id,
  role,
  birthYear: 1950,
  sex: 'FEMALE',
  health: 'AVERAGE',
  smoker: false,
  retirementAge: 67,
});

/** A household holding cash, a pension and a home; the last adult dies at the end of year 4 (2030). */
const estatePlan = (parts: Partial<HouseholdPlan>): HouseholdPlan =>
  plan({
    startYear: 2026,
    years: 10,
    members: [adult('p1', 'PRIMARY')],
    accounts: [
      account('cash', 'CASH', 900_000),
      account('pension', 'RETIREMENT', 400_000, { ownerId: 'p1', allocation: { cash: 1, bonds: 0, equity: 0 } }),
    ],
    properties: [{ id: 'home', type: 'RESIDENCE', value: 600_000, sellingCost: 0 }],
    liabilities: [
      { id: 'm', type: 'MORTGAGE', balance: 100_000, rate: { type: 'FIXED', annual: 0 }, remainingYears: 20, repayment: 'AMORTIZING' },
    ],
    goals: [{ id: 'legacy', type: 'LEGACY', amount: 1_000_000, priority: 'ASPIRATIONAL' }],
    ...parts,
  });

describe('the estate tax on the terminal estate (zero volatility)', () => {
  it('takes UK inheritance tax from the estate at the last death; the LEGACY goal measures what is left', () => {
    const p = estatePlan({ estateTax: 'UK' });
    p.liabilities[0].propertyId = 'home';
    const sim = simulator(p);
    sim.run(economy(10), [life(10, 4)]);
    // Five years of the mortgage paid (5,000 a year from cash): cash 875,000, debt 75,000; the home's net value 525,000.
    const before = 875_000 + 400_000 + 600_000 - 75_000;
    close(sim.terminalEstateBeforeTaxReal, before);
    // Death in 2030: pensions in the estate; one nil-rate band and the whole residence band (estate under 2m).
    const tax = 0.4 * (before - 325_000 - 175_000);
    close(sim.estateTaxReal, tax);
    close(sim.terminalEstateReal, before - tax);
    expect(sim.goalPaid[0]).toBe(1_000_000);
  });

  it('gives a couple two nil-rate bands, and no tax without an estate tax system', () => {
    const couple = estatePlan({ estateTax: 'UK', members: [adult('p1', 'PRIMARY'), adult('p2', 'PARTNER')] });
    couple.liabilities[0].propertyId = 'home';
    const sim = simulator(couple);
    sim.run(economy(10), [life(10, 2), life(10, 4)]);
    const before = 875_000 + 400_000 + 600_000 - 75_000;
    close(sim.estateTaxReal, 0.4 * (before - 650_000 - 350_000));
    const none = simulator(estatePlan({}));
    none.run(economy(10), [life(10, 4)]);
    expect(none.estateTaxReal).toBe(0);
    expect(none.terminalEstateReal).toBe(none.terminalEstateBeforeTaxReal);
  });

  it("takes the US estate tax above the basic exclusion, deflated by the path's CPI; a LEGACY goal it takes below target is missed", () => {
    const p = estatePlan({ estateTax: 'US', accounts: [account('cash', 'CASH', 20_000_000)], properties: [], liabilities: [], goals: [] });
    p.goals = [{ id: 'legacy', type: 'LEGACY', amount: 18_000_000, priority: 'ASPIRATIONAL' }];
    const sim = simulator(p);
    const econ = economy(10, { inflation: 0.02, cash: 0.02 });
    sim.run(econ, [life(10, 4)]);
    // Death in 2030: the 2026 exclusion indexed by the path's inflation in 2026-2029, rounded to USD 10,000.
    const nominal = 20_000_000 * 1.02 ** 5;
    const exclusion = Math.round((15_000_000 * 1.02 ** 4) / 10_000) * 10_000;
    const tax = 0.4 * (nominal - exclusion);
    close(sim.estateTaxReal, tax / econ.cpi[5]);
    close(sim.terminalEstateReal, (nominal - tax) / econ.cpi[5]);
    expect(sim.goalFull[0]).toBe(0);
  });
});
