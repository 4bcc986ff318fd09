import { describe, expect, it } from 'vitest';
import { toHouseholdPlan, validateScenario } from '../../shared/domain/scenario/index.js';
import { defaultTaxSystem } from '../../shared/domain/scenario/tax-settings.js';

const base = {
  name: 'two',
  startYear: 2026,
  members: [
    { id: 'a', role: 'PRIMARY', birthYear: 1980, sex: 'FEMALE', retirementAge: 67 },
    { id: 'b', role: 'PARTNER', birthYear: 1972, sex: 'MALE', retirementAge: 67 },
  ],
};

const errors = (doc: object) => {
  const r = validateScenario(doc);
  return r.ok ? [] : r.errors.map((e) => e.field);
};

describe('scenario tax settings', () => {
  it('take the household currency’s system, FLAT when the scenario gives taxes', () => {
    expect(defaultTaxSystem({}, 'GBP')).toBe('UK');
    expect(defaultTaxSystem({}, 'USD')).toBe('US');
    expect(defaultTaxSystem({}, 'EUR')).toBe('FLAT');
    expect(defaultTaxSystem({ taxes: {} }, 'GBP')).toBe('FLAT');
  });

  it('refuse a wrapper of another system, naming the field', () => {
    expect(errors({ ...base, taxSystem: 'US', accounts: [{ id: 'i', type: 'ISA', ownerId: 'a' }] })).toContain('accounts[0].type');
    expect(errors({ ...base, accounts: [{ id: 'r', type: 'ROTH', ownerId: 'a' }] })).toContain('accounts[0].type');
    expect(errors({ ...base, taxSystem: 'UK', filingStatus: 'SINGLE' })).toContain('filingStatus');
    expect(errors({ ...base, taxSystem: 'US', taxRegion: 'SCOTLAND' })).toContain('taxRegion');
    expect(errors({ ...base, taxSystem: 'XX' })).toContain('taxSystem');
  });

  it('default the filing status, the pension access age and the withdrawal order', () => {
    const us = validateScenario({ ...base, taxSystem: 'US', accounts: [{ id: 'r', type: 'ROTH', ownerId: 'a' }] });
    if (!us.ok) throw new Error(JSON.stringify(us.errors));
    const plan = toHouseholdPlan(us.value);
    expect(plan.tax).toMatchObject({ system: 'US', filingStatus: 'MARRIED_JOINT', stateIncomeTaxRate: 0 });
    expect(plan.strategy.withdrawalOrder).toEqual(['CASH', 'TAXABLE', 'RETIREMENT', 'TRADITIONAL', 'ROTH']);
    const uk = validateScenario({
      ...base,
      taxSystem: 'UK',
      accounts: [
        { id: 'p', type: 'PENSION', ownerId: 'a' },
        { id: 'q', type: 'PENSION', ownerId: 'b' },
      ],
    });
    if (!uk.ok) throw new Error(JSON.stringify(uk.errors));
    // Born 1980: 55 in 2035, after 6 April 2028, so 57; born 1972: 55 in 2027, so 55.
    expect(toHouseholdPlan(uk.value).accounts.map((a) => a.accessAge)).toEqual([57, 55]);
    expect(toHouseholdPlan(uk.value).strategy.withdrawalOrder).toEqual(['CASH', 'TAXABLE', 'GIA', 'RETIREMENT', 'PENSION', 'ISA']);
  });

  it('refuse a band to fill first that is not of the scenario’s system, naming the field', () => {
    const band = (taxSystem: string | undefined, b: string) =>
      errors({ ...base, ...(taxSystem ? { taxSystem } : {}), strategy: { taxDeferredFirstUpTo: b } });
    expect(band('UK', 'BRACKET_12')).toContain('strategy.taxDeferredFirstUpTo');
    expect(band('US', 'BASIC_RATE_BAND')).toContain('strategy.taxDeferredFirstUpTo');
    expect(band(undefined, 'PERSONAL_ALLOWANCE')).toContain('strategy.taxDeferredFirstUpTo');
    expect(band('US', 'BRACKET_15')).toContain('strategy.taxDeferredFirstUpTo');
    expect(band('UK', 'BASIC_RATE_BAND')).toEqual([]);
    expect(band('US', 'BRACKET_12')).toEqual([]);
  });

  it('take a lump sum age on UK pensions only, from the access age, and pass both to the plan', () => {
    const pension = (taxSystem: string, type: string, taxFreeCashAge: number) =>
      ({ ...base, taxSystem, accounts: [{ id: 'p', type, ownerId: 'b', taxFreeCashAge }] }) as object;
    // Born 1972: access at 55.
    expect(errors(pension('UK', 'PENSION', 54))).toContain('accounts[0].taxFreeCashAge');
    expect(errors(pension('US', 'TRADITIONAL', 60))).toContain('accounts[0].taxFreeCashAge');
    expect(errors(pension('UK', 'ISA', 60))).toContain('accounts[0].taxFreeCashAge');
    expect(errors(pension('UK', 'PENSION', 121))).toContain('accounts[0].taxFreeCashAge');
    expect(errors(pension('UK', 'PENSION', 60.5))).toContain('accounts[0].taxFreeCashAge');
    const ok = validateScenario({ ...pension('UK', 'PENSION', 60), strategy: { taxDeferredFirstUpTo: 'BASIC_RATE_BAND' } });
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    const plan = toHouseholdPlan(ok.value);
    expect(plan.accounts[0]!.taxFreeCashAge).toBe(60);
    expect(plan.strategy.taxDeferredFirstUpTo).toBe('BASIC_RATE_BAND');
  });

  it('leave a scenario without a system FLAT', () => {
    const r = validateScenario(base);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(toHouseholdPlan(r.value).tax).toBeUndefined();
  });
});
