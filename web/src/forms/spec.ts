/**
 * What the scenario form shows: every field of the scenario document (docs/MODEL.md), with its
 * label, unit and help, in the groups an adviser works through (people, income, spending, savings
 * and pensions, property and debts, protection, goals, assumptions). Lists of items (members,
 * incomes...) show the fields of each item's type; references to other items are picked from
 * their lists. test/web/form-coverage.test.ts walks the scenario schema and fails on any field
 * no control here covers.
 */
import type { Doc } from './doc.ts';
import type { FieldSpec, GroupSpec, ListSpec } from './field-spec.ts';
import { choices, say } from '../words.ts';
import { assumptionsGroup } from './assumptions-spec.ts';
import {
  ACCOUNT_TYPES,
  type AccountType,
  EXPENSE_TYPES,
  FILING_STATUSES,
  GOAL_TYPES,
  HEALTH,
  INCOME_TYPES,
  INDEXATION,
  INSURANCE_TYPES,
  LIABILITY_TYPES,
  PRIORITIES,
  PROPERTY_TYPES,
  RATE_TYPES,
  REPAYMENTS,
  ROLES,
  SEXES,
  SPENDING_RULES,
  TAX_SYSTEMS,
  type TaxSystem,
} from './codes.ts';

export type { FieldSpec, GroupSpec, Kind, ListSpec, RefList } from './field-spec.ts';

const indexation: FieldSpec = {
  key: 'indexation',
  label: 'Rises with',
  kind: 'choice',
  options: choices(INDEXATION),
  help: 'Whether the amount keeps its value in today’s money or stays the same number each year',
};
const name = (what: string): FieldSpec => ({ key: 'name', label: 'Name', kind: 'text', help: `What the ${what} is called on screen` });

const members: ListSpec = {
  key: 'members',
  title: 'People',
  noun: 'person',
  help: 'The household: the main client, a partner, children or other dependants.',
  types: undefined,
  fields: [
    name('person'),
    { key: 'role', label: 'Role', kind: 'choice', options: choices(ROLES) },
    { key: 'birthYear', label: 'Year of birth', kind: 'year' },
    {
      key: 'birthDate',
      label: 'Date of birth',
      kind: 'date',
      help: 'Optional, in the year of birth: sets the State Pension age and Social Security claiming month; empty, 1 July is taken',
    },
    { key: 'sex', label: 'Sex', kind: 'choice', options: choices(SEXES), help: 'Sets the life table used' },
    { key: 'health', label: 'Health', kind: 'choice', options: choices(HEALTH) },
    { key: 'smoker', label: 'Smoker', kind: 'boolean' },
    { key: 'retirementAge', label: 'Retirement age', kind: 'age', unit: 'years old', help: 'Salary stops at this age' },
    {
      key: 'occupationClass',
      label: 'Occupation class',
      kind: 'choice',
      options: [
        ['1', '1: office work (least disability)'],
        ['2', '2: light manual'],
        ['3', '3: skilled manual'],
        ['4', '4: heavy manual (most disability)'],
      ],
      help: 'For the chance of disability; left empty, the assumptions’ class applies',
    },
  ],
  blank: () => ({ role: 'PARTNER', birthYear: 1970, sex: 'FEMALE', retirementAge: 67 }),
};

/** A State Pension from qualifying years takes its amount and start from the rules. */
const typedStatePension = (d: Doc) => d.type !== 'STATE_PENSION' || d.qualifyingYears === undefined;

