/**
 * The "Assumptions" group of the scenario form: the markets, the life risks and the simulation an
 * adviser sets for a client, then, under two "advanced" disclosures, the parameters of the
 * economic model (docs/ECONOMY.md) and of the life model (docs/LIFE.md). Every field left empty
 * keeps the default of the scenario's assumption set, which its input shows greyed.
 */
import { ELIMINATION_DAYS, OCCUPATION_CLASSES } from '../../../shared/engine/life/assumptions.ts';
import { choices } from '../words.ts';
import {
  COUNTRIES,
  EQUITY_MODELS,
  HISTORY_METHODS,
  MARKET_MODELS,
  MORTALITY_IMPROVEMENTS,
  MORTALITY_LAWS,
  MORTALITY_TABLES,
} from './codes.ts';
import type { Doc } from './doc.ts';
import { horizonKind, withHorizonKind } from './horizon.ts';
import type { FieldSpec, GroupSpec } from './field-spec.ts';

const economic = 'assumptions.economic';
const life = 'assumptions.life';
const historical = (doc: Doc) => doc.assumptions?.economic?.model === 'HISTORICAL';
const regimes = (doc: Doc) => doc.assumptions?.economic?.equity?.model === 'RSLN2';
const gompertz = (doc: Doc) => doc.assumptions?.life?.mortality?.law === 'GOMPERTZ';
const lifeTable = (doc: Doc) => (doc.assumptions?.life?.mortality?.law ?? 'TABLE') === 'TABLE';

/** Codes shown in words where the app's shared words mean something else (NONE, US, UK). */
const named = (codes: readonly string[], words: Record<string, string>): [string, string][] => codes.map((c) => [c, words[c] ?? c]);

const COUNTRY_WORDS: Record<string, string> = { US: 'United States', UK: 'United Kingdom' };
const LAW_WORDS: Record<string, string> = {
  TABLE: 'The life table, with its projected improvement',
  GOMPERTZ: 'A Gompertz law (a modal age and a spread)',
  NONE: 'No deaths (the plan runs to its horizon)',
};
const TABLE_WORDS: Record<string, string> = {
  US_SSA_2017: 'US Social Security period life table, 2017',
  US_SSA_2021: 'US Social Security period life table, 2021',
  UK_ONS_2022_2024: 'UK national life tables (ONS), 2022–2024',
  UK_ONS_2021_2023: 'UK national life tables (ONS), 2021–2023',
  UK_ONS_2020_2022: 'UK national life tables (ONS), 2020–2022',
};
const IMPROVEMENT_WORDS: Record<string, string> = {
  US_SSA_ALT2: 'US Social Security projection (2020 Trustees Report, intermediate)',
  UK_ONS_2024: 'UK ONS 2024-based principal projection',
  NONE: 'None: today’s death rates for ever',
};

/** A multiple of the life table's death rates (or of another rate the help names). */
const times = (key: string, label: string, help: string, max?: number): FieldSpec => ({
  key,
  label,
  kind: 'number',
  unit: '× the table',
  min: 0,
  max,
  help,
});

/** The yearly shocks the correlation matrix is over, in its order (docs/ECONOMY.md). */
export const CORRELATED_FACTORS = ['Short rate', 'Inflation', 'Equities', 'Property'];

const factor = (key: 'shortRate' | 'inflation', name: string): FieldSpec[] => [
  {
    key: `${economic}.${key}.meanReversion`,
    label: `${name}: pull back to the long run`,
    kind: 'number',
    unit: 'a year',
    min: 0,
    max: 10,
    help:
      `How fast the ${name.toLowerCase()} returns to its long-run level: ` +
      'about this share of the gap closes in a year (0: it wanders freely)',
  },
  {
    key: `${economic}.${key}.volatility`,
    label: `${name}: volatility`,
    kind: 'percent',
    unit: 'a year',
    help: `The spread of the yearly random moves of the ${name.toLowerCase()}`,
  },
];

