/**
 * Withdrawal orders that know the tax (docs/TAX.md, "Withdrawal order"), on one deterministic year
 * (no returns, no inflation, nobody dies): the UK default draws the GIA, then the pension within
 * the personal allowance, then the ISA, then the rest of the pension; `taxDeferredFirstUpTo` fills
 * a band from the tax-deferred account first; and a UK pension's tax-free cash is phased until the
 * age it is taken as a lump sum. Figures by hand from the 2025 rules, checked with the calculator.
 */
import { describe, expect, it } from 'vitest';
import { calculateTax } from '../../../shared/engine/tax/index.js';
import { ukPersonTax } from '../../../shared/engine/tax/uk/uk-person-tax.js';
import { ukRules } from '../../../shared/engine/tax/uk/uk-rules.js';
import { federalReturn } from '../../../shared/engine/tax/us/federal-return.js';
import { usRules } from '../../../shared/engine/tax/us/us-rules.js';
import { emptyPerson } from '../../../shared/engine/tax/types.js';
import type { AccountType, PlanAccount, PlanTax, TaxBand } from '../../../shared/engine/household/plan.js';
import { account, drawingPlan, economy, life, simulator } from './fixtures.js';

const UK: PlanTax = { system: 'UK', filingStatus: 'SINGLE', stateIncomeTaxRate: 0, pensionTaxFreeCash: 'WITH_EACH_WITHDRAWAL' };
const US: PlanTax = { system: 'US', filingStatus: 'SINGLE', stateIncomeTaxRate: 0, pensionTaxFreeCash: 'WITH_EACH_WITHDRAWAL' };
const UK_ORDER: AccountType[] = ['CASH', 'TAXABLE', 'GIA', 'RETIREMENT', 'PENSION', 'ISA'];
const US_ORDER: AccountType[] = ['CASH', 'TAXABLE', 'RETIREMENT', 'TRADITIONAL', 'ROTH'];

/** One person born `birthYear`, spending `spend` a year for `years` years from a cash account (empty) and `accounts`. */
function run(tax: PlanTax, birthYear: number, spend: number, accounts: PlanAccount[], fill?: TaxBand, years = 1) {
  const p = drawingPlan(tax, birthYear, spend, accounts, years, {
    withdrawalOrder: tax.system === 'UK' ? UK_ORDER : US_ORDER,
    ...(fill !== undefined ? { taxDeferredFirstUpTo: fill } : {}),
  });
  const sim = simulator(p);
  sim.run(economy(years), [life(years)]);
  return sim;
}

const pension = (balance: number, extra: Partial<PlanAccount> = {}) =>
  account('pp', 'PENSION', balance, { ownerId: 'p1', accessAge: 55, ...extra });
/** The calculator's figure (to the penny) for a UK pensioner's year, and the rules' own (unrounded). */
const ukTax = (pensionIncome: number) => calculateTax({ system: 'UK', taxYear: 2025, people: [{ age: 65, pensionIncome }] }).total;
const ukTaxExact = (pensionIncome: number) =>
  ukPersonTax({ ...emptyPerson(), age: 65, pensionIncome }, ukRules(2025, false), true).incomeTax;

describe('UK default order: GIA, pension within the personal allowance, ISA, the rest of the pension', () => {
  it('draws the pension only as far as it is tax-free when the ISA covers the rest', () => {
    // Balances: cash, GIA, pension, ISA. Spending 40,000 at 65: the GIA's 10,000 (at cost, no gain);
    // the pension up to the 12,570 allowance, grossed up for its tax-free quarter: 12,570 / 0.75 = 16,760;
    // the ISA the remaining 13,240. No tax.
    const sim = run(UK, 1960, 40000, [account('g', 'GIA', 10000), pension(400000), account('i', 'ISA', 100000)]);
    expect(sim.taxes[0]).toBe(0);
    expect(sim.balance[1]).toBeCloseTo(0, 6);
    expect(sim.balance[2]).toBeCloseTo(400000 - 16760, 6);
    expect(sim.balance[3]).toBeCloseTo(100000 - 13240, 6);
    expect(ukTax(0.75 * 16760)).toBe(0);
  });

  it('draws the rest of the pension only once the ISA is empty, taxed at the basic rate', () => {
    // The ISA's 5,000 leaves 8,240 to the pension beyond the allowance: each pound drawn is a quarter
    // tax-free and three quarters taxed at 20%, so 8,240 / 0.85 = 9,694.12 gross, 1,454.12 of tax.
    const sim = run(UK, 1960, 40000, [account('g', 'GIA', 10000), pension(400000), account('i', 'ISA', 5000)]);
    const drawn = 400000 - sim.balance[2];
    const extra = sim.balance[0];
    expect(sim.balance[3]).toBeCloseTo(0, 6);
    expect(sim.taxes[0]).toBeCloseTo(ukTaxExact(0.75 * drawn), 6);
    expect(ukTax(0.75 * drawn)).toBe(1454.12);
    // What the pension paid, less what the gross-up left over in cash, bought the spending and the tax.
    expect(drawn - extra - sim.taxes[0]).toBeCloseTo(40000 - 10000 - 5000, 2);
  });

  it('taxes a phased pension beyond the allowance the same way without an ISA (withdrawalOrder unchanged)', () => {
    const sim = run(UK, 1960, 30000, [pension(400000)]);
    const drawn = 400000 - sim.balance[1];
    expect(sim.taxes[0]).toBeCloseTo(ukTaxExact(0.75 * drawn), 6);
    expect(drawn - sim.balance[0] - sim.taxes[0]).toBeCloseTo(30000, 2);
  });
});