const incomes: ListSpec = {
  key: 'incomes',
  title: 'Income',
  noun: 'income',
  help: 'Amounts a year, in today’s money, before tax.',
  types: choices(INCOME_TYPES),
  fields: [
    name('income'),
    {
      key: 'memberId',
      label: 'Whose',
      kind: 'ref',
      ref: 'members',
      types: ['SALARY', 'STATE_PENSION', 'SOCIAL_SECURITY', 'DEFINED_BENEFIT_PENSION', 'ANNUITY'],
    },
    { key: 'memberId', label: 'Whose (optional)', kind: 'ref', ref: 'members', types: ['OTHER'] },
    { key: 'propertyId', label: 'Property let', kind: 'ref', ref: 'rentalProperties', types: ['RENTAL'] },
    {
      key: 'qualifyingYears',
      label: 'Qualifying years',
      kind: 'integer',
      unit: 'years',
      min: 0,
      max: 70,
      types: ['STATE_PENSION'],
      help:
        'UK new State Pension: the years of National Insurance at State Pension age, from the forecast; ' +
        'the rules then set the amount (35 years for the full rate) and the start. Leave empty to type an amount',
    },
    {
      key: 'amount',
      label: 'Amount',
      kind: 'money',
      unit: 'a year',
      types: ['SALARY', 'STATE_PENSION', 'DEFINED_BENEFIT_PENSION', 'ANNUITY', 'RENTAL', 'OTHER'],
      when: typedStatePension,
    },
    {
      key: 'realGrowth',
      label: 'Growth above inflation',
      kind: 'percent',
      unit: 'a year',
      types: ['SALARY'],
      help: 'Pay rises on top of inflation',
    },
    {
      key: 'fromAge',
      label: 'Starts at age',
      kind: 'age',
      unit: 'years old',
      types: ['STATE_PENSION', 'DEFINED_BENEFIT_PENSION', 'ANNUITY'],
      when: typedStatePension,
    },
    {
      key: 'pia',
      label: 'Primary insurance amount',
      kind: 'money',
      unit: 'a month',
      types: ['SOCIAL_SECURITY'],
      help: 'The benefit at full retirement age, from the Social Security statement; or give the average indexed monthly earnings instead',
    },
    {
      key: 'aime',
      label: 'Average indexed monthly earnings',
      kind: 'money',
      unit: 'a month',
      types: ['SOCIAL_SECURITY'],
      help: 'Only when the primary insurance amount is left empty: the rules work it out',
    },
    {
      key: 'claimingAge',
      label: 'Claims at age',
      kind: 'integer',
      unit: 'years old',
      min: 62,
      max: 70,
      types: ['SOCIAL_SECURITY'],
      help: 'From 62 (less) to 70 (more); full retirement age is 67 for those born from 1960',
    },
    {
      key: 'claimingMonths',
      label: 'And months',
      kind: 'integer',
      unit: 'months',
      min: 0,
      max: 11,
      types: ['SOCIAL_SECURITY'],
      help: 'Months past the claiming age (none at 70)',
    },
    { key: 'fromYear', label: 'From year', kind: 'year', types: ['OTHER'] },
    { key: 'toYear', label: 'To year', kind: 'year', types: ['OTHER'] },
    { ...indexation, types: ['STATE_PENSION', 'DEFINED_BENEFIT_PENSION', 'ANNUITY', 'RENTAL', 'OTHER'] },
    {
      key: 'survivorFraction',
      label: 'Paid on to a surviving partner',
      kind: 'percent',
      types: ['STATE_PENSION', 'DEFINED_BENEFIT_PENSION', 'ANNUITY'],
      help: 'The share that continues after this person’s death',
    },
    {
      key: 'taxCategory',
      label: 'Taxed as',
      kind: 'choice',
      options: [
        ['EARNED', say('EARNED')],
        ['PENSION', 'Pension income'],
        ['NONE', 'Not taxed'],
      ],
      types: ['OTHER'],
    },
  ],
  blank: (type) => (type === 'SOCIAL_SECURITY' ? { type, pia: 0, claimingAge: 67 } : { type, amount: 0 }),
};

const expenses: ListSpec = {
  key: 'expenses',
  title: 'Spending',
  noun: 'expense',
  help: 'Amounts a year, in today’s money.',
  types: choices(EXPENSE_TYPES),
  fields: [
    name('expense'),
    { key: 'amount', label: 'Amount', kind: 'money', unit: 'a year' },
    {
      key: 'essentialFraction',
      label: 'Essential part',
      kind: 'percent',
      types: ['LIVING'],
      help: 'The part that cannot be cut; the rest is discretionary',
    },
    {
      key: 'retirementFactor',
      label: 'In retirement',
      kind: 'percent',
      types: ['LIVING'],
      max: 200,
      help: 'Of today’s spending, once everyone has retired',
    },
    {
      key: 'survivorFactor',
      label: 'After a death',
      kind: 'percent',
      types: ['LIVING'],
      max: 200,
      help: 'Of today’s spending, after the first death among the adults',
    },
    { key: 'fromYear', label: 'From year', kind: 'year', types: ['OTHER'] },
    { key: 'toYear', label: 'To year', kind: 'year', types: ['OTHER'] },
    { key: 'essential', label: 'Essential', kind: 'boolean', types: ['OTHER'], help: 'Essential spending is paid before any goal' },
    indexation,
  ],
  blank: (type) => ({ type, amount: 0 }),
};