const economicModel: FieldSpec[] = [
  ...factor('shortRate', 'Short rate'),
  ...factor('inflation', 'Inflation'),
  {
    key: `${economic}.equity.model`,
    label: 'Equity model',
    kind: 'choice',
    options: choices(EQUITY_MODELS),
    help: 'Lognormal: one return and volatility. Two regimes: calm and turbulent markets, switching month by month (Hardy, 2001)',
  },
  {
    key: `${economic}.equity.regime1Mean`,
    label: 'Calm markets: mean return',
    kind: 'percent',
    unit: 'a month',
    min: -50,
    max: 50,
    when: regimes,
    help: 'The mean of the monthly log return in the calm regime',
  },
  {
    key: `${economic}.equity.regime1Volatility`,
    label: 'Calm markets: volatility',
    kind: 'percent',
    unit: 'a month',
    when: regimes,
    help: 'The spread of the monthly log return in the calm regime',
  },
  {
    key: `${economic}.equity.regime2Mean`,
    label: 'Turbulent markets: mean return',
    kind: 'percent',
    unit: 'a month',
    min: -50,
    max: 50,
    when: regimes,
    help: 'The mean of the monthly log return in the turbulent regime',
  },
  {
    key: `${economic}.equity.regime2Volatility`,
    label: 'Turbulent markets: volatility',
    kind: 'percent',
    unit: 'a month',
    when: regimes,
    help: 'The spread of the monthly log return in the turbulent regime',
  },
  {
    key: `${economic}.equity.p12`,
    label: 'Chance calm markets turn turbulent',
    kind: 'percent',
    unit: 'a month',
    when: regimes,
    help: 'Each month, the chance of switching from the calm regime to the turbulent one',
  },
  {
    key: `${economic}.equity.p21`,
    label: 'Chance turbulent markets calm down',
    kind: 'percent',
    unit: 'a month',
    when: regimes,
    help: 'Each month, the chance of switching from the turbulent regime back to the calm one',
  },
  {
    key: `${economic}.correlation`,
    label: 'Correlations of the yearly shocks',
    kind: 'matrix',
    labels: CORRELATED_FACTORS,
    min: -1,
    max: 1,
    help:
      'From −1 to 1, between the random moves of each pair in the same year. Type above the diagonal; the grid ' +
      'mirrors it. Together they must be possible: if equities and property both move closely with inflation, ' +
      'they cannot move against each other',
  },
];

