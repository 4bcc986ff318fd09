import { plainCashAccount, type HouseholdPlan, type AccountType } from './plan.js';
import { contributionFractions } from './contribution-fractions.js';
import { isRulesPension, PublicPensions } from './public-pensions.js';
import { EstateTax } from './estate-at-death.js';

/** Codes used in the hot loop instead of strings. */
export const IncomeKind = {
  SALARY: 0,
  STATE_PENSION: 1,
  DEFINED_BENEFIT_PENSION: 2,
  ANNUITY: 3,
  RENTAL: 4,
  OTHER: 5,
  PUBLIC_PENSION: 6,
} as const;
export const TaxCategory = { EARNED: 0, PENSION: 1, NONE: 2 } as const;
export const AccountKind = { CASH: 0, TAXABLE: 1, RETIREMENT: 2 } as const;
export const InsuranceKind = { TERM_LIFE: 0, DISABILITY_INCOME: 1, LONG_TERM_CARE: 2 } as const;
export const PriorityTier = { ESSENTIAL: 0, IMPORTANT: 1, ASPIRATIONAL: 3 } as const;
/** Discretionary living spending sits between IMPORTANT and ASPIRATIONAL goals. */
export const DISCRETIONARY_TIER = 2;
export const TIERS = 4;

/** The engine's kind of each account type: the wrappers behave as the kind they belong to, their tax aside (real-tax-plan.ts). */
const ACCOUNT_KIND: Record<AccountType, number> = {
  ...AccountKind,
  ISA: AccountKind.TAXABLE,
  GIA: AccountKind.TAXABLE,
  PENSION: AccountKind.RETIREMENT,
  TRADITIONAL: AccountKind.RETIREMENT,
  ROTH: AccountKind.RETIREMENT,
};
export const accountKindOf = (type: AccountType): number => ACCOUNT_KIND[type];

/**
 * A household plan flattened into typed arrays, once per run, so that the yearly loop does no
 * look-ups by id, no allocation and no string comparison.
 */