describe('taxDeferredFirstUpTo: the tax-deferred account fills a band first', () => {
  it('UK BASIC_RATE_BAND: the pension up to 12,570 + 37,700 of taxable income, then the GIA and the ISA', () => {
    // 50,270 taxable is 67,026.67 gross with the tax-free quarter; tax 20% of 37,700 = 7,540. The GIA
    // pays 10,000; the ISA the remaining 2,973.33 and the tax (what the gross-up overshoots stays in cash).
    const sim = run(UK, 1960, 80000, [account('g', 'GIA', 10000), pension(400000), account('i', 'ISA', 100000)], 'BASIC_RATE_BAND');
    expect(sim.balance[2]).toBeCloseTo(400000 - 67026.67, 2);
    expect(sim.taxes[0]).toBeCloseTo(7540, 6);
    expect(ukTax(50270)).toBe(7540);
    expect(sim.balance[1]).toBeCloseTo(0, 6);
    expect(100000 - sim.balance[3] - sim.balance[0]).toBeCloseTo(80000 - 67026.67 - 10000 + 7540, 2);
  });

  it('UK PERSONAL_ALLOWANCE: the pension within the allowance before the GIA', () => {
    const sim = run(UK, 1960, 20000, [account('g', 'GIA', 10000), pension(400000), account('i', 'ISA', 100000)], 'PERSONAL_ALLOWANCE');
    expect(sim.taxes[0]).toBe(0);
    expect(sim.balance[2]).toBeCloseTo(400000 - 16760, 6);
    expect(sim.balance[1]).toBeCloseTo(10000 - 3240, 6);
    expect(sim.balance[3]).toBeCloseTo(100000, 6);
  });

  it('US BRACKET_12: the traditional IRA up to the top of the 12% bracket, then the taxable account', () => {
    // Single, 65 in 2025: deductions 15,750 + 2,000 (65 or over) + 6,000 (senior, AGI under 75,000) =
    // 23,750; the 12% bracket ends at 48,475 of taxable income. So 72,225 from the IRA, and tax
    // 10% x 11,925 + 12% x 36,550 = 5,578.50. The taxable account (at cost) pays the rest and the tax.
    const r = usRules(2025, 'SINGLE');
    expect(r.ordinaryTops[1]).toBe(48475);
    const accounts = [account('b', 'TAXABLE', 200000), account('ira', 'TRADITIONAL', 500000, { ownerId: 'p1', accessAge: 60 })];
    const sim = run(US, 1960, 80000, accounts, 'BRACKET_12');
    const drawn = 500000 - sim.balance[2];
    expect(drawn).toBeCloseTo(72225, 4);
    expect(federalReturn([{ ...emptyPerson(), age: 65, pensionIncome: drawn }], r, 0).taxableIncome).toBeCloseTo(48475, 4);
    expect(sim.taxes[0]).toBeCloseTo(5578.5, 4);
    expect(calculateTax({ system: 'US', taxYear: 2025, people: [{ age: 65, pensionIncome: 72225 }] }).total).toBe(5578.5);
    expect(200000 - sim.balance[1] - sim.balance[0]).toBeCloseTo(80000 - 72225 + 5578.5, 2);
  });

  it('US BRACKET_12 for a couple filing jointly on Social Security: the joint return reaches the top of the 12% bracket', () => {
    // Both 75, each paid Social Security on a PIA of 2,000 a month: each dollar drawn also makes more
    // of the benefits taxable (IRC s.86), so the room is found on the joint return itself.
    const joint: PlanTax = { ...US, filingStatus: 'MARRIED_JOINT' };
    const member = (id: string, role: 'PRIMARY' | 'PARTNER') =>
      ({ id, role, birthYear: 1950, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 65 }) as const;
    const ss = (memberId: string) =>
      ({ id: `ss-${memberId}`, type: 'SOCIAL_SECURITY', memberId, pia: 2000, claimingAge: 70, claimingMonths: 0 }) as const;
    const accounts = [account('b', 'TAXABLE', 500000), account('ira', 'TRADITIONAL', 900000, { ownerId: 'p1', accessAge: 60 })];
    const base = drawingPlan(joint, 1950, 200000, accounts, 1, {
      withdrawalOrder: US_ORDER,
      taxDeferredFirstUpTo: 'BRACKET_12',
    });
    const sim = simulator({ ...base, members: [member('p1', 'PRIMARY'), member('p2', 'PARTNER')], incomes: [ss('p1'), ss('p2')] });
    sim.run(economy(1), [life(1), life(1)]);
    const people = sim.real!.ht.people;
    const drawn = 900000 - sim.balance[2];
    // The RMD at 75 (900,000 / 24.6) comes first; the fill tops it up to the bracket's top, the
    // taxable account (at cost) pays the rest.
    expect(drawn).toBeGreaterThan(900000 / 24.6);
    expect(sim.balance[1]).toBeLessThan(500000);
    expect(people[0]!.pensionIncome).toBeCloseTo(drawn, 6);
    expect(people[0]!.statePension).toBeGreaterThan(24000);
    const r = usRules(2025, 'MARRIED_JOINT');
    expect(r.ordinaryTops[1]).toBe(96950);
    expect(federalReturn(people, r, 0).taxableIncome).toBeCloseTo(96950, 4);
  });

  it('US STANDARD_DEDUCTION: the IRA up to the deductions, tax-free', () => {
    const accounts = [account('b', 'TAXABLE', 200000), account('ira', 'TRADITIONAL', 500000, { ownerId: 'p1', accessAge: 60 })];
    const sim = run(US, 1960, 80000, accounts, 'STANDARD_DEDUCTION');
    expect(500000 - sim.balance[2]).toBeCloseTo(23750, 4);
    expect(sim.taxes[0]).toBe(0);
    expect(sim.balance[1]).toBeCloseTo(200000 - (80000 - 23750), 4);
  });

  it('US default (no fill): the taxable account first, the IRA untouched', () => {
    const accounts = [account('b', 'TAXABLE', 200000), account('ira', 'TRADITIONAL', 500000, { ownerId: 'p1', accessAge: 60 })];
    const sim = run(US, 1960, 80000, accounts);
    expect(sim.balance[2]).toBe(500000);
    expect(sim.balance[1]).toBeCloseTo(120000, 6);
    expect(sim.taxes[0]).toBe(0);
  });
});

