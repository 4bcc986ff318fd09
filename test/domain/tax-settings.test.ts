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

  it('leave a scenario without a system FLAT', () => {
    const r = validateScenario(base);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(toHouseholdPlan(r.value).tax).toBeUndefined();
  });
});