export class CompiledPlan {
  // Every field is declared here, so that each starts as undefined in the object's own slots: a field
  // whose first value is undefined is typed "anything", so optimised code reading a compiled plan does
  // not depend on the exact hidden class of one plan's values (another plan object, or a typed array
  // whose hidden class has since changed, would otherwise throw the household loop's code away).
  readonly plan!: HouseholdPlan;
  readonly years!: number;
  readonly startYear!: number;
  // members
  readonly memberCount!: number;
  readonly memberAge0!: Int32Array;
  readonly retirementAge!: Int32Array;
  readonly isAdult!: Uint8Array;
  readonly primary!: number;
  /** 1 for members with a salary, who count as "working" until their retirement age. */
  readonly hasSalary!: Uint8Array;
  // incomes
  readonly incomeCount!: number;
  readonly incomeKind!: Uint8Array;
  readonly incomeMember!: Int32Array;
  readonly incomeAmount!: Float64Array;
  readonly incomeGrowth!: Float64Array;
  /** incomeGrowthFactor[i * years + t] = (1 + incomeGrowth[i])^t, computed once rather than every path-year. */
  readonly incomeGrowthFactor!: Float64Array;
  readonly incomeFromAge!: Int32Array;
  readonly incomeIndexed!: Uint8Array;
  readonly incomeSurvivor!: Float64Array;
  readonly incomeProperty!: Int32Array;
  readonly incomeFromT!: Int32Array;
  readonly incomeToT!: Int32Array;
  readonly incomeTax!: Uint8Array;
  /** The incomes whose amounts come from the public pension rules (kind PUBLIC_PENSION), or null. */
  readonly publicPensions!: PublicPensions | null;
  /** The estate tax on the terminal estate, or null. */
  readonly estateTax!: EstateTax | null;
  // expenses: LIVING rows have isLiving = 1
  readonly expenseCount!: number;
  readonly expenseIsLiving!: Uint8Array;
  readonly expenseAmount!: Float64Array;
  readonly expenseEssential!: Float64Array;
  readonly expenseRetirementFactor!: Float64Array;
  readonly expenseSurvivorFactor!: Float64Array;
  readonly expenseIndexed!: Uint8Array;
  readonly expenseFromT!: Int32Array;
  readonly expenseToT!: Int32Array;
  // accounts (an implicit household cash account is appended when the plan has none)
  readonly accountCount!: number;
  readonly accountKind!: Uint8Array;
  readonly accountOwner!: Int32Array;
  readonly accountBalance0!: Float64Array;
  readonly weightCash!: Float64Array;
  readonly weightBonds!: Float64Array;
  readonly weightEquity!: Float64Array;
  readonly accountFee!: Float64Array;
  readonly glideStart!: Int32Array;
  readonly glideEnd!: Int32Array;
  readonly glideEndEquity!: Float64Array;
  readonly hasGlide!: Uint8Array;
  readonly accessAge!: Int32Array;
  readonly contribution!: Float64Array;
  readonly matchRate!: Float64Array;
  readonly matchLimit!: Float64Array;
  /** Fixed yearly saving into each account (today's money) and the year index it stops at (exclusive). */
  readonly extraContribution!: Float64Array;
  readonly extraContributionToT!: Int32Array;
  /** Account indices in withdrawal order (CASH above the buffer first if CASH leads). */
  readonly withdrawalOrder!: Int32Array;
  /** The account receiving surpluses beyond the cash buffer (first TAXABLE, else the cash account). */
  readonly surplusAccount!: number;
  readonly cashAccount!: number;
  // properties
  readonly propertyCount!: number;
  readonly propertyValue0!: Float64Array;
  readonly propertySellT!: Int32Array;
  readonly propertySellingCost!: Float64Array;
  /** 1: sold once every living adult is in a nursing home. */
  readonly propertySellOnNursingHome!: Uint8Array;
  // liabilities
  readonly liabilityCount!: number;
  readonly liabilityBalance0!: Float64Array;
  readonly liabilityVariable!: Uint8Array;
  readonly liabilityRate!: Float64Array;
  readonly liabilityYears!: Int32Array;
  readonly liabilityInterestOnly!: Uint8Array;
  readonly liabilityProperty!: Int32Array;
  /** For FIXED-rate loans, (1 + rate)^-n at liabilityDiscountAt[l] + n (n = 1 … remaining years), computed once; -1 for VARIABLE. */
  readonly liabilityDiscountAt!: Int32Array;
  readonly liabilityDiscount!: Float64Array;
  // insurance
  readonly insuranceCount!: number;
  readonly insuranceKind!: Uint8Array;
  readonly insuranceMember!: Int32Array;
  readonly insurancePremium!: Float64Array;
  readonly insuranceIndexed!: Uint8Array;
  readonly insuranceAmount!: Float64Array;
  readonly insuranceUntilAge!: Int32Array;
  readonly insuranceWaiting!: Int32Array;
  readonly insuranceMaxYears!: Int32Array;
  // goals
  readonly goalCount!: number;
  readonly goalTier!: Uint8Array;
  readonly goalAmount!: Float64Array;
  readonly goalMember!: Int32Array;
  readonly goalIsLegacy!: Uint8Array;
  /** The liability a DEBT_PAYOFF goal repays, or -1. */
  readonly goalLiability!: Int32Array;
  /** 1 when some goal repays a liability (the yearly loop skips that step otherwise). */
  readonly hasDebtPayoff!: number;
  /** The property a HOME_PURCHASE goal buys, or -1. */
  readonly goalProperty!: Int32Array;
  /** 1 for a property bought by a goal: not owned until then. */
  readonly propertyBought!: Uint8Array;
  /** 1 for the liability financing a bought property: it starts at the purchase, as the price less the deposit. */
  readonly liabilityFinancesPurchase!: Uint8Array;
  /** 1 when some goal buys a property. */
  readonly hasPurchase!: number;
  /** goalDue[g * years + t] = 1 when goal g falls due in year t (subject to its member being alive). */
  readonly goalDue!: Uint8Array;
  // taxes and strategy
  readonly taxEarned!: number;
  readonly taxPension!: number;
  readonly taxGains!: number;
  readonly taxWithdrawal!: number;
  readonly cashBuffer!: number;
  readonly guardrails!: boolean;
  readonly guardBadYear!: number;
  readonly guardCut!: number;
  readonly guardFloor!: number;