/**
 * The account types each tax system knows (docs/TAX.md, "Wrappers"): the API's rules
 * (shared/domain/scenario/tax-settings.ts), which the app does not import as they carry the schema
 * library; test/web/form-coverage.test.ts holds the two equal.
 */
export const ACCOUNT_TYPES_BY_SYSTEM: Record<TaxSystem, AccountType[]> = {
  FLAT: ['CASH', 'TAXABLE', 'RETIREMENT'],
  UK: ['CASH', 'TAXABLE', 'RETIREMENT', 'ISA', 'PENSION', 'GIA'],
  US: ['CASH', 'TAXABLE', 'RETIREMENT', 'TRADITIONAL', 'ROTH'],
};

/** The accounts salary contributions go into and that open at an age. */
const PENSIONS: AccountType[] = ['RETIREMENT', 'PENSION', 'TRADITIONAL', 'ROTH'];

/** The document's tax system; absent is FLAT (docs/TAX.md, "Defaults"). */
const taxSystemOf = (doc: Doc): TaxSystem => (doc.taxSystem === 'UK' || doc.taxSystem === 'US' ? doc.taxSystem : 'FLAT');

/** The withdrawal order's places, one for each account type of the system, shown under that system. */
function withdrawalOrder(system: TaxSystem): FieldSpec[] {
  const types = ACCOUNT_TYPES_BY_SYSTEM[system];
  return types.map((_, i) => ({
    key: `strategy.withdrawalOrder.${i}`,
    label: i === 0 ? 'Drawn on first' : i === types.length - 1 ? 'Last' : 'Then',
    kind: 'choice',
    options: choices(types),
    when: (doc: Doc) => taxSystemOf(doc) === system,
    ...(i === 0 ? { help: 'Under UK or US rules, the wrappers not named are drawn on last' } : {}),
  }));
}

/** The band drawn from tax-deferred accounts first, offered under its own system (docs/TAX.md, "Withdrawal order"). */
function taxDeferredFirst(system: 'UK' | 'US', options: [string, string][]): FieldSpec {
  return {
    key: 'strategy.taxDeferredFirstUpTo',
    label: 'Pensions first, up to',
    kind: 'choice',
    options,
    help: 'Each year, draw tax-deferred accounts first up to the top of this band of taxable income; empty: the order alone',
    when: (doc: Doc) => taxSystemOf(doc) === system,
  };
}

