import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { scenarioDocumentSchema, toHouseholdPlan, validateScenario } from '../../../shared/domain/scenario/index.js';

const example = () => JSON.parse(readFileSync(new URL('../../../examples/young-family-mortgage.json', import.meta.url), 'utf8'));

const minimal = () => ({
  name: 'Single saver',
  startYear: 2025,
  members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1980, sex: 'FEMALE', retirementAge: 65 }],
  accounts: [{ id: 'cash', type: 'CASH', balance: 1000 }],
});

function errorsOf(doc: unknown) {
  const r = validateScenario(doc);
  if (r.ok) throw new Error('expected validation errors');
  return r.errors;
}

function expectError(doc: unknown, field: string, message?: RegExp) {
  const errors = errorsOf(doc);
  const hit = errors.find((e) => e.field === field);
  expect(hit, `errors: ${JSON.stringify(errors)}`).toBeDefined();
  if (message) expect(hit!.message).toMatch(message);
}

describe('scenario document', () => {
  it('accepts the examples and fills defaults', () => {
    for (const f of ['young-family-mortgage', 'couple-near-retirement', 'single-retiree-care', 'uk-retired-couple']) {
      const doc = JSON.parse(readFileSync(new URL(`../../../examples/${f}.json`, import.meta.url), 'utf8'));
      const r = validateScenario(doc);
      expect(r.ok, JSON.stringify(r.ok ? '' : r.errors)).toBe(true);
    }
    const r = validateScenario(minimal());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.members[0].health).toBe('AVERAGE');
    expect(r.value.members[0].smoker).toBe(false);
    expect(r.value.simulation.paths).toBe(1000);
    expect(r.value.strategy.withdrawalOrder).toEqual(['CASH', 'TAXABLE', 'RETIREMENT']);
    expect(r.value.taxes.earnedIncome).toBe(0);
  });

  it('defaults startYear to the current year', () => {
    const { startYear: _, ...doc } = minimal();
    const r = validateScenario(doc);
    expect(r.ok && r.value.startYear).toBe(new Date().getUTCFullYear());
  });

  it('names the field of type and range errors', () => {
    const doc = minimal() as Record<string, any>;
    doc.members = [doc.members[0], { id: 'p2', role: 'PARTNER', birthYear: 'x', sex: 'MALE' }];
    expectError(doc, 'members[1].birthYear');
    expectError({ ...minimal(), simulation: { paths: 100_001 } }, 'simulation.paths', /at most 100000/);
    expectError({ ...minimal(), simulation: { paths: 0 } }, 'simulation.paths', /at least 1/);
    expectError({ ...minimal(), members: [{ ...minimal().members[0], retirementAge: 130 }] }, 'members[0].retirementAge');
    expectError({ ...minimal(), accounts: [{ id: 'a', type: 'CASH', balance: -5 }] }, 'accounts[0].balance');
  });

  it("keeps zod's English message where a check names none of its own", () => {
    expectError(
      { ...minimal(), members: [{ ...minimal().members[0], role: 'KING' }] },
      'members[0].role',
      /^Invalid option: expected one of "PRIMARY"\|"PARTNER"\|"DEPENDANT"$/,
    );
    expectError(
      { ...minimal(), accounts: [{ id: 'a', type: 'CASH', employerMatch: 6 }] },
      'accounts[0].employerMatch',
      /^Too big: expected number to be <=5$/,
    );
    expectError(
      { ...minimal(), strategy: { spendingRule: { type: 'NONE' } } },
      'strategy.spendingRule.type',
      /^Invalid discriminator value\. Expected 'FIXED_REAL' \| 'GUARDRAILS'$/,
    );
  });

  it('rejects unknown fields, naming them', () => {
    expectError({ ...minimal(), colour: 'blue' }, 'colour', /unknown field/i);
    expectError({ ...minimal(), members: [{ ...minimal().members[0], shoeSize: 9 }] }, 'members[0].shoeSize', /unknown field/i);
  });

  it('requires a name and members', () => {
    const { name: _, ...doc } = minimal();
    expectError(doc, 'name', /required/);
    expectError({ ...minimal(), members: [] }, 'members');
  });

  it('rejects duplicate ids within a list', () => {
    expectError(
      {
        ...minimal(),
        accounts: [
          { id: 'a', type: 'CASH' },
          { id: 'a', type: 'TAXABLE' },
        ],
      },
      'accounts[1].id',
      /unique/,
    );
  });

  it('rejects references to missing items', () => {
    expectError(
      { ...minimal(), incomes: [{ id: 's', type: 'SALARY', memberId: 'nobody', amount: 1 }] },
      'incomes[0].memberId',
      /existing member/,
    );
    expectError({ ...minimal(), accounts: [{ id: 'r', type: 'RETIREMENT', ownerId: 'ghost' }] }, 'accounts[0].ownerId', /existing member/);
    expectError({ ...minimal(), accounts: [{ id: 'r', type: 'RETIREMENT' }] }, 'accounts[0].ownerId', /must name a member/);
    expectError(
      { ...minimal(), insurance: [{ id: 'i', type: 'TERM_LIFE', insuredId: 'ghost', annualPremium: 1, sumAssured: 1, untilAge: 60 }] },
      'insurance[0].insuredId',
    );
    expectError(
      {
        ...minimal(),
        liabilities: [
          { id: 'm', type: 'MORTGAGE', balance: 1, rate: { type: 'FIXED', annual: 0.03 }, remainingYears: 10, propertyId: 'nohouse' },
        ],
      },
      'liabilities[0].propertyId',
    );
    expectError({ ...minimal(), incomes: [{ id: 'r', type: 'RENTAL', propertyId: 'nohouse', amount: 1 }] }, 'incomes[0].propertyId');
    expectError({ ...minimal(), goals: [{ id: 'g', type: 'EDUCATION', amount: 1, memberId: 'ghost', age: 60 }] }, 'goals[0].memberId');
    expectError(
      { ...minimal(), goals: [{ id: 'g', type: 'DEBT_PAYOFF', amount: 1, year: 2030, liabilityId: 'noloan' }] },
      'goals[0].liabilityId',
      /existing liability/,
    );
    const loan = { id: 'l', type: 'LOAN', balance: 1, rate: { type: 'FIXED', annual: 0.03 }, remainingYears: 10 };
    expectError(
      { ...minimal(), liabilities: [loan], goals: [{ id: 'g', type: 'CAR', amount: 1, year: 2030, liabilityId: 'l' }] },
      'goals[0].liabilityId',
      /DEBT_PAYOFF goals only/,
    );
  });

  it('checks a HOME_PURCHASE goal, the property it buys and the loan that finances it', () => {
    const home = { id: 'home', type: 'RESIDENCE', value: 400_000 };
    const mortgage = { id: 'm', type: 'MORTGAGE', rate: { type: 'FIXED', annual: 0.04 }, remainingYears: 25, propertyId: 'home' };
    const buy = { id: 'buy', type: 'HOME_PURCHASE', amount: 80_000, year: 2030, propertyId: 'home' };
    const ok = validateScenario({ ...minimal(), properties: [home], liabilities: [mortgage], goals: [buy] });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(toHouseholdPlan(ok.value).liabilities[0].balance).toBe(0);
    expectError(
      { ...minimal(), properties: [home], liabilities: [mortgage], goals: [{ ...buy, type: 'CAR' }] },
      'goals[0].propertyId',
      /HOME_PURCHASE goals only/,
    );
    expectError(
      { ...minimal(), properties: [home], liabilities: [mortgage], goals: [{ ...buy, propertyId: 'castle' }] },
      'goals[0].propertyId',
      /existing property/,
    );
    expectError(
      { ...minimal(), properties: [home], liabilities: [mortgage], goals: [buy, { ...buy, id: 'again' }] },
      'goals[1].propertyId',
      /already bought/,
    );
    expectError(
      { ...minimal(), properties: [home], liabilities: [mortgage], goals: [{ ...buy, recurrence: { everyYears: 5, times: 2 } }] },
      'goals[0].recurrence',
      /happens once/,
    );
    expectError(
      { ...minimal(), properties: [{ ...home, sellYear: 2029 }], liabilities: [mortgage], goals: [buy] },
      'properties[0].sellYear',
      /after the year the property is bought/,
    );
    expectError(
      { ...minimal(), properties: [home], liabilities: [{ ...mortgage, balance: 300_000 }], goals: [buy] },
      'liabilities[0].balance',
      /must be omitted/,
    );
    expectError(
      { ...minimal(), properties: [home], liabilities: [mortgage, { ...mortgage, id: 'm2' }], goals: [buy] },
      'liabilities[1].propertyId',
      /already financed/,
    );
    expectError({ ...minimal(), properties: [home], goals: [buy] }, 'goals[0].propertyId', /needs a MORTGAGE or LOAN/);
    expectError({ ...minimal(), liabilities: [{ ...mortgage, propertyId: undefined }] }, 'liabilities[0].balance', /is required/);
  });

  it('rejects allocations that do not sum to 1', () => {
    expectError(
      { ...minimal(), accounts: [{ id: 'a', type: 'TAXABLE', allocation: { cash: 0.2, bonds: 0.2, equity: 0.5 } }] },
      'accounts[0].allocation',
      /sum to 1/,
    );
    const ok = validateScenario({
      ...minimal(),
      accounts: [{ id: 'a', type: 'TAXABLE', allocation: { cash: 0.1, bonds: 0.2, equity: 0.7 } }],
    });
    expect(ok.ok).toBe(true);
  });

  it("rejects one owner's contribution fractions summing above 1, naming the account that passes it", () => {
    const retirement = (id: string, ownerId: string, contributionFraction: number) => ({
      id,
      type: 'RETIREMENT',
      ownerId,
      contributionFraction,
    });
    const couple = (accounts: object[]) => ({
      ...minimal(),
      members: [...minimal().members, { id: 'p2', role: 'PARTNER', birthYear: 1982, sex: 'MALE', retirementAge: 65 }],
      accounts,
    });
    expectError(
      couple([retirement('a', 'p1', 0.6), retirement('b', 'p2', 0.9), retirement('c', 'p1', 0.5)]),
      'accounts[2].contributionFraction',
      /p1.*1\.1/,
    );
    // Each owner up to the whole salary is allowed.
    expect(validateScenario(couple([retirement('a', 'p1', 0.5), retirement('b', 'p2', 1), retirement('c', 'p1', 0.5)])).ok).toBe(true);
  });

  it('rejects goal years before startYear', () => {
    expectError({ ...minimal(), goals: [{ id: 'g', type: 'CAR', amount: 1, year: 2024 }] }, 'goals[0].year', /before startYear/);
    expectError(
      { ...minimal(), goals: [{ id: 'g', type: 'CAR', amount: 1, memberId: 'p1', age: 40 }] },
      'goals[0].age',
      /before startYear/,
    );
    expectError({ ...minimal(), goals: [{ id: 'g', type: 'CAR', amount: 1 }] }, 'goals[0].year', /must give a year/);
    expectError({ ...minimal(), goals: [{ id: 'g', type: 'CUSTOM_RECURRING', amount: 1, year: 2030 }] }, 'goals[0].recurrence');
  });

  it('rejects a horizon that makes no sense', () => {
    expectError({ ...minimal(), simulation: { horizon: { untilAge: 40 } } }, 'simulation.horizon.untilAge', /above the youngest/);
    expectError({ ...minimal(), simulation: { horizon: { years: 0 } } }, 'simulation.horizon.years');
    expectError({ ...minimal(), members: [{ ...minimal().members[0], birthYear: 2030 }] }, 'members[0].birthYear', /after startYear/);
    expectError({ ...minimal(), members: [{ ...minimal().members[0], role: 'PARTNER' }] }, 'members', /PRIMARY/);
  });

  it('rejects from/to years in the wrong order and repeated withdrawal types', () => {
    expectError({ ...minimal(), expenses: [{ id: 'e', type: 'OTHER', amount: 1, fromYear: 2030, toYear: 2029 }] }, 'expenses[0].toYear');
    // Items that would never apply: ended, or sold, before the simulation starts.
    expectError(
      { ...minimal(), startYear: 2025, expenses: [{ id: 'e', type: 'OTHER', amount: 1, fromYear: 2000, toYear: 2001 }] },
      'expenses[0].toYear',
      /before startYear \(2025\)/,
    );
    expectError(
      { ...minimal(), startYear: 2025, incomes: [{ id: 'i', type: 'OTHER', amount: 1, fromYear: 2010, toYear: 2024 }] },
      'incomes[0].toYear',
      /before startYear/,
    );
    expectError(
      { ...minimal(), startYear: 2025, properties: [{ id: 'h', type: 'RESIDENCE', value: 1, sellYear: 2000 }] },
      'properties[0].sellYear',
      /before startYear/,
    );
    expectError(
      { ...minimal(), properties: [{ id: 'h', type: 'RESIDENCE', value: 1, sellOnNursingHome: 'yes' }] },
      'properties[0].sellOnNursingHome',
    );
    // An item under way at the start is fine.
    expect(
      validateScenario({ ...minimal(), startYear: 2025, expenses: [{ id: 'e', type: 'OTHER', amount: 1, fromYear: 2000, toYear: 2025 }] })
        .ok,
    ).toBe(true);
    expectError({ ...minimal(), strategy: { withdrawalOrder: ['CASH', 'CASH'] } }, 'strategy.withdrawalOrder');
  });

  it('applies the semantic economic and life checks, naming the field', () => {
    expectError({ ...minimal(), assumptions: { economic: { equity: { volatility: -0.1 } } } }, 'assumptions.economic.equity.volatility');
    const notPsd = [
      [1, 0.99, 0.99, 0],
      [0.99, 1, -0.99, 0],
      [0.99, -0.99, 1, 0],
      [0, 0, 0, 1],
    ];
    const errors = errorsOf({ ...minimal(), assumptions: { economic: { correlation: notPsd } } });
    expect(errors.some((e) => e.field.startsWith('assumptions.economic.correlation'))).toBe(true);
    expectError({ ...minimal(), assumptions: { life: { mortality: { law: 'WHATEVER' } } } }, 'assumptions.life.mortality.law');
  });

  it('builds a resolved plan with the default horizon', () => {
    const r = validateScenario(example());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const plan = toHouseholdPlan(r.value);
    // The youngest adult (sam, born 1992) is 33 in 2025: until she reaches 120; the children (3 and 6) do not set it.
    expect(plan.years).toBe(120 - 33);
    expect(plan.assumptions.life.disability.enabled).toBe(true);
    expect(plan.accounts.find((a) => a.id === 'alex-401k')!.accessAge).toBe(60);
    // untilAge counts by the youngest adult too.
    const until = validateScenario({ ...example(), simulation: { horizon: { untilAge: 100 } } });
    expect(until.ok && toHouseholdPlan(until.value).years).toBe(100 - 33);
    expectError(
      { ...example(), simulation: { horizon: { untilAge: 33 } } },
      'simulation.horizon.untilAge',
      /above the youngest adult's age in startYear \(33\)/,
    );
  });

  it('is representable as JSON Schema', () => {
    const schema = z.toJSONSchema(scenarioDocumentSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, any>;
    expect(schema.type).toBe('object');
    expect(schema.required).toContain('members');
    expect(schema.additionalProperties).toBe(false);
  });
});
