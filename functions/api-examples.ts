/**
 * Examples the OpenAPI document shows: the example scenarios of examples/ as request bodies, and
 * excerpts of a real output and comparison and a real analysis (examples/api/, written by
 * `npm run -s api-examples`).
 * The OpenAPI tests check each against its schema.
 */
import type { Example } from '../shared/http/stack.js';
import couple from '../examples/couple-near-retirement.json' with { type: 'json' };
import retiree from '../examples/single-retiree-care.json' with { type: 'json' };
import family from '../examples/young-family-mortgage.json' with { type: 'json' };
import ukCouple from '../examples/uk-retired-couple.json' with { type: 'json' };
import ukSavers from '../examples/uk-couple-isa-pension.json' with { type: 'json' };
import usSavers from '../examples/us-couple-401k-roth.json' with { type: 'json' };
import output from '../examples/api/output-excerpt.json' with { type: 'json' };
import comparison from '../examples/api/comparison-excerpt.json' with { type: 'json' };
import analysis from '../examples/api/analysis-solve.json' with { type: 'json' };

/** The couple's public pensions from rules instead of typed amounts (docs/TAX.md, "Public pensions"). */
const typedPensions = new Set(['chris-state', 'pat-state']);
const withPensions = (name: string, pensions: object[]) => ({
  ...couple,
  name,
  incomes: [...couple.incomes.filter((i) => !typedPensions.has(i.id)), ...pensions],
});
const ukPensions = withPensions('Couple near retirement, UK new State Pension from qualifying years', [
  { id: 'chris-state', type: 'STATE_PENSION', memberId: 'chris', qualifyingYears: 38 },
  { id: 'pat-state', type: 'STATE_PENSION', memberId: 'pat', qualifyingYears: 29 },
]);
const usPensions = withPensions('Couple near retirement, Social Security claimed at 67 and 65', [
  { id: 'chris-ss', type: 'SOCIAL_SECURITY', memberId: 'chris', pia: 3100, claimingAge: 67 },
  { id: 'pat-ss', type: 'SOCIAL_SECURITY', memberId: 'pat', aime: 3800, claimingAge: 65, claimingMonths: 6 },
]);

export const scenarioExamples: Record<string, Example> = {
  coupleNearRetirement: { summary: couple.name, value: couple },
  ukStatePensionFromRules: { summary: ukPensions.name, value: ukPensions },
  usSocialSecurity: { summary: usPensions.name, value: usPensions },
  singleRetireeCare: { summary: retiree.name, value: retiree },
  youngFamilyMortgage: { summary: family.name, value: family },
  ukRetiredCouple: { summary: ukCouple.name, value: ukCouple },
  ukCoupleIsaPension: { summary: ukSavers.name, value: ukSavers },
  usCouple401kRoth: { summary: usSavers.name, value: usSavers },
};

export const householdExamples: Record<string, Example> = {
  user: { summary: 'A user creates their own household', value: { name: 'Smith family', currency: 'EUR', externalReference: 'crm-1042' } },
  pounds: {
    summary: 'A household in pounds sterling: its scenarios take the UK assumption set unless they name a country',
    value: { name: 'Jones family', currency: 'GBP' },
  },
  serviceAccount: {
    summary: 'A service account creates one for a user, naming the owner',
    value: { name: 'Smith family', currency: 'EUR', ownerId: '3f0c9a52-7d4e-4b8a-9a61-0c2f4f1d8e77' },
  },
};

export const taxCalculationExamples: Record<string, Example> = {
  ukEarner: {
    summary: 'UK 2025-26: wages of 29,570 and dividends of 3,000 (the gov.uk dividend example)',
    value: { system: 'UK', taxYear: 2025, people: [{ age: 40, earnings: 29570, dividends: 3000 }] },
  },
  scottishSaver: {
    summary: 'UK 2026-27, Scottish taxpayer with interest and gains',
    value: { system: 'UK', taxYear: 2026, region: 'SCOTLAND', people: [{ age: 52, earnings: 50000, interest: 2000, capitalGains: 20000 }] },
  },
  usCouple: {
    summary: 'US 2025, a couple filing jointly with 235,000 of wages and a 5% state tax',
    value: {
      system: 'US',
      taxYear: 2025,
      filingStatus: 'MARRIED_JOINT',
      stateIncomeTaxRate: 0.05,
      people: [
        { age: 40, earnings: 150000, pensionContributions: 10000 },
        { age: 38, earnings: 85000 },
      ],
    },
  },
  usRetirees: {
    summary: 'US 2026, retirees with pensions, Social Security and dividends',
    value: {
      system: 'US',
      taxYear: 2026,
      people: [
        { age: 70, pensionIncome: 30000, statePension: 30000 },
        { age: 68, statePension: 20000, dividends: 10000 },
      ],
    },
  },
};

export const simulationRequestExamples: Record<string, Example> = {
  pathsAndSeed: { summary: '20,000 paths on a fixed seed', value: { paths: 20000, seed: 42 } },
  defaults: { summary: "The scenario's own simulation settings", value: {} },
};

export const outputExamples: Record<string, Example> = {
  excerpt: { summary: 'Summary, the first three years of time series and metadata (1,000 paths)', value: output },
};

export const scenarioOutputExamples: Record<string, Example> = {
  excerpt: {
    summary: outputExamples.excerpt.summary,
    value: { ...output, simulationId: '01JWQ80D5V7K2N9S4HB1XRCF3E', scenarioVersion: 1, stale: false },
  },
};

export const comparisonExamples: Record<string, Example> = {
  excerpt: { summary: 'Retiring two years later, compared path by path (1,000 paths, three years of time series)', value: comparison },
};

export const comparisonRequestExamples: Record<string, Example> = {
  retireLater: {
    summary: 'Baseline against a what-if',
    value: {
      baselineScenarioId: comparison.baselineScenarioId,
      alternativeScenarioId: comparison.alternativeScenarioId,
      paths: 1000,
      seed: 7,
    },
  },
};

export const analysisRequestExamples: Record<string, Example> = {
  solveSpending: {
    summary: 'The yearly living spending that succeeds on 90% of paths',
    value: { type: 'SOLVE', lever: { type: 'SPENDING' }, target: { probability: 0.9 }, paths: 2000, seed: 7 },
  },
  solveRetirement: {
    summary: 'The retirement age at which a goal is met on 85% of paths, searched from 60 to 70',
    value: { type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'alex', min: 60, max: 70 }, target: { goalId: 'mia-university' } },
  },
  solveClaimingAge: {
    summary: 'The Social Security claiming age (62 to 70) at which the plan succeeds on 85% of paths',
    value: { type: 'SOLVE', lever: { type: 'CLAIMING_AGE', memberId: 'pat' }, target: { probability: 0.85 } },
  },
  diagnose: { summary: 'Why the plan fails, and what each lever would take', value: { type: 'DIAGNOSE' } },
  sensitivity: {
    summary: 'A tornado of three inputs',
    value: {
      type: 'SENSITIVITY',
      inputs: [{ input: 'EQUITY_PREMIUM' }, { input: 'MORTALITY', down: 0.8, up: 1.2 }, { input: 'SPENDING' }],
    },
  },
  stress: {
    summary: 'A 40% equity fall next year, and 1973 replayed',
    value: {
      type: 'STRESS',
      shocks: [
        { type: 'EQUITY_FALL', fall: 0.4, year: 1 },
        { type: 'HISTORICAL', startYear: 1973 },
      ],
    },
  },
};

export const analysisExamples: Record<string, Example> = {
  solveSpending: { summary: "The couple's yearly living spending solved for 90% success (1,000 paths)", value: analysis },
};
