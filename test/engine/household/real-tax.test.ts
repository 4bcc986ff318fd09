/**
 * The household year under real tax rules: on a deterministic path (constant returns and
 * inflation, nobody dies), each year's `taxes` is the calculator's figure for that year's income,
 * with thresholds moving as docs/TAX.md says; and the wrappers' rules (RMDs, the US penalty, the
 * UK pension's tax-free quarter, cost basis).
 */
import { describe, expect, it } from 'vitest';
import { calculateTax } from '../../../shared/engine/tax/index.js';
import { ukPersonTax } from '../../../shared/engine/tax/uk/uk-person-tax.js';
import { ukRules } from '../../../shared/engine/tax/uk/uk-rules.js';
import { federalReturn } from '../../../shared/engine/tax/us/federal-return.js';
import { usRules } from '../../../shared/engine/tax/us/us-rules.js';
import { emptyPerson, type TaxPerson } from '../../../shared/engine/tax/types.js';
import type { PlanTax } from '../../../shared/engine/household/plan.js';
import { account, drawingPlan, economy, life, plan, simulator } from './fixtures.js';

const UK: PlanTax = { system: 'UK', filingStatus: 'SINGLE', stateIncomeTaxRate: 0, pensionTaxFreeCash: 'WITH_EACH_WITHDRAWAL' };
const US: PlanTax = { system: 'US', filingStatus: 'SINGLE', stateIncomeTaxRate: 0.04, pensionTaxFreeCash: 'WITH_EACH_WITHDRAWAL' };
const INFLATION = 0.03;
const CASH = 0.04;
const YEARS = 12;

/** A saver on 50,000 a year (today's money) with 40,000 in cash: salary, and interest on the cash. */
function saver(tax: PlanTax) {
  const p = plan({
    startYear: 2025,
    years: YEARS,
    tax,
    incomes: [{ id: 's', type: 'SALARY', memberId: 'p1', amount: 50000, realGrowth: 0 }],
    expenses: [{ id: 'l', type: 'LIVING', amount: 20000, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1, indexation: 'CPI' }],
    accounts: [account('c', 'CASH', 40000)],
  });
  const sim = simulator(p);
  const econ = economy(YEARS, { inflation: INFLATION, cash: CASH });
  sim.run(econ, [life(YEARS)]);
  return { sim, econ };
}

/**
 * Follows the saver's cash year by year and checks each year's taxes against `taxOf` (the rules
 * for year t with prices from the path), and against the calculator in the enacted years: the
 * salary's tax is paid with it, what is left after spending is saved into cash at the start of the
 * year, and the year's interest on it is taxed at the end, out of the interest.
 */
function followSaver(tax: PlanTax, taxOf: (t: number, prices: (y: number) => number, person: TaxPerson) => number) {
  const { sim, econ } = saver(tax);
  const prices = (year: number) => econ.cpi[Math.max(0, year - 2025)];
  let cash = 40000;
  for (let t = 0; t < YEARS; t++) {
    const earnings = 50000 * econ.cpi[t];
    const person = (interest: number) => ({ ...emptyPerson(), age: 40 + t, earnings, interest });
    const provisional = taxOf(t, prices, person(0));
    const saved = cash + earnings - 20000 * econ.cpi[t] - provisional;
    const interest = saved * CASH;
    const expected = taxOf(t, prices, person(interest));
    expect(sim.taxes[t]).toBeCloseTo(expected, 6);
    if (t <= 1) {
      const state = tax.system === 'US' ? { stateIncomeTaxRate: 0.04 } : {};
      const published = calculateTax({ system: tax.system, taxYear: 2025 + t, ...state, people: [{ age: 40 + t, earnings, interest }] });
      expect(Math.round(sim.taxes[t] * 100) / 100).toBe(published.total);
    }
    cash = saved + interest - (expected - provisional);
  }
  return sim;
}

const drawing = (tax: PlanTax, birthYear: number, spend: number, accounts: ReturnType<typeof account>[], years = 1) =>
  simulator(drawingPlan(tax, birthYear, spend, accounts, years));

