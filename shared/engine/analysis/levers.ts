/**
 * Solver levers: one value of a plan that a search moves. A lever resolves against a plan to its
 * current value, its search bounds and the direction that helps, and applies a value to a copy of
 * the plan. Values are searched in whole units of `unit` (a cent for money, a year for ages).
 */
import { plainCashAccount, type HouseholdPlan, type PlanAccount } from '../household/plan.js';
import type { LeverSpec } from './request.js';
import type { AnalysisIssue } from './issues.js';
import type { ResolvedLever } from './resolved-lever.js';
import { claimingAgeLever } from './claiming-age-lever.js';
import { taxFreeCashLever } from './tax-free-cash-lever.js';

export type { ResolvedLever } from './resolved-lever.js';

const MONEY_STEP = 0.01;
const money = (v: number) => `${Math.round(v).toLocaleString('en-US')}`;
const roundMoney = (v: number) => Math.round(v / MONEY_STEP) * MONEY_STEP;

function livingTotal(plan: HouseholdPlan): number {
  return plan.expenses.reduce((sum, e) => (e.type === 'LIVING' ? sum + e.amount : sum), 0);
}

function salaryTotal(plan: HouseholdPlan): number {
  return plan.incomes.reduce((sum, i) => (i.type === 'SALARY' ? sum + i.amount : sum), 0);
}

const ageNow = (plan: HouseholdPlan, birthYear: number) => plan.startYear - birthYear;

/** The account a lump sum goes to by default: the first plan account of the first type in the withdrawal order. */
export function defaultLumpSumAccount(plan: HouseholdPlan): PlanAccount | undefined {
  for (const type of plan.strategy.withdrawalOrder) {
    const account = plan.accounts.find((a) => a.type === type);
    if (account) return account;
  }
  return plan.accounts[0];
}

/** Years from the start until the account's owner (or the primary member) retires. */
function yearsToRetirement(plan: HouseholdPlan, account: PlanAccount): number {
  const owner = plan.members.find((m) => m.id === account.ownerId) ?? plan.members.find((m) => m.role === 'PRIMARY') ?? plan.members[0];
  return owner.retirementAge - ageNow(plan, owner.birthYear);
}

function bounded(spec: LeverSpec, fallback: { min: number; max: number }): { min: number; max: number } {
  return { min: spec.min ?? fallback.min, max: spec.max ?? fallback.max };
}

/**
 * Resolves a lever against a plan, or lists what is wrong with it (fields relative to `field`).
 * At its current value a lever gives the plan itself, so the base plan's outcomes stand for the
 * lever's there exactly.
 */
export function resolveLever(plan: HouseholdPlan, spec: LeverSpec, field = 'lever'): ResolvedLever | AnalysisIssue[] {
  const lever = resolveLeverAnyValue(plan, spec, field);
  if (Array.isArray(lever)) return lever;
  const apply = lever.apply;
  return { ...lever, apply: (value) => (value === lever.current ? plan : apply(value)) };
}

