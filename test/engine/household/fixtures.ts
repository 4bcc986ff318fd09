import { allocateEconomyPath, resolveEconomicAssumptions, type EconomyPath } from '../../../shared/engine/economy/index.js';
import { allocateMemberLifePath, resolveLifeAssumptions, MemberState, type MemberLifePath } from '../../../shared/engine/life/index.js';
import { compilePlan } from '../../../shared/engine/household/compiled-plan.js';
import { HouseholdPathSimulator } from '../../../shared/engine/household/household-path.js';
import type { HouseholdPlan, PlanAccount, PlanTax } from '../../../shared/engine/household/plan.js';

/** A plan with nothing in it but the given parts; zero taxes, fixed real spending. */
export function plan(parts: Partial<HouseholdPlan>): HouseholdPlan {
  return {
    name: 'test',
    startYear: 2025,
    years: 30,
    members: [{ id: 'p1', role: 'PRIMARY', birthYear: 1985, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 67 }],
    incomes: [],
    expenses: [],
    accounts: [],
    properties: [],
    liabilities: [],
    insurance: [],
    goals: [],
    taxes: { earnedIncome: 0, pensionIncome: 0, investmentGains: 0, retirementWithdrawals: 0 },
    strategy: { withdrawalOrder: ['CASH', 'TAXABLE', 'RETIREMENT'], cashBuffer: 0, spendingRule: { type: 'FIXED_REAL' } },
    assumptions: { economic: resolveEconomicAssumptions(), life: resolveLifeAssumptions({ mortality: { law: 'NONE' } }) },
    ...parts,
  };
}

/** Assumptions with no risk: a constant short rate r, no inflation, no equity or property volatility, no mortality or life events. */
export function riskFree(r: number): HouseholdPlan['assumptions'] {
  return {
    economic: resolveEconomicAssumptions({
      shortRate: { initial: r, longRunMean: r, volatility: 0 },
      inflation: { initial: 0, longRunMean: 0, volatility: 0 },
      equity: { model: 'GBM', riskPremium: 0, volatility: 0 },
      property: { realGrowth: 0, volatility: 0 },
    }),
    life: resolveLifeAssumptions({
      mortality: { law: 'NONE' },
      longevityRisk: { enabled: false },
      disability: { enabled: false },
      longTermCare: { enabled: false },
      unemployment: { enabled: false },
    }),
  };
}

export function account(id: string, type: PlanAccount['type'], balance: number, extra: Partial<PlanAccount> = {}): PlanAccount {
  return {
    id,
    type,
    balance,
    allocation: type === 'CASH' ? { cash: 1, bonds: 0, equity: 0 } : { cash: 0, bonds: 0, equity: 1 },
    annualFee: 0,
    accessAge: type === 'RETIREMENT' ? 60 : 0,
    contributionFraction: 0,
    employerMatch: 0,
    employerMatchLimit: 1,
    ...extra,
  };
}

/** A deterministic economy: constant rates and returns every year. */
export function economy(
  years: number,
  r: { inflation?: number; cash?: number; bonds?: number; equity?: number; property?: number; shortRate?: number } = {},
): EconomyPath {
  const e = allocateEconomyPath(years);
  e.cpi[0] = 1;
  for (let t = 0; t < years; t++) {
    e.inflation[t] = r.inflation ?? 0;
    e.shortRate[t] = r.shortRate ?? r.cash ?? 0;
    e.cashReturn[t] = r.cash ?? 0;
    e.bondReturn[t] = r.bonds ?? 0;
    e.equityReturn[t] = r.equity ?? 0;
    e.propertyReturn[t] = r.property ?? 0;
    e.cpi[t + 1] = e.cpi[t] * (1 + e.inflation[t]);
  }
  return e;
}

/** A member alive and healthy through `deathYear` (or the whole horizon), dead from the year after. */
export function life(years: number, deathYear = -1): MemberLifePath {
  const l = allocateMemberLifePath(years);
  for (let t = 0; t < years; t++) l.state[t] = deathYear >= 0 && t > deathYear ? MemberState.DEAD : MemberState.HEALTHY;
  l.deathYear = deathYear;
  return l;
}

export function simulator(p: HouseholdPlan): HouseholdPathSimulator {
  const lc = p.assumptions.life;
  return new HouseholdPathSimulator(compilePlan(p), {
    homeCareAnnualCost: lc.longTermCare.homeCareAnnualCost,
    nursingHomeAnnualCost: lc.longTermCare.nursingHomeAnnualCost,
    careCostPremium: lc.longTermCare.careCostPremium,
    benefitFraction: lc.unemployment.benefitFraction,
    benefitYears: lc.unemployment.benefitYears,
  });
}

/** To the cent. */
export const CENT = 0.005;

/** A household of one, born `birthYear`, spending `spend` a year (level) out of an empty cash account and `accounts`, for `years` years. */
export function drawingPlan(
  tax: PlanTax,
  birthYear: number,
  spend: number,
  accounts: PlanAccount[],
  years = 1,
  strategy: Partial<HouseholdPlan['strategy']> = {},
): HouseholdPlan {
  const p = plan({
    startYear: 2025,
    years,
    tax,
    members: [{ id: 'p1', role: 'PRIMARY', birthYear, sex: 'FEMALE', health: 'AVERAGE', smoker: false, retirementAge: 60 }],
    expenses: [
      { id: 'l', type: 'LIVING', amount: spend, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1, indexation: 'NONE' },
    ],
    accounts: [account('c', 'CASH', 0), ...accounts],
  });
  return { ...p, strategy: { ...p.strategy, ...strategy } };
}