describe("a UK pension's tax-free cash: phased until the lump sum age, then one lump sum", () => {
  const accounts = (age?: number) => [pension(400000, age !== undefined ? { taxFreeCashAge: age } : {})];

  it('phases the quarter before the lump sum age, pays a quarter of the pot at it, and none after', () => {
    // Born 1965: 60 in 2025, the lump sum at 62 (2027). Years 0 and 1 as the phased default order:
    // 16,760 within the allowance, then 3,240 net at 0.85 = 3,811.76 gross, tax 15% of it, 571.76.
    const two = run(UK, 1965, 20000, accounts(62), undefined, 2);
    expect(two.taxes[0]).toBeCloseTo(571.76, 2);
    expect(two.taxes[1]).toBeCloseTo(571.76, 2);
    const three = run(UK, 1965, 20000, accounts(62), undefined, 3);
    // At 62 a quarter of the pot is paid out tax-free; the year's spending comes out of it, no tax.
    expect(three.balance[1]).toBeCloseTo(0.75 * two.balance[1], 6);
    expect(three.taxes[2]).toBe(0);
    expect(three.balance[0]).toBeCloseTo(0.25 * two.balance[1] + two.balance[0] - 20000, 6);
    // After it, every pound drawn is taxable: spending 50,000, the lump sum's cash runs out at 63.
    const four = run(UK, 1965, 50000, accounts(62), undefined, 4);
    const drawn = four.real!.ht.people[0]!.pensionIncome;
    expect(drawn).toBeGreaterThan(0);
    expect(four.taxes[3]).toBeCloseTo(ukTaxExact(drawn), 6);
    const pot3 = run(UK, 1965, 50000, accounts(62), undefined, 3).balance[1];
    expect(pot3 - four.balance[1]).toBeCloseTo(drawn, 6);
  });

  it('with LUMP_SUM and no age, takes it at the access age (55 here); one before the start is in the past', () => {
    const lump: PlanTax = { ...UK, pensionTaxFreeCash: 'LUMP_SUM' };
    const sim = run(lump, 1970, 0, accounts(), undefined, 1);
    expect(sim.balance[1]).toBeCloseTo(300000, 6);
    const later = run(lump, 1965, 20000, accounts(), undefined, 1);
    // 60 in 2025, past 55: no lump sum; the withdrawal is all taxable (20,000 net: 12,570 free, the rest at 20%).
    expect(later.balance[1]).toBeCloseTo(400000 - (12570 + (20000 - 12570) / 0.8), 2);
  });
});