describe('real tax in the household year', () => {
  it("UK: each year's taxes are the rules' figure for its salary and interest, thresholds frozen to 2030-31 then with prices", () => {
    const sim = followSaver(UK, (t, prices, person) => {
      const x = ukPersonTax(person, ukRules(2025 + t, false, prices), false);
      return x.incomeTax + x.socialContributions;
    });
    // Fiscal drag: the allowance is frozen to 2030-31, so the tax rises faster than prices until then.
    expect(sim.taxes[5]).toBeGreaterThan(sim.taxes[0] * Math.pow(1 + INFLATION, 5) * 1.01);
  });

  it("US: each year's taxes are the federal return's, FICA and the flat state tax, brackets moving with prices from 2027", () => {
    followSaver(US, (t, prices, person) => {
      const r = federalReturn([person], usRules(2025 + t, 'SINGLE', prices), 0.04);
      return r.ordinaryTax + r.gainsTax + r.niit + r.stateIncomeTax + r.fica;
    });
  });

  it('US: a traditional account pays its required minimum distribution from 73 (born 1952), taxed as income', () => {
    const sim = drawing(US, 1952, 0, [account('ira', 'TRADITIONAL', 265000, { ownerId: 'p1', accessAge: 60 })], 3);
    sim.run(economy(3), [life(3)]);
    // Age 73 in 2025: 265,000 / 26.5 = 10,000 (Uniform Lifetime Table), under the 15,750 + 2,000 + 6,000
    // deductions: no federal tax, the 4% state tax only. Then 255,000 / 25.5 = 10,000 again at 74, and 245,000 / 24.6 at 75.
    expect(sim.taxes[0]).toBeCloseTo(400, 9);
    expect(sim.taxes[1]).toBeCloseTo(400, 9);
    expect(sim.balance[1]).toBeCloseTo(245000 - 245000 / 24.6, 6);
  });

  it('US: withdrawals before 59 1/2 pay the 10% additional tax', () => {
    const sim = drawing(US, 1985, 50000, [account('k', 'TRADITIONAL', 500000, { ownerId: 'p1', accessAge: 30 })]);
    sim.run(economy(1), [life(1)]);
    const drawn = 500000 - sim.balance[1];
    const r = federalReturn([{ ...emptyPerson(), age: 40, pensionIncome: drawn }], usRules(2025, 'SINGLE'), 0.04);
    const tax = r.ordinaryTax + r.stateIncomeTax + 0.1 * drawn;
    expect(sim.taxes[0]).toBeCloseTo(tax, 6);
    // What was drawn paid the spending and its own tax.
    expect(drawn - tax).toBeCloseTo(50000, 2);
  });

  it('UK: a pension withdrawal is a quarter tax-free, the rest taxed as income', () => {
    const sim = drawing(UK, 1960, 30000, [account('pp', 'PENSION', 400000, { ownerId: 'p1', accessAge: 55 })]);
    sim.run(economy(1), [life(1)]);
    const drawn = 400000 - sim.balance[1];
    const tax = ukPersonTax({ ...emptyPerson(), age: 65, pensionIncome: 0.75 * drawn }, ukRules(2025, false), true).incomeTax;
    expect(sim.taxes[0]).toBeCloseTo(tax, 6);
    expect(drawn - tax).toBeCloseTo(30000, 2);
  });

  it('taxes only the gain on a sale from a taxable account (cost basis), as a long-term gain', () => {
    const sim = drawing(US, 1985, 60000, [account('b', 'TAXABLE', 1000000)], 2);
    // Equity doubles in year 0: in year 1 half of every sale is gain.
    const econ = economy(2, { equity: 0 });
    econ.equityReturn[0] = 1;
    sim.run(econ, [life(2)]);
    // Year 0 sells at cost: no gain, no tax.
    expect(sim.taxes[0]).toBe(0);
    const drawn1 = 2 * (1000000 - 60000) - sim.balance[1];
    const gain = drawn1 / 2;
    const r = federalReturn([{ ...emptyPerson(), age: 41, capitalGains: gain }], usRules(2026, 'SINGLE'), 0.04);
    expect(sim.taxes[1]).toBeCloseTo(r.gainsTax + r.stateIncomeTax + r.ordinaryTax, 6);
  });
});
