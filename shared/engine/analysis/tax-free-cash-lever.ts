import { MAX_AGE, type HouseholdPlan } from '../household/plan.js';
import { ageLever } from './age-bounds.js';
import type { AnalysisIssue } from './issues.js';
import type { ResolvedLever } from './resolved-lever.js';
import type { LeverSpec } from './request.js';

/** The lump sum age of a UK pension whose tax-free cash is phased throughout (docs/TAX.md, "Wrappers"). */
const PHASED = MAX_AGE;

/**
 * The age at which a UK pension pays the rest of its tax-free cash as one lump sum (whole years),
 * its withdrawals before that age taking their tax-free quarter with them; MAX_AGE stands for
 * phased throughout. From the later of the access age and the owner's age now, to MAX_AGE by
 * default. A pension whose lump sum was taken before the start has no such lever. Phasing keeps
 * the quarter in the pension, growing untaxed, and spreads it over years of income, so the search
 * takes a later lump sum as the direction that helps.
 */
export function taxFreeCashLever(
  plan: HouseholdPlan,
  spec: Extract<LeverSpec, { type: 'TAX_FREE_CASH_AGE' }>,
  field: string,
): ResolvedLever | AnalysisIssue[] {
  const at = `${field}.accountId`;
  const account = plan.accounts.find((a) => a.id === spec.accountId);
  if (account === undefined) return [{ field: at, message: `no account ${spec.accountId} in the scenario` }];
  if (plan.tax?.system !== 'UK' || (account.type !== 'PENSION' && account.type !== 'RETIREMENT'))
    return [{ field: at, message: `${account.id} is not a UK pension (PENSION, or RETIREMENT under taxSystem UK)` }];
  const owner = plan.members.find((m) => m.id === account.ownerId);
  if (owner === undefined) return [{ field: at, message: `${account.id} has no owner` }];
  const ageNow = plan.startYear - owner.birthYear;
  const lumpSum = plan.tax.pensionTaxFreeCash === 'LUMP_SUM' ? account.accessAge : PHASED;
  const current = Math.min(PHASED, account.taxFreeCashAge ?? lumpSum);
  // A lump sum taken before the simulation starts is a fact of the past, not a choice left to make.
  if (current < ageNow)
    return [{ field: at, message: `${account.id} paid its tax-free cash as a lump sum at ${current}, before the start` }];
  const from = Math.max(account.accessAge, ageNow);
  const min = spec.min ?? from;
  const max = spec.max ?? PHASED;
  const message = `must be a whole age from ${from} (the access age, or the owner's age now) to ${PHASED} (phased)`;
  return ageLever(
    field,
    { from, to: PHASED, message },
    {
      type: 'TAX_FREE_CASH_AGE',
      itemId: account.id,
      current,
      min,
      max,
      apply: (value) => ({ ...plan, accounts: plan.accounts.map((a) => (a === account ? { ...account, taxFreeCashAge: value } : a)) }),
      describe: (value) =>
        value >= PHASED
          ? `${account.id}'s tax-free cash phased, a quarter of each withdrawal`
          : `${account.id}'s tax-free cash taken as a lump sum at ${value}`,
    },
  );
}