const accounts: ListSpec = {
  key: 'accounts',
  title: 'Savings and pensions',
  noun: 'account',
  help:
    'Balances today; contributions as a share of the owner’s salary. ' +
    'ISAs and pensions (UK), 401(k)s and IRAs (US) are offered under their country’s tax rules.',
  types: choices(ACCOUNT_TYPES),
  typesFor: (doc) => choices(ACCOUNT_TYPES_BY_SYSTEM[taxSystemOf(doc)]),
  fields: [
    name('account'),
    {
      key: 'ownerId',
      label: 'Owner',
      kind: 'ref',
      ref: 'adults',
      help: 'Needed for a retirement account, an ISA, a pension and a 401(k) or IRA',
    },
    { key: 'balance', label: 'Balance', kind: 'money' },
    { key: 'allocation.cash', label: 'In cash', kind: 'percent', help: 'Cash, bonds and equities add up to 100%' },
    { key: 'allocation.bonds', label: 'In bonds', kind: 'percent' },
    { key: 'allocation.equity', label: 'In equities', kind: 'percent' },
    { key: 'annualFee', label: 'Fees', kind: 'percent', unit: 'a year', max: 10 },
    {
      key: 'accessAge',
      label: 'Can be drawn from age',
      kind: 'age',
      unit: 'years old',
      types: PENSIONS,
      help: 'Empty: the rules’ age (UK pensions 55, or 57 from April 2028; US 60)',
    },
    {
      key: 'taxFreeCashAge',
      label: 'Tax-free cash as a lump sum at',
      kind: 'age',
      unit: 'years old',
      max: 120,
      types: ['PENSION'],
      help: 'The rest of the tax-free quarter in one sum at this age, a quarter of each withdrawal before it; 120: never',
    },
    {
      key: 'contributionFraction',
      label: 'Owner’s contribution',
      kind: 'percent',
      unit: 'of salary',
      types: PENSIONS,
      help: 'Before tax, except into a Roth account',
    },
    {
      key: 'employerMatch',
      label: 'Employer match',
      kind: 'percent',
      unit: 'of the contribution',
      max: 500,
      types: PENSIONS,
      help: 'The employer adds this much for each unit the owner pays in',
    },
    {
      key: 'employerMatchLimit',
      label: 'Matched up to',
      kind: 'percent',
      unit: 'of salary',
      types: PENSIONS,
    },
    { key: 'glidePath.startAge', label: 'Less in equities from age', kind: 'age', unit: 'years old', help: 'A glide path (optional)' },
    { key: 'glidePath.endAge', label: 'Until age', kind: 'age', unit: 'years old' },
    { key: 'glidePath.endEquity', label: 'Equities by then', kind: 'percent' },
  ],
  blank: (type) =>
    type === 'CASH'
      ? { type, balance: 0, allocation: { cash: 1, bonds: 0, equity: 0 } }
      : { type, balance: 0, allocation: { cash: 0, bonds: 0.4, equity: 0.6 } },
};

const properties: ListSpec = {
  key: 'properties',
  title: 'Property',
  noun: 'property',
  types: choices(PROPERTY_TYPES),
  fields: [
    name('property'),
    { key: 'value', label: 'Value today', kind: 'money' },
    { key: 'sellYear', label: 'Sold in', kind: 'year', help: 'Leave empty to keep it' },
    { key: 'sellOnNursingHome', label: 'Sold when everyone has moved into a nursing home', kind: 'boolean' },
    { key: 'sellingCost', label: 'Costs of selling', kind: 'percent', unit: 'of the price' },
  ],
  blank: (type) => ({ type, value: 0 }),
};

const liabilities: ListSpec = {
  key: 'liabilities',
  title: 'Debts',
  noun: 'debt',
  types: choices(LIABILITY_TYPES),
  fields: [
    name('debt'),
    { key: 'balance', label: 'Owed today', kind: 'money', help: 'Leave empty for the loan a home purchase goal takes out' },
    {
      key: 'rate.type',
      label: 'Interest',
      kind: 'choice',
      options: choices(RATE_TYPES),
      set: (item, type) => ({ ...item, rate: type === 'FIXED' ? { type, annual: 0.05 } : { type, spread: 0.01 } }),
    },
    { key: 'rate.annual', label: 'Fixed rate', kind: 'percent', unit: 'a year', max: 50, when: (d) => d.rate?.type !== 'VARIABLE' },
    {
      key: 'rate.spread',
      label: 'Spread over the short rate',
      kind: 'percent',
      unit: 'a year',
      min: -10,
      max: 50,
      when: (d) => d.rate?.type === 'VARIABLE',
    },
    { key: 'remainingYears', label: 'Years left', kind: 'integer', unit: 'years', min: 1, max: 60 },
    { key: 'repayment', label: 'Repayment', kind: 'choice', options: choices(REPAYMENTS) },
    { key: 'propertyId', label: 'Secured on', kind: 'ref', ref: 'properties', types: ['MORTGAGE'] },
  ],
  blank: (type) => ({ type, balance: 0, rate: { type: 'FIXED', annual: 0.05 }, remainingYears: 25 }),
};

