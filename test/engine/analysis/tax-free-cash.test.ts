import { describe, expect, it } from 'vitest';
import { simulate, type HouseholdPlan } from '../../../shared/engine/index.js';
import { analyse } from '../../../shared/engine/analysis/index.js';
import { resolveLever } from '../../../shared/engine/analysis/levers.js';
import type { PlanTax } from '../../../shared/engine/household/plan.js';
import { account, economy, life, plan, riskFree, simulator } from '../household/fixtures.js';

const UK: PlanTax = { system: 'UK', filingStatus: 'SINGLE', stateIncomeTaxRate: 0, pensionTaxFreeCash: 'WITH_EACH_WITHDRAWAL' };

/**
 * Born 1965, 60 in 2025, with 400,000 in a pension (accessible from 55) and nothing else, spending
 * 15,750 a year for 25 years, no return, no inflation, no other risk: 393,750 in all. Phased, each
 * year's 15,750 is a quarter tax-free and 11,812.50 within the 12,570 allowance: no tax, and the
 * pot lasts. With the tax-free cash as a lump sum at `age`, the years spent out of that cash use no
 * allowance, and afterwards each year's draw is all taxable (795 of tax a year beyond the
 * allowance): the earlier the lump sum, the more such years, and one taken too early runs the pot out.
 */
function pensioner(age: number, tax: PlanTax = UK): HouseholdPlan {
  return plan({
    startYear: 2025,
    years: 25,
    tax,
    members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1965, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 60 }],
    expenses: [
      { id: 'living', type: 'LIVING', amount: 15_750, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' },
    ],
    accounts: [account('cash', 'CASH', 0), account('pp', 'PENSION', 400_000, { ownerId: 'p1', accessAge: 55, taxFreeCashAge: age })],
    assumptions: riskFree(0),
  });
}

const run = (p: HouseholdPlan) => simulate(p, { seed: 1, paths: 4 });
const success = (p: HouseholdPlan) => run(p).summary.probabilityOfSuccess;

describe('SOLVE: the age of a UK pension’s tax-free lump sum', () => {
  it('finds the earliest lump sum age that reaches the target, checked by simulating it and the year before', () => {
    expect(success(pensioner(120))).toBe(1);
    expect(success(pensioner(60))).toBe(0);
    const s = analyse(
      pensioner(60),
      { type: 'SOLVE', lever: { type: 'TAX_FREE_CASH_AGE', accountId: 'pp' }, target: { probability: 0.5 } },
      { seed: 1, paths: 4 },
    ).solve!;
    expect(s.status).toBe('SOLVED');
    expect(s.lever).toMatchObject({ type: 'TAX_FREE_CASH_AGE', itemId: 'pp', current: 60, unit: 'YEARS' });
    expect(s.value).toBeGreaterThan(60);
    expect(s.value).toBeLessThan(120);
    expect(success(pensioner(s.value))).toBe(1);
    expect(success(pensioner(s.value - 1))).toBe(0);
  });

  it('phased pays no tax at all; a lump sum at 60 pays 795 a year once its cash is spent', () => {
    const taxes = (p: HouseholdPlan) => {
      const sim = simulator(p);
      sim.run(economy(25), [life(25)]);
      return Array.from(sim.taxes);
    };
    expect(taxes(pensioner(120)).every((t) => t === 0)).toBe(true);
    // The 100,000 lump sum pays 6 years and 5,500 of the 7th (t = 6), the pension the other 10,250 of
    // it, within the allowance; from t = 7, 12,570 within it and 3,180 / 0.8 = 3,975 at 20%.
    const early = taxes(pensioner(60));
    expect(early.slice(0, 7).every((t) => t === 0)).toBe(true);
    expect(early[7]).toBeCloseTo(795, 6);
    expect(early[12]).toBeCloseTo(795, 6);
  });

  it('refuses an account that is not a UK pension, bounds outside the access age to 120, and a lump sum already taken', () => {
    expect(resolveLever(pensioner(60), { type: 'TAX_FREE_CASH_AGE', accountId: 'x' })).toEqual([
      { field: 'lever.accountId', message: 'no account x in the scenario' },
    ]);
    expect(resolveLever(pensioner(60), { type: 'TAX_FREE_CASH_AGE', accountId: 'cash' })).toEqual([
      { field: 'lever.accountId', message: 'cash is not a UK pension (PENSION, or RETIREMENT under taxSystem UK)' },
    ]);
    const us: PlanTax = { ...UK, system: 'US' };
    expect(resolveLever({ ...pensioner(60), tax: us }, { type: 'TAX_FREE_CASH_AGE', accountId: 'pp' })).toMatchObject([
      { field: 'lever.accountId' },
    ]);
    expect(resolveLever(pensioner(60), { type: 'TAX_FREE_CASH_AGE', accountId: 'pp', min: 59 })).toEqual([
      { field: 'lever.min', message: "must be a whole age from 60 (the access age, or the owner's age now) to 120 (phased)" },
    ]);
    expect(resolveLever(pensioner(58), { type: 'TAX_FREE_CASH_AGE', accountId: 'pp' })).toEqual([
      { field: 'lever.accountId', message: 'pp paid its tax-free cash as a lump sum at 58, before the start' },
    ]);
    expect(resolveLever(pensioner(120), { type: 'TAX_FREE_CASH_AGE', accountId: 'pp' })).toMatchObject({ min: 60, max: 120, current: 120 });
    // LUMP_SUM with no age: the access age, here past.
    const lump = plan({ ...pensioner(60), accounts: [account('pp', 'PENSION', 1, { ownerId: 'p1', accessAge: 62 })] });
    expect(
      resolveLever({ ...lump, tax: { ...UK, pensionTaxFreeCash: 'LUMP_SUM' } }, { type: 'TAX_FREE_CASH_AGE', accountId: 'pp' }),
    ).toMatchObject({
      current: 62,
      min: 62,
    });
  });
});
