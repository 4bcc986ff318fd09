import { describe, expect, it } from 'vitest';
import { toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';
import { scenarioExamples } from '../../../functions/api-examples.js';
import { estateTaxOf } from '../../../shared/domain/scenario/public-pension-plan.js';

const couple = (incomes: unknown[], members: Record<string, unknown>[] = []) => ({
  name: 'Couple',
  startYear: 2026,
  members: [
    { id: 'a', role: 'PRIMARY', birthYear: 1962, birthDate: '1962-05-10', sex: 'MALE' },
    { id: 'b', role: 'PARTNER', birthYear: 1964, sex: 'FEMALE' },
    ...members,
  ],
  incomes,
});

function errorsOf(doc: unknown) {
  const r = validateScenario(doc);
  if (r.ok) throw new Error('expected validation errors');
  return r.errors;
}

const expectError = (doc: unknown, field: string, message: RegExp) => {
  const errors = errorsOf(doc);
  expect(errors.find((e) => e.field === field)?.message, JSON.stringify(errors)).toMatch(message);
};

describe('public pensions in the scenario document', () => {
  it('accepts a State Pension from qualifying years and Social Security from a PIA or an AIME', () => {
    const r = validateScenario(
      couple([
        { id: 'sp', type: 'STATE_PENSION', memberId: 'a', qualifyingYears: 30 },
        { id: 'ssa', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 2500, claimingAge: 67 },
        { id: 'ssb', type: 'SOCIAL_SECURITY', memberId: 'b', aime: 4000, claimingAge: 66, claimingMonths: 6 },
      ]),
    );
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    const plan = toHouseholdPlan(r.value);
    expect(plan.incomes[0]).toMatchObject({ type: 'STATE_PENSION', qualifyingYears: 30, amount: 0, fromAge: 67 });
    expect(plan.incomes[2]).toMatchObject({ type: 'SOCIAL_SECURITY', aime: 4000, claimingAge: 66, claimingMonths: 6 });
    expect(plan.members[0].birthDate).toBe('1962-05-10');
    expect(plan.estateTax).toBeUndefined();
  });

  it('accepts the OpenAPI examples of public pensions from rules', () => {
    for (const key of ['ukStatePensionFromRules', 'usSocialSecurity']) {
      const r = validateScenario(scenarioExamples[key].value);
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
  });

  it("takes the estate tax from the scenario's tax system: UK or US, none for FLAT or no system", () => {
    const r = validateScenario(couple([]));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(estateTaxOf({ ...r.value, taxSystem: 'UK' } as typeof r.value)).toEqual({ estateTax: 'UK' });
    expect(estateTaxOf({ ...r.value, taxSystem: 'US' } as typeof r.value)).toEqual({ estateTax: 'US' });
    expect(estateTaxOf({ ...r.value, taxSystem: 'FLAT' } as typeof r.value)).toEqual({});
    expect(estateTaxOf(r.value)).toEqual({});
  });

  it('keeps a typed State Pension working, from 67 by default', () => {
    const r = validateScenario(couple([{ id: 'sp', type: 'STATE_PENSION', memberId: 'a', amount: 9000 }]));
    expect(r.ok).toBe(true);
    if (r.ok) expect(toHouseholdPlan(r.value).incomes[0]).toMatchObject({ amount: 9000, fromAge: 67 });
  });

  it('refuses a claiming age outside 62 to 70, naming the field', () => {
    expectError(
      couple([{ id: 's', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 1000, claimingAge: 61 }]),
      'incomes[0].claimingAge',
      /at least 62/,
    );
    expectError(
      couple([{ id: 's', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 1000, claimingAge: 71 }]),
      'incomes[0].claimingAge',
      /at most 70/,
    );
    expectError(
      couple([{ id: 's', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 1000, claimingAge: 70, claimingMonths: 2 }]),
      'incomes[0].claimingMonths',
      /must be 0/,
    );
    expectError(couple([{ id: 's', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 1000 }]), 'incomes[0].claimingAge', /required/);
  });

  it("refuses both or neither of an amount and its rules' input", () => {
    expectError(
      couple([{ id: 's', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 1000, aime: 3000, claimingAge: 67 }]),
      'incomes[0].pia',
      /exactly one/,
    );
    expectError(couple([{ id: 's', type: 'SOCIAL_SECURITY', memberId: 'a', claimingAge: 67 }]), 'incomes[0].pia', /exactly one/);
    expectError(couple([{ id: 'sp', type: 'STATE_PENSION', memberId: 'a' }]), 'incomes[0].amount', /required unless qualifyingYears/);
    expectError(
      couple([{ id: 'sp', type: 'STATE_PENSION', memberId: 'a', amount: 1, qualifyingYears: 30 }]),
      'incomes[0].amount',
      /must not be given/,
    );
    expectError(
      couple([{ id: 'sp', type: 'STATE_PENSION', memberId: 'a', fromAge: 66, qualifyingYears: 30 }]),
      'incomes[0].fromAge',
      /must not be given/,
    );
  });

  it('refuses what the rules do not cover, naming the field', () => {
    const old = { id: 'c', role: 'DEPENDANT', birthYear: 1950, sex: 'MALE' };
    expectError(
      couple([{ id: 'sp', type: 'STATE_PENSION', memberId: 'c', qualifyingYears: 30 }], [old]),
      'incomes[0].qualifyingYears',
      /new State Pension only/,
    );
    expectError(
      couple([{ id: 's', type: 'SOCIAL_SECURITY', memberId: 'c', pia: 1, claimingAge: 67 }], [old]),
      'incomes[0].memberId',
      /adult/,
    );
    expectError(
      couple([
        { id: 's1', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 1, claimingAge: 67 },
        { id: 's2', type: 'SOCIAL_SECURITY', memberId: 'a', pia: 1, claimingAge: 68 },
      ]),
      'incomes[1].memberId',
      /once/,
    );
    expectError(
      { ...couple([{ id: 'sp', type: 'STATE_PENSION', memberId: 'a', qualifyingYears: 30 }]), startYear: 2015 },
      'incomes[0].qualifyingYears',
      /2016/,
    );
    expectError(
      couple([], [{ id: 'd', role: 'DEPENDANT', birthYear: 2010, birthDate: '2011-01-01', sex: 'MALE' }]),
      'members[2].birthDate',
      /birthYear/,
    );
    expectError(
      couple([], [{ id: 'd', role: 'DEPENDANT', birthYear: 2010, birthDate: '2010-13-01', sex: 'MALE' }]),
      'members[2].birthDate',
      /./,
    );
  });
});