function resolveLeverAnyValue(plan: HouseholdPlan, spec: LeverSpec, field: string): ResolvedLever | AnalysisIssue[] {
  const issues: AnalysisIssue[] = [];
  const checkBounds = (b: { min: number; max: number }, floor: number) => {
    if (!(b.min >= floor)) issues.push({ field: `${field}.min`, message: `must be at least ${floor}` });
    if (!(b.max > b.min)) issues.push({ field: `${field}.max`, message: 'must be greater than min' });
  };
  switch (spec.type) {
    case 'SPENDING': {
      const expense = spec.expenseId === undefined ? undefined : plan.expenses.find((e) => e.id === spec.expenseId);
      if (spec.expenseId !== undefined && !expense)
        return [{ field: `${field}.expenseId`, message: `no expense ${spec.expenseId} in the scenario` }];
      const current = expense ? expense.amount : livingTotal(plan);
      if (!(current > 0)) return [{ field: `${field}.expenseId`, message: 'the scenario has no LIVING expense to scale; name an expense' }];
      const b = bounded(spec, { min: 0, max: roundMoney(3 * current) });
      checkBounds(b, 0);
      if (issues.length) return issues;
      return {
        type: 'SPENDING',
        ...(expense ? { itemId: expense.id } : {}),
        unit: 'MONEY',
        step: MONEY_STEP,
        current,
        ...b,
        better: 'LOWER',
        apply: (value) => ({
          ...plan,
          expenses: plan.expenses.map((e) =>
            expense
              ? e === expense
                ? { ...e, amount: value }
                : e
              : e.type === 'LIVING'
                ? { ...e, amount: (e.amount * value) / current }
                : e,
          ),
        }),
        describe: (value) => `spending ${money(value)} a year${expense ? ` on ${expense.id}` : ''}`,
      };
    }
    case 'RETIREMENT_AGE': {
      const member = plan.members.find((m) => m.id === spec.memberId);
      if (!member) return [{ field: `${field}.memberId`, message: `no member ${spec.memberId} in the scenario` }];
      if (member.role === 'DEPENDANT') return [{ field: `${field}.memberId`, message: 'a dependant has no retirement age to move' }];
      const age = ageNow(plan, member.birthYear);
      const current = member.retirementAge;
      const b = bounded(spec, { min: Math.max(age, current - 10), max: Math.min(100, Math.max(current + 5, 75)) });
      checkBounds(b, age);
      if (!Number.isInteger(b.min)) issues.push({ field: `${field}.min`, message: 'must be a whole number of years' });
      if (!Number.isInteger(b.max)) issues.push({ field: `${field}.max`, message: 'must be a whole number of years' });
      if (b.max > 120) issues.push({ field: `${field}.max`, message: 'must be at most 120' });
      if (issues.length) return issues;
      return {
        type: 'RETIREMENT_AGE',
        itemId: member.id,
        unit: 'YEARS',
        step: 1,
        current,
        ...b,
        better: 'HIGHER',
        apply: (value) => ({ ...plan, members: plan.members.map((m) => (m === member ? { ...m, retirementAge: value } : m)) }),
        describe: (value) => `${member.id} retiring at ${value}`,
      };
    }
    case 'CONTRIBUTION': {
      const account = plan.accounts.find((a) => a.id === spec.accountId);
      if (!account) return [{ field: `${field}.accountId`, message: `no account ${spec.accountId} in the scenario` }];
      const years = yearsToRetirement(plan, account);
      if (years <= 0)
        return [{ field: `${field}.accountId`, message: 'its owner has already retired: there are no years left to contribute' }];
      const income = salaryTotal(plan) || livingTotal(plan);
      const b = bounded(spec, { min: 0, max: roundMoney(Math.max(income, 10_000)) });
      checkBounds(b, 0);
      if (issues.length) return issues;
      return {
        type: 'CONTRIBUTION',
        itemId: account.id,
        unit: 'MONEY',
        step: MONEY_STEP,
        current: 0,
        ...b,
        better: 'HIGHER',
        apply: (value) => ({
          ...plan,
          accounts: plan.accounts.map((a) => (a === account ? { ...a, extraContribution: { amount: value, years } } : a)),
        }),
        describe: (value) => `saving ${money(value)} more a year into ${account.id} until retirement`,
      };
    }
    case 'CLAIMING_AGE':
      return claimingAgeLever(plan, spec, field);
    case 'TAX_FREE_CASH_AGE':
      return taxFreeCashLever(plan, spec, field);
    case 'LUMP_SUM': {
      const account = spec.accountId === undefined ? defaultLumpSumAccount(plan) : plan.accounts.find((a) => a.id === spec.accountId);
      if (spec.accountId !== undefined && !account)
        return [{ field: `${field}.accountId`, message: `no account ${spec.accountId} in the scenario` }];
      const b = bounded(spec, { min: 0, max: roundMoney(Math.max(25 * livingTotal(plan), 100_000)) });
      checkBounds(b, 0);
      if (issues.length) return issues;
      return {
        type: 'LUMP_SUM',
        ...(account ? { itemId: account.id } : {}),
        unit: 'MONEY',
        step: MONEY_STEP,
        current: 0,
        ...b,
        better: 'HIGHER',
        apply: (value) => ({
          ...plan,
          accounts: account
            ? plan.accounts.map((a) => (a === account ? { ...a, balance: a.balance + value } : a))
            : [plainCashAccount('lump-sum', value)],
        }),
        describe: (value) => `adding ${money(value)} today${account ? ` to ${account.id}` : ''}`,
      };
    }
  }
}

/**
 * The levers a diagnosis tries: spending, each earner's retirement age, saving into the first invested account, each
 * Social Security claim not yet made, the tax-free cash of each UK pension not yet taken, a lump sum.
 */
export function diagnosisLevers(plan: HouseholdPlan): LeverSpec[] {
  const levers: LeverSpec[] = [{ type: 'SPENDING' }];
  for (const m of plan.members) {
    const earns = plan.incomes.some((i) => i.type === 'SALARY' && i.memberId === m.id);
    if (earns && m.role !== 'DEPENDANT' && m.retirementAge > ageNow(plan, m.birthYear))
      levers.push({ type: 'RETIREMENT_AGE', memberId: m.id });
  }
  const invested = plan.accounts.find((a) => a.type === 'RETIREMENT') ?? plan.accounts.find((a) => a.type === 'TAXABLE');
  if (invested && yearsToRetirement(plan, invested) > 0) levers.push({ type: 'CONTRIBUTION', accountId: invested.id });
  for (const i of plan.incomes) if (i.type === 'SOCIAL_SECURITY') levers.push({ type: 'CLAIMING_AGE', memberId: i.memberId });
  if (plan.tax?.system === 'UK')
    for (const a of plan.accounts)
      if (a.type === 'PENSION' || a.type === 'RETIREMENT') levers.push({ type: 'TAX_FREE_CASH_AGE', accountId: a.id });
  levers.push({ type: 'LUMP_SUM' });
  return levers.filter((l) => !Array.isArray(resolveLever(plan, l)));
}
