import type { Country } from '../country.js';
import type { ResolvedEconomicAssumptions } from '../economy/index.js';
import type { ResolvedLifeAssumptions } from '../life/index.js';
import type { EstateTaxSystem } from '../estate/estate-tax.js';

/**
 * The engine's own, fully resolved view of a household: every default filled in, the horizon
 * fixed in years, the assumptions resolved. It mirrors the scenario document (docs/MODEL.md) but does
 * not depend on the document's schema; `toHouseholdPlan` in the domain builds it.
 */
export type Indexation = 'CPI' | 'NONE';
export type Priority = 'ESSENTIAL' | 'IMPORTANT' | 'ASPIRATIONAL';
/**
 * CASH, TAXABLE and RETIREMENT under every tax system; the wrappers of the UK (ISA, PENSION, GIA)
 * and of the US (TRADITIONAL, ROTH) under their own (docs/TAX.md).
 */
export type AccountType = 'CASH' | 'TAXABLE' | 'RETIREMENT' | 'ISA' | 'PENSION' | 'GIA' | 'TRADITIONAL' | 'ROTH';

/**
 * The band a year's withdrawals fill from tax-deferred accounts before the usual order (docs/TAX.md,
 * "Withdrawal order"): UK the personal allowance or the basic rate band, US the standard deduction
 * or the top of the 10%, 12% or 22% bracket.
 */
export const TAX_BANDS = ['PERSONAL_ALLOWANCE', 'BASIC_RATE_BAND', 'STANDARD_DEDUCTION', 'BRACKET_10', 'BRACKET_12', 'BRACKET_22'] as const;
export type TaxBand = (typeof TAX_BANDS)[number];
/** The bands each system's fill may name. */
export const TAX_BANDS_BY_SYSTEM: Record<'UK' | 'US', readonly TaxBand[]> = {
  UK: ['PERSONAL_ALLOWANCE', 'BASIC_RATE_BAND'],
  US: ['STANDARD_DEDUCTION', 'BRACKET_10', 'BRACKET_12', 'BRACKET_22'],
};

/**
 * Real tax rules for the household (docs/TAX.md); a plan without them pays the effective rates of
 * `taxes` (FLAT). `pensionTaxFreeCash`: a UK pension's tax-free quarter taken with each withdrawal,
 * or as one lump sum in the year its owner reaches the access age.
 */
export interface PlanTax {
  system: 'UK' | 'US';
  region?: 'SCOTLAND';
  filingStatus: 'SINGLE' | 'MARRIED_JOINT';
  stateIncomeTaxRate: number;
  pensionTaxFreeCash: 'WITH_EACH_WITHDRAWAL' | 'LUMP_SUM';
}

export interface PlanMember {
  id: string;
  role: 'PRIMARY' | 'PARTNER' | 'DEPENDANT';
  birthYear: number;
  sex: 'FEMALE' | 'MALE';
  health: 'EXCELLENT' | 'GOOD' | 'AVERAGE' | 'POOR';
  smoker: boolean;
  retirementAge: number;
  occupationClass?: number;
  /** ISO date of birth, for the public pension rules (State Pension age, full retirement age); absent: 1 July of birthYear. */
  birthDate?: string;
}

export type PlanIncome =
  | { id: string; type: 'SALARY'; memberId: string; amount: number; realGrowth: number }
  | {
      id: string;
      type: 'STATE_PENSION' | 'DEFINED_BENEFIT_PENSION' | 'ANNUITY';
      memberId: string;
      amount: number;
      fromAge: number;
      indexation: Indexation;
      survivorFraction: number;
      /**
       * STATE_PENSION only: the member's qualifying years at State Pension age. When given, the UK new
       * State Pension rules set the amount and its start (shared/engine/pensions); amount and fromAge are unused.
       */
      qualifyingYears?: number;
    }
  | {
      id: string;
      type: 'SOCIAL_SECURITY';
      memberId: string;
      /** Primary insurance amount, USD a month in year-0 money; or, instead, */
      pia?: number;
      /** average indexed monthly earnings, from which the PIA follows by the bend points. */
      aime?: number;
      /** Age (years, and months past them) at which the member claims: 62 to 70. */
      claimingAge: number;
      claimingMonths: number;
    }
  | { id: string; type: 'RENTAL'; propertyId: string; amount: number; indexation: Indexation }
  | {
      id: string;
      type: 'OTHER';
      memberId?: string;
      amount: number;
      fromYear?: number;
      toYear?: number;
      indexation: Indexation;
      taxCategory: 'EARNED' | 'PENSION' | 'NONE';
    };

export type PlanExpense =
  | {
      id: string;
      type: 'LIVING';
      amount: number;
      essentialFraction: number;
      retirementFactor: number;
      survivorFactor: number;
      indexation: Indexation;
    }
  | { id: string; type: 'OTHER'; amount: number; fromYear?: number; toYear?: number; essential: boolean; indexation: Indexation };

