import type { HouseholdPlan, PlanAccount } from '../../engine/household/plan.js';
import { defaultHorizonYears, youngestAdultAge } from '../../engine/household/plan.js';
import { resolveEconomicAssumptions } from '../../engine/economy/index.js';
import { resolveLifeAssumptions } from '../../engine/life/index.js';
import type { ScenarioDocument } from './scenario-document.js';
import { estateTaxOf, toPlanIncome } from './public-pension-plan.js';
import { accessAge } from './access-age.js';
import { planTax, withdrawalOrder } from './to-plan-tax.js';

const INVESTED = { cash: 0, bonds: 0.4, equity: 0.6 };
const DEFAULT_ALLOCATION: Record<PlanAccount['type'], PlanAccount['allocation']> = {
  CASH: { cash: 1, bonds: 0, equity: 0 },
  TAXABLE: INVESTED,
  RETIREMENT: INVESTED,
  ISA: INVESTED,
  PENSION: INVESTED,
  GIA: INVESTED,
  TRADITIONAL: INVESTED,
  ROTH: INVESTED,
};

/** The engine's resolved plan of a validated scenario document: defaults filled in, horizon in years, assumptions resolved. */
export function toHouseholdPlan(doc: ScenarioDocument): HouseholdPlan {
  const h = doc.simulation.horizon;
  const years = !h
    ? defaultHorizonYears(doc.startYear, doc.members)
    : 'years' in h
      ? h.years
      : Math.max(1, h.untilAge - youngestAdultAge(doc.startYear, doc.members));
  return {
    name: doc.name,
    startYear: doc.startYear,
    years,
    members: doc.members.map((m) => ({
      id: m.id,
      role: m.role,
      birthYear: m.birthYear,
      sex: m.sex,
      health: m.health,
      smoker: m.smoker,
      retirementAge: m.retirementAge,
      ...(m.occupationClass !== undefined ? { occupationClass: m.occupationClass } : {}),
      ...(m.birthDate !== undefined ? { birthDate: m.birthDate } : {}),
    })),
    incomes: doc.incomes.map(toPlanIncome),
    expenses: doc.expenses.map((e) => ({ ...e })),
    accounts: doc.accounts.map((a) => ({
      id: a.id,
      type: a.type,
      ...(a.ownerId !== undefined ? { ownerId: a.ownerId } : {}),
      balance: a.balance,
      allocation: a.allocation ?? DEFAULT_ALLOCATION[a.type],
      annualFee: a.annualFee,
      ...(a.glidePath ? { glidePath: a.glidePath } : {}),
      accessAge: accessAge(a, doc),
      ...(a.taxFreeCashAge !== undefined ? { taxFreeCashAge: a.taxFreeCashAge } : {}),
      contributionFraction: a.contributionFraction,
      employerMatch: a.employerMatch,
      employerMatchLimit: a.employerMatchLimit,
    })),
    properties: doc.properties.map((p) => ({ ...p })),
    // A loan financing a purchase has no balance until the purchase (the engine sets it then).
    liabilities: doc.liabilities.map((l) => ({ ...l, balance: l.balance ?? 0 })),
    insurance: doc.insurance.map((i) => ({ ...i })),
    goals: doc.goals.map((g) => ({ ...g })),
    taxes: { ...doc.taxes },
    ...planTax(doc),
    strategy: { ...doc.strategy, withdrawalOrder: withdrawalOrder(doc) },
    assumptions: {
      ...(doc.assumptions.country !== undefined ? { country: doc.assumptions.country } : {}),
      economic: resolveEconomicAssumptions(doc.assumptions.economic as never, doc.assumptions.country),
      life: resolveLifeAssumptions(doc.assumptions.life as never, doc.assumptions.country),
    },
    ...estateTaxOf(doc),
  };
}
