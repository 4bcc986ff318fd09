/**
 * The codes of the scenario document's choices, taken from the API's generated types
 * (client/api-types.ts, from the OpenAPI contract): each list must name every value of its union
 * and no other, or the app does not type-check. The order is the order a form offers them in.
 */
import type { components } from '../../../client/api-types.ts';

type Scenario = components['schemas']['ScenarioDocument'];
type ItemOf<K extends keyof Scenario> = NonNullable<Scenario[K]> extends readonly (infer T)[] ? T : never;
type Economic = NonNullable<NonNullable<Scenario['assumptions']>['economic']>;
type Mortality = NonNullable<NonNullable<NonNullable<Scenario['assumptions']>['life']>['mortality']>;
type SpendingRule = NonNullable<NonNullable<Scenario['strategy']>['spendingRule']>;

/** Every code of a union, once each: the keys of a record over the union. */
const every = <T extends string>(all: Record<T, true>): T[] => Object.keys(all) as T[];

export type AccountType = ItemOf<'accounts'>['type'];
export type TaxSystem = NonNullable<Scenario['taxSystem']>;

export const ROLES = every<ItemOf<'members'>['role']>({ PRIMARY: true, PARTNER: true, DEPENDANT: true });
export const SEXES = every<ItemOf<'members'>['sex']>({ FEMALE: true, MALE: true });
export const HEALTH = every<NonNullable<ItemOf<'members'>['health']>>({ EXCELLENT: true, GOOD: true, AVERAGE: true, POOR: true });
export const INCOME_TYPES = every<ItemOf<'incomes'>['type']>({
  SALARY: true,
  STATE_PENSION: true,
  SOCIAL_SECURITY: true,
  DEFINED_BENEFIT_PENSION: true,
  ANNUITY: true,
  RENTAL: true,
  OTHER: true,
});
export const INDEXATION = every<NonNullable<ItemOf<'expenses'>['indexation']>>({ CPI: true, NONE: true });
export const EXPENSE_TYPES = every<ItemOf<'expenses'>['type']>({ LIVING: true, OTHER: true });
export const ACCOUNT_TYPES = every<AccountType>({
  CASH: true,
  TAXABLE: true,
  RETIREMENT: true,
  ISA: true,
  PENSION: true,
  GIA: true,
  TRADITIONAL: true,
  ROTH: true,
});
export const PROPERTY_TYPES = every<ItemOf<'properties'>['type']>({ RESIDENCE: true, RENTAL: true });
export const LIABILITY_TYPES = every<ItemOf<'liabilities'>['type']>({ MORTGAGE: true, LOAN: true });
export const RATE_TYPES = every<ItemOf<'liabilities'>['rate']['type']>({ FIXED: true, VARIABLE: true });
export const REPAYMENTS = every<NonNullable<ItemOf<'liabilities'>['repayment']>>({ AMORTIZING: true, INTEREST_ONLY: true });
export const INSURANCE_TYPES = every<ItemOf<'insurance'>['type']>({ TERM_LIFE: true, DISABILITY_INCOME: true, LONG_TERM_CARE: true });
export const GOAL_TYPES = every<ItemOf<'goals'>['type']>({
  RETIREMENT: true,
  EDUCATION: true,
  HOME_PURCHASE: true,
  CAR: true,
  TRAVEL: true,
  WEDDING: true,
  CHILD: true,
  SABBATICAL: true,
  DEBT_PAYOFF: true,
  EMERGENCY_FUND: true,
  LEGACY: true,
  CUSTOM: true,
  CUSTOM_RECURRING: true,
});
export const PRIORITIES = every<NonNullable<ItemOf<'goals'>['priority']>>({ ESSENTIAL: true, IMPORTANT: true, ASPIRATIONAL: true });
export const SPENDING_RULES = every<SpendingRule['type']>({ FIXED_REAL: true, GUARDRAILS: true });
export const TAX_SYSTEMS = every<TaxSystem>({ UK: true, US: true, FLAT: true });
export const FILING_STATUSES = every<NonNullable<Scenario['filingStatus']>>({ SINGLE: true, MARRIED_JOINT: true });
export const COUNTRIES = every<NonNullable<NonNullable<Scenario['assumptions']>['country']>>({ US: true, UK: true });
export const MARKET_MODELS = every<NonNullable<Economic['model']>>({ STOCHASTIC: true, HISTORICAL: true });
export const EQUITY_MODELS = every<NonNullable<NonNullable<Economic['equity']>['model']>>({ GBM: true, RSLN2: true });
export const HISTORY_METHODS = every<NonNullable<NonNullable<Economic['historical']>['method']>>({ BOOTSTRAP: true, SEQUENTIAL: true });
export const MORTALITY_LAWS = every<NonNullable<Mortality['law']>>({ TABLE: true, GOMPERTZ: true, NONE: true });
export const MORTALITY_TABLES = every<NonNullable<Mortality['table']>>({
  US_SSA_2017: true,
  US_SSA_2021: true,
  UK_ONS_2022_2024: true,
  UK_ONS_2021_2023: true,
  UK_ONS_2020_2022: true,
});
export const MORTALITY_IMPROVEMENTS = every<NonNullable<Mortality['improvement']>>({ US_SSA_ALT2: true, UK_ONS_2024: true, NONE: true });