const insurance: ListSpec = {
  key: 'insurance',
  title: 'Protection',
  noun: 'policy',
  types: choices(INSURANCE_TYPES),
  fields: [
    name('policy'),
    { key: 'insuredId', label: 'Insured', kind: 'ref', ref: 'adults' },
    { key: 'annualPremium', label: 'Premium', kind: 'money', unit: 'a year' },
    { key: 'sumAssured', label: 'Paid on death', kind: 'money', types: ['TERM_LIFE'] },
    { key: 'benefitFraction', label: 'Benefit', kind: 'percent', unit: 'of salary', types: ['DISABILITY_INCOME'] },
    { key: 'waitingYears', label: 'Waiting period', kind: 'integer', unit: 'years', min: 0, max: 5, types: ['DISABILITY_INCOME'] },
    { key: 'untilAge', label: 'Cover until age', kind: 'age', unit: 'years old', types: ['TERM_LIFE', 'DISABILITY_INCOME'] },
    { key: 'annualBenefit', label: 'Benefit', kind: 'money', unit: 'a year', types: ['LONG_TERM_CARE'] },
    { key: 'maxYears', label: 'For at most', kind: 'integer', unit: 'years', min: 1, max: 100, types: ['LONG_TERM_CARE'] },
    indexation,
  ],
  blank: (type) => ({ type, annualPremium: 0, ...(type === 'LONG_TERM_CARE' ? { maxYears: 3 } : { untilAge: 65 }) }),
};

const goals: ListSpec = {
  key: 'goals',
  title: 'Goals',
  noun: 'goal',
  help: 'In today’s money. A goal falls due in a calendar year, or at a person’s age.',
  types: choices(GOAL_TYPES),
  fields: [
    name('goal'),
    { key: 'amount', label: 'Amount', kind: 'money', help: 'Each time; a year for retirement; the estate to leave for a legacy' },
    { key: 'priority', label: 'Priority', kind: 'choice', options: choices(PRIORITIES) },
    { key: 'year', label: 'In year', kind: 'year' },
    { key: 'memberId', label: 'For', kind: 'ref', ref: 'members', help: 'With an age: when this person reaches it' },
    { key: 'age', label: 'At age', kind: 'age', unit: 'years old' },
    { key: 'recurrence.everyYears', label: 'Repeats every', kind: 'integer', unit: 'years', min: 1, max: 50 },
    { key: 'recurrence.times', label: 'Times in all', kind: 'integer', min: 1, max: 120 },
    { key: 'liabilityId', label: 'Debt repaid', kind: 'ref', ref: 'liabilities', types: ['DEBT_PAYOFF'] },
    { key: 'propertyId', label: 'Property bought', kind: 'ref', ref: 'properties', types: ['HOME_PURCHASE'] },
  ],
  blank: (type) => ({ type, amount: 0, priority: 'IMPORTANT' }),
};

const FLAT_RATES = {
  earnedIncome: 'On earned income',
  pensionIncome: 'On pension income',
  investmentGains: 'On investment gains',
  retirementWithdrawals: 'On retirement withdrawals',
};

/** The document under another tax system: the fields of the others dropped, so no field of the wrong system is sent. */
function withTaxSystem(doc: Doc, system: unknown): Doc {
  const { taxRegion, pensionTaxFreeCash, filingStatus, stateIncomeTaxRate, taxes, ...rest } = doc;
  // The band filled first belongs to one system.
  const { taxDeferredFirstUpTo: _band, ...strategy } = doc.strategy ?? {};
  return {
    ...rest,
    ...(doc.strategy !== undefined ? { strategy } : {}),
    ...(system === undefined ? {} : { taxSystem: system }),
    ...(system === 'UK' ? { taxRegion, pensionTaxFreeCash } : {}),
    ...(system === 'US' ? { filingStatus, stateIncomeTaxRate } : {}),
    ...(system === 'FLAT' || system === undefined ? { taxes } : {}),
  };
}

const guardrails = (doc: Doc) => doc.strategy?.spendingRule?.type === 'GUARDRAILS';