  constructor(fields: { [K in keyof CompiledPlan]: CompiledPlan[K] }) {
    Object.assign(this, fields);
  }
}

export function compilePlan(plan: HouseholdPlan): CompiledPlan {
  const years = plan.years;
  const memberIndex = new Map(plan.members.map((m, i) => [m.id, i]));
  const propertyIndex = new Map(plan.properties.map((p, i) => [p.id, i]));
  const idx = (map: Map<string, number>, id: string | undefined) => (id === undefined ? -1 : (map.get(id) ?? -1));
  const toT = (year: number | undefined, fallback: number) => (year === undefined ? fallback : year - plan.startYear);

  const M = plan.members.length;
  const memberAge0 = Int32Array.from(plan.members, (m) => plan.startYear - m.birthYear);
  const hasSalary = new Uint8Array(M);
  for (const inc of plan.incomes) if (inc.type === 'SALARY') hasSalary[memberIndex.get(inc.memberId)!] = 1;

  const I = plan.incomes.length;
  const incomeKind = new Uint8Array(I),
    incomeMember = new Int32Array(I).fill(-1),
    incomeAmount = new Float64Array(I);
  const incomeGrowth = new Float64Array(I),
    incomeFromAge = new Int32Array(I),
    incomeIndexed = new Uint8Array(I);
  const incomeSurvivor = new Float64Array(I),
    incomeProperty = new Int32Array(I).fill(-1);
  const incomeFromT = new Int32Array(I).fill(-1_000_000),
    incomeToT = new Int32Array(I).fill(1_000_000),
    incomeTax = new Uint8Array(I);
  plan.incomes.forEach((inc, i) => {
    if (isRulesPension(inc)) {
      // The rules give a path's amounts (publicPensions); taxed as pensions.
      incomeKind[i] = IncomeKind.PUBLIC_PENSION;
      incomeMember[i] = idx(memberIndex, inc.memberId);
      incomeTax[i] = TaxCategory.PENSION;
      return;
    }
    incomeKind[i] = IncomeKind[inc.type];
    incomeAmount[i] = inc.amount;
    if (inc.type === 'SALARY') {
      incomeMember[i] = idx(memberIndex, inc.memberId);
      incomeGrowth[i] = inc.realGrowth;
      incomeIndexed[i] = 1;
      incomeTax[i] = TaxCategory.EARNED;
    } else if (inc.type === 'RENTAL') {
      incomeProperty[i] = idx(propertyIndex, inc.propertyId);
      incomeIndexed[i] = inc.indexation === 'CPI' ? 1 : 0;
      incomeTax[i] = TaxCategory.EARNED;
    } else if (inc.type === 'OTHER') {
      incomeMember[i] = idx(memberIndex, inc.memberId);
      incomeIndexed[i] = inc.indexation === 'CPI' ? 1 : 0;
      incomeFromT[i] = toT(inc.fromYear, -1_000_000);
      incomeToT[i] = toT(inc.toYear, 1_000_000);
      incomeTax[i] = TaxCategory[inc.taxCategory];
    } else {
      incomeMember[i] = idx(memberIndex, inc.memberId);
      incomeFromAge[i] = inc.fromAge;
      incomeIndexed[i] = inc.indexation === 'CPI' ? 1 : 0;
      incomeSurvivor[i] = inc.survivorFraction;
      incomeTax[i] = TaxCategory.PENSION;
    }
  });

  const E = plan.expenses.length;
  const expenseIsLiving = new Uint8Array(E),
    expenseAmount = new Float64Array(E),
    expenseEssential = new Float64Array(E);
  const expenseRetirementFactor = new Float64Array(E).fill(1),
    expenseSurvivorFactor = new Float64Array(E).fill(1);
  const expenseIndexed = new Uint8Array(E),
    expenseFromT = new Int32Array(E).fill(-1_000_000),
    expenseToT = new Int32Array(E).fill(1_000_000);
  plan.expenses.forEach((e, i) => {
    expenseAmount[i] = e.amount;
    expenseIndexed[i] = e.indexation === 'CPI' ? 1 : 0;
    if (e.type === 'LIVING') {
      expenseIsLiving[i] = 1;
      expenseEssential[i] = e.essentialFraction;
      expenseRetirementFactor[i] = e.retirementFactor;
      expenseSurvivorFactor[i] = e.survivorFactor;
    } else {
      expenseEssential[i] = e.essential ? 1 : 0;
      expenseFromT[i] = toT(e.fromYear, -1_000_000);
      expenseToT[i] = toT(e.toYear, 1_000_000);
    }
  });

  const accounts = [...plan.accounts];
  let cashAccount = accounts.findIndex((a) => a.type === 'CASH');
  if (cashAccount < 0) {
    accounts.push(plainCashAccount('', 0));
    cashAccount = accounts.length - 1;
  }
  const A = accounts.length;
  const accountKind = Uint8Array.from(accounts, (a) => ACCOUNT_KIND[a.type]);
  const accountOwner = Int32Array.from(accounts, (a) => idx(memberIndex, a.ownerId));
  const withdrawal: number[] = [];
  for (const type of plan.strategy.withdrawalOrder)
    accounts.forEach((a, i) => {
      if (a.type === type) withdrawal.push(i);
    });
  // Account types left out of the order are still drawn on, last, before the household is called depleted.
  accounts.forEach((_, i) => {
    if (!withdrawal.includes(i)) withdrawal.push(i);
  });
  const firstTaxable = accounts.findIndex((a) => ACCOUNT_KIND[a.type] === AccountKind.TAXABLE);

  const P = plan.properties.length;
  const L = plan.liabilities.length;
  const N = plan.insurance.length;
  const G = plan.goals.length;
  const goalDue = new Uint8Array(Math.max(1, G * years));
  const goalTier = new Uint8Array(G),
    goalAmount = new Float64Array(G),
    goalMember = new Int32Array(G).fill(-1),
    goalIsLegacy = new Uint8Array(G);
  const liabilityIndex = new Map(plan.liabilities.map((l, i) => [l.id, i]));
  const goalLiability = Int32Array.from(plan.goals, (g) => (g.type === 'DEBT_PAYOFF' ? idx(liabilityIndex, g.liabilityId) : -1));
  const goalProperty = Int32Array.from(plan.goals, (g) => (g.type === 'HOME_PURCHASE' ? idx(propertyIndex, g.propertyId) : -1));
  const propertyBought = new Uint8Array(plan.properties.length);
  for (const p of goalProperty) if (p >= 0) propertyBought[p] = 1;
  const liabilityFinancesPurchase = Uint8Array.from(plan.liabilities, (l) => {
    const p = idx(propertyIndex, l.propertyId);
    return p >= 0 && propertyBought[p] === 1 ? 1 : 0;
  });
  plan.goals.forEach((g, gi) => {
    goalTier[gi] = PriorityTier[g.priority];
    goalAmount[gi] = g.amount;
    const m = idx(memberIndex, g.memberId);
    goalMember[gi] = m;
    if (g.type === 'LEGACY') {
      goalIsLegacy[gi] = 1;
      return;
    }
    if (g.type === 'RETIREMENT') {
      const from = (g.age ?? plan.members[m].retirementAge) - memberAge0[m];
      for (let t = Math.max(0, from); t < years; t++) goalDue[gi * years + t] = 1;
      return;
    }
    const first = g.year !== undefined ? g.year - plan.startYear : (g.age ?? 0) - (m >= 0 ? memberAge0[m] : 0);
    const every = g.recurrence?.everyYears ?? 1;
    const times = g.recurrence?.times ?? 1;
    for (let k = 0; k < times; k++) {
      const t = first + k * every;
      if (t >= 0 && t < years) goalDue[gi * years + t] = 1;
    }
  });

  const sr = plan.strategy.spendingRule;
  return new CompiledPlan({
    plan,
    years,
    startYear: plan.startYear,
    memberCount: M,
    memberAge0,
    retirementAge: Int32Array.from(plan.members, (m) => m.retirementAge),
    isAdult: Uint8Array.from(plan.members, (m) => (m.role === 'DEPENDANT' ? 0 : 1)),
    primary: Math.max(
      0,
      plan.members.findIndex((m) => m.role === 'PRIMARY'),
    ),
    hasSalary,
    incomeCount: I,
    incomeKind,
    incomeMember,
    incomeAmount,
    incomeGrowth,
    incomeFromAge,
    incomeGrowthFactor: growthTable(incomeGrowth, years),
    incomeIndexed,
    incomeSurvivor,
    incomeProperty,
    incomeFromT,
    incomeToT,
    incomeTax,
    publicPensions: PublicPensions.of(plan, years),
    estateTax: EstateTax.of(plan),
    expenseCount: E,
    expenseIsLiving,
    expenseAmount,
    expenseEssential,
    expenseRetirementFactor,
    expenseSurvivorFactor,
    expenseIndexed,
    expenseFromT,
    expenseToT,
    accountCount: A,
    accountKind,
    accountOwner,
    accountBalance0: Float64Array.from(accounts, (a) => a.balance),
    weightCash: Float64Array.from(accounts, (a) => a.allocation.cash),
    weightBonds: Float64Array.from(accounts, (a) => a.allocation.bonds),
    weightEquity: Float64Array.from(accounts, (a) => a.allocation.equity),
    accountFee: Float64Array.from(accounts, (a) => a.annualFee),
    glideStart: Int32Array.from(accounts, (a) => a.glidePath?.startAge ?? 0),
    glideEnd: Int32Array.from(accounts, (a) => a.glidePath?.endAge ?? 0),
    glideEndEquity: Float64Array.from(accounts, (a) => a.glidePath?.endEquity ?? 0),
    hasGlide: Uint8Array.from(accounts, (a) => (a.glidePath && a.ownerId !== undefined ? 1 : 0)),
    accessAge: Int32Array.from(accounts, (a) => (ACCOUNT_KIND[a.type] === AccountKind.RETIREMENT ? a.accessAge : 0)),
    contribution: contributionFractions(accounts, accountOwner, (a) => ACCOUNT_KIND[a.type] === AccountKind.RETIREMENT),
    matchRate: Float64Array.from(accounts, (a) => (ACCOUNT_KIND[a.type] === AccountKind.RETIREMENT ? a.employerMatch : 0)),
    matchLimit: Float64Array.from(accounts, (a) => a.employerMatchLimit),
    extraContribution: Float64Array.from(accounts, (a) => a.extraContribution?.amount ?? 0),
    extraContributionToT: Int32Array.from(accounts, (a) => a.extraContribution?.years ?? 0),
    withdrawalOrder: Int32Array.from(withdrawal),
    surplusAccount: firstTaxable >= 0 ? firstTaxable : cashAccount,
    cashAccount,
    propertyCount: P,
    propertyValue0: Float64Array.from(plan.properties, (p) => p.value),
    propertySellT: Int32Array.from(plan.properties, (p) => (p.sellYear === undefined ? -1 : p.sellYear - plan.startYear)),
    propertySellingCost: Float64Array.from(plan.properties, (p) => p.sellingCost),
    propertySellOnNursingHome: Uint8Array.from(plan.properties, (p) => (p.sellOnNursingHome === true ? 1 : 0)),
    liabilityCount: L,
    liabilityBalance0: Float64Array.from(plan.liabilities, (l) => l.balance),
    liabilityVariable: Uint8Array.from(plan.liabilities, (l) => (l.rate.type === 'VARIABLE' ? 1 : 0)),
    liabilityRate: Float64Array.from(plan.liabilities, (l) => (l.rate.type === 'FIXED' ? l.rate.annual : l.rate.spread)),
    liabilityYears: Int32Array.from(plan.liabilities, (l) => l.remainingYears),
    liabilityInterestOnly: Uint8Array.from(plan.liabilities, (l) => (l.repayment === 'INTEREST_ONLY' ? 1 : 0)),
    liabilityProperty: Int32Array.from(plan.liabilities, (l) => idx(propertyIndex, l.propertyId)),
    ...discountTable(plan),
    insuranceCount: N,
    insuranceKind: Uint8Array.from(plan.insurance, (x) => InsuranceKind[x.type]),
    insuranceMember: Int32Array.from(plan.insurance, (x) => idx(memberIndex, x.insuredId)),
    insurancePremium: Float64Array.from(plan.insurance, (x) => x.annualPremium),
    insuranceIndexed: Uint8Array.from(plan.insurance, (x) => (x.indexation === 'CPI' ? 1 : 0)),
    insuranceAmount: Float64Array.from(plan.insurance, (x) =>
      x.type === 'TERM_LIFE' ? x.sumAssured : x.type === 'DISABILITY_INCOME' ? x.benefitFraction : x.annualBenefit,
    ),
    insuranceUntilAge: Int32Array.from(plan.insurance, (x) => (x.type === 'LONG_TERM_CARE' ? 1000 : x.untilAge)),
    insuranceWaiting: Int32Array.from(plan.insurance, (x) => (x.type === 'DISABILITY_INCOME' ? x.waitingYears : 0)),
    insuranceMaxYears: Int32Array.from(plan.insurance, (x) => (x.type === 'LONG_TERM_CARE' ? x.maxYears : 0)),
    goalCount: G,
    goalTier,
    goalAmount,
    goalMember,
    goalIsLegacy,
    goalDue,
    goalLiability,
    hasDebtPayoff: goalLiability.some((l) => l >= 0) ? 1 : 0,
    goalProperty,
    propertyBought,
    liabilityFinancesPurchase,
    hasPurchase: propertyBought.some((b) => b === 1) ? 1 : 0,
    // Under real rules the flat rates are not applied (real-tax-year.ts takes their place).
    taxEarned: plan.tax ? 0 : plan.taxes.earnedIncome,
    taxPension: plan.tax ? 0 : plan.taxes.pensionIncome,
    taxGains: plan.tax ? 0 : plan.taxes.investmentGains,
    taxWithdrawal: plan.tax ? 0 : plan.taxes.retirementWithdrawals,
    cashBuffer: plan.strategy.cashBuffer,
    guardrails: sr.type === 'GUARDRAILS',
    guardBadYear: sr.type === 'GUARDRAILS' ? sr.badYearReturn : 0,
    guardCut: sr.type === 'GUARDRAILS' ? sr.cut : 0,
    guardFloor: sr.type === 'GUARDRAILS' ? sr.floor : 1,
  });
}

/** (1 + rate[i])^t for every row i and year t, laid out [i * years + t]. */
function growthTable(rate: Float64Array, years: number): Float64Array {
  const out = new Float64Array(rate.length * years);
  for (let i = 0; i < rate.length; i++) for (let t = 0; t < years; t++) out[i * years + t] = Math.pow(1 + rate[i], t);
  return out;
}

/** (1 + rate)^-n for every FIXED-rate loan and n = 1 … its remaining years, with the rate floored at 0 as in the yearly loop. */
function discountTable(plan: HouseholdPlan): { liabilityDiscountAt: Int32Array; liabilityDiscount: Float64Array } {
  const at = new Int32Array(plan.liabilities.length).fill(-1);
  const values: number[] = [];
  plan.liabilities.forEach((l, i) => {
    if (l.rate.type !== 'FIXED') return;
    const rate = Math.max(0, l.rate.annual);
    at[i] = values.length;
    values.push(1);
    for (let n = 1; n <= l.remainingYears; n++) values.push(Math.pow(1 + rate, -n));
  });
  return { liabilityDiscountAt: at, liabilityDiscount: Float64Array.from(values) };
}