const lifeModel: FieldSpec[] = [
  {
    key: `${life}.mortality.law`,
    label: 'Deaths follow',
    kind: 'choice',
    options: named(MORTALITY_LAWS, LAW_WORDS),
  },
  {
    key: `${life}.mortality.table`,
    label: 'Life table',
    kind: 'choice',
    options: named(MORTALITY_TABLES, TABLE_WORDS),
    when: lifeTable,
    help: 'The death rates by age and sex of the year the table was made',
  },
  {
    key: `${life}.mortality.improvement`,
    label: 'Improvement in death rates',
    kind: 'choice',
    options: named(MORTALITY_IMPROVEMENTS, IMPROVEMENT_WORDS),
    when: lifeTable,
    help: 'How the table’s death rates fall in the years after it was made',
  },
  {
    key: `${life}.mortality.modalAge`,
    label: 'Most common age at death',
    kind: 'number',
    unit: 'years',
    min: 40,
    max: 130,
    when: gompertz,
    help: 'The modal age of the Gompertz law',
  },
  {
    key: `${life}.mortality.dispersion`,
    label: 'Spread of ages at death',
    kind: 'number',
    unit: 'years',
    min: 0.5,
    max: 40,
    when: gompertz,
    help: 'The Gompertz law’s dispersion: larger, deaths spread over more years around the modal age',
  },
  times(`${life}.health.mortalityMultiplier.EXCELLENT`, 'Death rate in excellent health', 'Of the table’s rate for the age and sex', 10),
  times(`${life}.health.mortalityMultiplier.GOOD`, 'Death rate in good health', 'Of the table’s rate for the age and sex', 10),
  times(`${life}.health.mortalityMultiplier.AVERAGE`, 'Death rate in average health', 'Of the table’s rate for the age and sex', 10),
  times(`${life}.health.mortalityMultiplier.POOR`, 'Death rate in poor health', 'Of the table’s rate for the age and sex', 10),
  times(`${life}.health.smokerMortalityMultiplier`, 'Death rate of a smoker', 'On top of the health multiple', 10),
  {
    key: `${life}.longevityRisk.volatility`,
    label: 'Uncertainty of future death rates',
    kind: 'number',
    unit: 'a year',
    min: 0,
    max: 5,
    help: 'The volatility of the shock shared by everyone’s death rates (Lee and Carter, 1992); 0: none',
  },
  {
    key: `${life}.disability.occupationClass`,
    label: 'Occupation class',
    kind: 'choice',
    options: OCCUPATION_CLASSES.map((c) => [
      String(c),
      `${c}: ${['office work', 'light manual', 'skilled manual', 'heavy manual'][c - 1]}`,
    ]),
    help: 'For a person with no class of their own',
  },
  {
    key: `${life}.disability.eliminationDays`,
    label: 'Disability counts after',
    kind: 'choice',
    options: ELIMINATION_DAYS.map((d) => [String(d), `${d} days`]),
    help: 'The waiting period of the disability table: shorter, more and shorter disabilities',
  },
  times(
    `${life}.disability.incidenceMultiplier`,
    'Chance of disability',
    'Of the disability table’s chance for the age, sex and class',
    20,
  ),
  {
    key: `${life}.disability.terminationDurationFactors`,
    label: 'Disabilities ending, by year of the claim',
    kind: 'numbers',
    unit: '× the long-run rate',
    min: 0,
    max: 100,
    help: 'How much more often a disability ends (recovery or death) in each year of a claim than in the long run; the last applies after',
  },
  times(`${life}.disability.mortalityMultiplier`, 'Death rate while disabled', 'Of the rate of a healthy person of the same age', 20),
  {
    key: `${life}.longTermCare.incidenceAt65`,
    label: 'Chance of needing care at 65',
    kind: 'percent',
    unit: 'a year',
    help: 'For a healthy person aged 65; it grows with age at the rate below',
  },
  {
    key: `${life}.longTermCare.incidenceGrowth`,
    label: 'That chance grows by',
    kind: 'percent',
    unit: 'a year of age',
    help: 'Compounded: 10% doubles it about every seven years of age',
  },
  { key: `${life}.longTermCare.minimumAge`, label: 'Care needed from age', kind: 'age', unit: 'years old', help: 'No need of care before' },
  {
    key: `${life}.longTermCare.maximumIncidence`,
    label: 'Highest chance of needing care',
    kind: 'percent',
    unit: 'a year',
    help: 'The cap at the oldest ages',
  },
  {
    key: `${life}.longTermCare.recoveryProbability`,
    label: 'Chance of no longer needing care',
    kind: 'percent',
    unit: 'a year',
    help: 'Each year in care',
  },
  times(`${life}.longTermCare.mortalityMultiplier`, 'Death rate in care', 'Of the rate of a healthy person of the same age', 20),
  {
    key: `${life}.longTermCare.nursingHomeShare`,
    label: 'Care in a nursing home',
    kind: 'percent',
    unit: 'of episodes',
    help: 'The rest is care at home',
  },
  {
    key: `${life}.longTermCare.careCostPremium`,
    label: 'Care costs rise faster than inflation by',
    kind: 'percent',
    unit: 'a year',
    min: -10,
    max: 20,
    help: 'Care has grown dearer than prices in general',
  },
  {
    key: `${life}.unemployment.jobLossByAge`,
    label: 'Chance of losing a job, by age',
    kind: 'bands',
    help: 'Each band applies from its age to the next band’s; ages in rising order',
  },
  {
    key: `${life}.unemployment.reemploymentProbability`,
    label: 'Chance of finding work again',
    kind: 'percent',
    unit: 'a year',
    help: 'Each year out of work',
  },
];