export const groups: GroupSpec[] = [
  {
    id: 'plan',
    title: 'The plan',
    fields: [
      { key: 'name', label: 'Name of the plan', kind: 'text' },
      { key: 'description', label: 'Notes', kind: 'textarea' },
      { key: 'startYear', label: 'First year', kind: 'year', help: 'Amounts are in this year’s money' },
    ],
  },
  { id: 'people', title: 'People', lists: [members] },
  { id: 'income', title: 'Income', lists: [incomes] },
  {
    id: 'spending',
    title: 'Spending',
    lists: [expenses],
    fields: [
      {
        key: 'strategy.spendingRule.type',
        label: 'Spending rule',
        kind: 'choice',
        options: choices(SPENDING_RULES),
        help: 'Guardrails cut discretionary spending after a bad year for the investments',
        set: (doc, type) => ({ ...doc, strategy: { ...doc.strategy, spendingRule: { type } } }),
      },
      {
        key: 'strategy.spendingRule.badYearReturn',
        label: 'A bad year is a return below',
        kind: 'percent',
        min: -100,
        max: 100,
        when: guardrails,
      },
      { key: 'strategy.spendingRule.cut', label: 'Cut after a bad year', kind: 'percent', when: guardrails },
      { key: 'strategy.spendingRule.floor', label: 'Never below', kind: 'percent', unit: 'of the plan', when: guardrails },
      { key: 'strategy.cashBuffer', label: 'Cash kept aside', kind: 'money', help: 'Only essential spending may dip into it' },
    ],
  },
  {
    id: 'savings',
    title: 'Savings and pensions',
    lists: [accounts],
    fields: [
      ...withdrawalOrder('FLAT'),
      ...withdrawalOrder('UK'),
      ...withdrawalOrder('US'),
      taxDeferredFirst('UK', [
        ['PERSONAL_ALLOWANCE', 'The personal allowance'],
        ['BASIC_RATE_BAND', 'The basic rate band'],
      ]),
      taxDeferredFirst('US', [
        ['STANDARD_DEDUCTION', 'The standard deduction'],
        ['BRACKET_10', 'The 10% bracket'],
        ['BRACKET_12', 'The 12% bracket'],
        ['BRACKET_22', 'The 22% bracket'],
      ]),
    ],
  },
  {
    id: 'taxes',
    title: 'Taxes',
    help: 'UK or US rules compute each year’s tax from the household’s income; flat rates apply an average (effective) rate to each kind.',
    fields: [
      {
        key: 'taxSystem',
        label: 'Tax rules',
        kind: 'choice',
        options: choices(TAX_SYSTEMS),
        help: 'Empty: flat rates',
        set: withTaxSystem,
      },
      {
        key: 'taxRegion',
        label: 'Income tax region',
        kind: 'choice',
        options: [['SCOTLAND', say('SCOTLAND')]],
        help: 'Scotland taxes earnings and pensions on its own bands; empty: the rest of the UK',
        when: (doc) => taxSystemOf(doc) === 'UK',
      },
      {
        key: 'pensionTaxFreeCash',
        label: 'Pension tax-free cash',
        kind: 'choice',
        options: [
          ['WITH_EACH_WITHDRAWAL', say('WITH_EACH_WITHDRAWAL')],
          ['LUMP_SUM', 'A quarter of the pot at the access age'],
        ],
        help: 'The quarter of a pension paid free of tax; empty: with each withdrawal',
        when: (doc) => taxSystemOf(doc) === 'UK',
      },
      {
        key: 'filingStatus',
        label: 'Filing status',
        kind: 'choice',
        options: choices(FILING_STATUSES),
        help: 'Empty: single for one adult, married filing jointly for a couple',
        when: (doc) => taxSystemOf(doc) === 'US',
      },
      {
        key: 'stateIncomeTaxRate',
        label: 'State income tax',
        kind: 'percent',
        unit: 'of income',
        help: 'One flat rate on adjusted gross income less taxable Social Security; empty: none',
        when: (doc) => taxSystemOf(doc) === 'US',
      },
      ...(['earnedIncome', 'pensionIncome', 'investmentGains', 'retirementWithdrawals'] as const).map(
        (key): FieldSpec => ({ key: `taxes.${key}`, label: FLAT_RATES[key], kind: 'percent', when: (doc) => taxSystemOf(doc) === 'FLAT' }),
      ),
    ],
  },
  { id: 'property', title: 'Property and debts', lists: [properties, liabilities] },
  { id: 'protection', title: 'Protection', lists: [insurance] },
  { id: 'goals', title: 'Goals', lists: [goals] },
  assumptionsGroup,
];

/** Every list, by its key. */
export const lists: Record<string, ListSpec> = Object.fromEntries(
  [members, incomes, expenses, accounts, properties, liabilities, insurance, goals].map((l) => [l.key, l]),
);