export interface PlanAccount {
  id: string;
  type: AccountType;
  ownerId?: string;
  balance: number;
  allocation: { cash: number; bonds: number; equity: number };
  annualFee: number;
  glidePath?: { startAge: number; endAge: number; endEquity: number };
  accessAge: number;
  contributionFraction: number;
  employerMatch: number;
  employerMatchLimit: number;
  /**
   * A fixed yearly saving into the account out of net income (today's money, indexed with CPI),
   * paid in years 0 … years − 1 while its owner (or, unowned, any adult) lives. The solver's
   * CONTRIBUTION lever sets it; scenario documents have no such field.
   */
  extraContribution?: { amount: number; years: number };
  /**
   * UK pension: the owner's age in the year the rest of its tax-free cash is paid as one lump sum;
   * withdrawals before it take their tax-free quarter with them, those after it none. MAX_AGE or
   * more: never (phased throughout). Absent: the access age with `pensionTaxFreeCash: LUMP_SUM`,
   * else never.
   */
  taxFreeCashAge?: number;
}

/** A cash account with nothing but its balance: no fee, no contributions, drawable at any age. */
export function plainCashAccount(id: string, balance: number): PlanAccount {
  return {
    id,
    type: 'CASH',
    balance,
    allocation: { cash: 1, bonds: 0, equity: 0 },
    annualFee: 0,
    accessAge: 0,
    contributionFraction: 0,
    employerMatch: 0,
    employerMatchLimit: 1,
  };
}

export interface PlanProperty {
  id: string;
  type: 'RESIDENCE' | 'RENTAL';
  value: number;
  sellYear?: number;
  sellOnNursingHome?: boolean;
  sellingCost: number;
}

export interface PlanLiability {
  id: string;
  type: 'MORTGAGE' | 'LOAN';
  balance: number;
  rate: { type: 'FIXED'; annual: number } | { type: 'VARIABLE'; spread: number };
  remainingYears: number;
  repayment: 'AMORTIZING' | 'INTEREST_ONLY';
  propertyId?: string;
}

export type PlanInsurance =
  | {
      id: string;
      type: 'TERM_LIFE';
      insuredId: string;
      annualPremium: number;
      indexation: Indexation;
      sumAssured: number;
      untilAge: number;
    }
  | {
      id: string;
      type: 'DISABILITY_INCOME';
      insuredId: string;
      annualPremium: number;
      indexation: Indexation;
      benefitFraction: number;
      waitingYears: number;
      untilAge: number;
    }
  | {
      id: string;
      type: 'LONG_TERM_CARE';
      insuredId: string;
      annualPremium: number;
      indexation: Indexation;
      annualBenefit: number;
      maxYears: number;
    };

export interface PlanGoal {
  id: string;
  type: string;
  amount: number;
  priority: Priority;
  year?: number;
  memberId?: string;
  age?: number;
  recurrence?: { everyYears: number; times: number };
  /** DEBT_PAYOFF: the liability its payment repays. */
  liabilityId?: string;
  /** HOME_PURCHASE: the property it buys (amount: the deposit); the liability naming that property lends the rest. */
  propertyId?: string;
}

export type SpendingRule = { type: 'FIXED_REAL' } | { type: 'GUARDRAILS'; badYearReturn: number; cut: number; floor: number };

export interface HouseholdPlan {
  name: string;
  startYear: number;
  /** Years simulated (the horizon); the household's path ends earlier at the last adult death. */
  years: number;
  members: PlanMember[];
  incomes: PlanIncome[];
  expenses: PlanExpense[];
  accounts: PlanAccount[];
  properties: PlanProperty[];
  liabilities: PlanLiability[];
  insurance: PlanInsurance[];
  goals: PlanGoal[];
  taxes: { earnedIncome: number; pensionIncome: number; investmentGains: number; retirementWithdrawals: number };
  /** Real tax rules; absent: the flat effective rates of `taxes`. */
  tax?: PlanTax;
  /** `taxDeferredFirstUpTo` (real tax rules only): the band each year's withdrawals fill from tax-deferred accounts first. */
  strategy: { withdrawalOrder: AccountType[]; cashBuffer: number; spendingRule: SpendingRule; taxDeferredFirstUpTo?: TaxBand };
  /** `country`: the assumption set the economic and life assumptions were resolved from (US when absent). */
  assumptions: { country?: Country; economic: ResolvedEconomicAssumptions; life: ResolvedLifeAssumptions };
  /** The estate tax taken from the terminal estate (shared/engine/estate); absent: none. */
  estateTax?: EstateTaxSystem;
}

/** Highest age simulated: the default horizon runs until the youngest adult has died or reached it. */
export const MAX_AGE = 120;

/**
 * Default horizon (docs/HOUSEHOLD.md): until the youngest adult (a member who is not a DEPENDANT)
 * reaches MAX_AGE. The household's plan ends at the last adult death, so a longer horizon would
 * only follow children's lives for decades after the plan has ended; their figures cover this
 * horizon.
 */
export function defaultHorizonYears(startYear: number, members: { birthYear: number; role?: string }[]): number {
  return Math.max(1, MAX_AGE - youngestAdultAge(startYear, members));
}

/**
 * Age in startYear of the youngest adult: the member `horizon.untilAge` counts by. A household of
 * dependants only (which validation refuses) counts by its youngest member.
 */
export function youngestAdultAge(startYear: number, members: { birthYear: number; role?: string }[]): number {
  const adults = members.filter((m) => m.role !== 'DEPENDANT');
  return Math.min(...(adults.length > 0 ? adults : members).map((m) => startYear - m.birthYear));
}