export const assumptionsGroup: GroupSpec = {
  id: 'assumptions',
  title: 'Assumptions',
  help: 'Left empty, a field keeps the default of the plan’s assumption set, shown greyed (docs/ECONOMY.md, docs/LIFE.md).',
  fields: [
    {
      key: 'assumptions.country',
      label: 'Assumption set',
      kind: 'choice',
      options: named(COUNTRIES, COUNTRY_WORDS),
      help: 'The country whose life tables and markets the defaults come from; empty: the household’s currency decides',
    },
    { key: `${economic}.model`, label: 'Markets', kind: 'choice', options: choices(MARKET_MODELS) },
    { key: `${economic}.inflation.longRunMean`, label: 'Inflation in the long run', kind: 'percent', unit: 'a year', min: -20 },
    { key: `${economic}.inflation.initial`, label: 'Inflation now', kind: 'percent', unit: 'a year', min: -20 },
    { key: `${economic}.shortRate.longRunMean`, label: 'Short interest rate in the long run', kind: 'percent', unit: 'a year', min: -20 },
    { key: `${economic}.shortRate.initial`, label: 'Short interest rate now', kind: 'percent', unit: 'a year', min: -20 },
    { key: `${economic}.equity.riskPremium`, label: 'Equity return above cash', kind: 'percent', unit: 'a year', min: -50, max: 50 },
    { key: `${economic}.equity.volatility`, label: 'Equity volatility', kind: 'percent', unit: 'a year', max: 200 },
    { key: `${economic}.bonds.maturity`, label: 'Bond maturity', kind: 'number', unit: 'years', min: 1, max: 50 },
    { key: `${economic}.bonds.termPremium`, label: 'Bond term premium', kind: 'percent', unit: 'a year', min: -10, max: 10 },
    {
      key: `${economic}.property.realGrowth`,
      label: 'Property growth above inflation',
      kind: 'percent',
      unit: 'a year',
      min: -50,
      max: 50,
    },
    { key: `${economic}.property.volatility`, label: 'Property volatility', kind: 'percent', unit: 'a year', max: 200 },
    {
      key: `${economic}.historical.method`,
      label: 'History replayed as',
      kind: 'choice',
      options: choices(HISTORY_METHODS),
      when: historical,
    },
    { key: `${economic}.historical.fromYear`, label: 'History from', kind: 'year', when: historical },
    { key: `${economic}.historical.toYear`, label: 'History to', kind: 'year', when: historical },
    { key: `${economic}.historical.blockYears`, label: 'Blocks of', kind: 'integer', unit: 'years', min: 1, max: 200, when: historical },
    { key: `${life}.longevityRisk.enabled`, label: 'Longevity risk (everyone living longer)', kind: 'boolean' },
    { key: `${life}.disability.enabled`, label: 'Disability', kind: 'boolean' },
    { key: `${life}.longTermCare.enabled`, label: 'Long-term care', kind: 'boolean' },
    { key: `${life}.longTermCare.homeCareAnnualCost`, label: 'Care at home', kind: 'money', unit: 'a year' },
    { key: `${life}.longTermCare.nursingHomeAnnualCost`, label: 'Nursing home', kind: 'money', unit: 'a year' },
    { key: `${life}.unemployment.enabled`, label: 'Job loss', kind: 'boolean' },
    { key: `${life}.unemployment.benefitFraction`, label: 'Benefit while out of work', kind: 'percent', unit: 'of salary' },
    { key: `${life}.unemployment.benefitYears`, label: 'Benefit for', kind: 'number', unit: 'years', min: 0, max: 10 },
    { key: 'simulation.paths', label: 'Lives simulated', kind: 'integer', min: 1, max: 100_000, help: 'More lives, less sampling error' },
    {
      key: 'simulation.seed',
      label: 'Random seed',
      kind: 'integer',
      min: 0,
      help: 'The same seed gives the same lives: every run, comparison and analysis of this plan uses it',
    },
    {
      key: 'simulation.horizon',
      label: 'The plan runs',
      kind: 'choice',
      options: [
        ['untilAge', 'Until the youngest adult reaches an age'],
        ['years', 'For a number of years'],
      ],
      get: horizonKind,
      set: withHorizonKind,
      help: 'Empty: until the youngest adult’s 120th year',
    },
    {
      key: 'simulation.horizon.untilAge',
      label: 'Until the youngest adult is',
      kind: 'age',
      unit: 'years old',
      max: 130,
      when: (doc) => horizonKind(doc) === 'untilAge',
    },
    {
      key: 'simulation.horizon.years',
      label: 'Years simulated',
      kind: 'integer',
      unit: 'years',
      min: 1,
      max: 150,
      when: (doc) => horizonKind(doc) === 'years',
    },
  ],
  advanced: [
    { id: 'economic-model', summary: 'Advanced: the economic model’s parameters', fields: economicModel },
    { id: 'life-model', summary: 'Advanced: the life model’s parameters', fields: lifeModel },
  ],
};
