import type { HouseholdPlan } from '../household/plan.js';
import { CLAIMING } from '../pensions/data/us-social-security.js';
import { ageLever } from './age-bounds.js';
import type { AnalysisIssue } from './issues.js';
import type { ResolvedLever } from './resolved-lever.js';
import type { LeverSpec } from './request.js';

/**
 * The Social Security claiming age of a member (whole years, 62 to 70; months past it dropped), from
 * their age at the start by default; a member who has already claimed has no such lever.
 * Claiming later pays more for life (docs/TAX.md, "Public pensions"), so the search takes a later
 * claim as the direction that helps.
 */
export function claimingAgeLever(
  plan: HouseholdPlan,
  spec: Extract<LeverSpec, { type: 'CLAIMING_AGE' }>,
  field: string,
): ResolvedLever | AnalysisIssue[] {
  const income = plan.incomes.find(
    (i): i is Extract<HouseholdPlan['incomes'][number], { type: 'SOCIAL_SECURITY' }> =>
      i.type === 'SOCIAL_SECURITY' && i.memberId === spec.memberId,
  );
  if (income === undefined)
    return [{ field: `${field}.memberId`, message: `no SOCIAL_SECURITY income of member ${spec.memberId} in the scenario` }];
  const current = income.claimingAge;
  const member = plan.members.find((m) => m.id === spec.memberId)!;
  const ageNow = plan.startYear - member.birthYear;
  // A claim made before the simulation starts is a fact of the past, not a choice left to make.
  if (current < ageNow) return [{ field: `${field}.memberId`, message: `${spec.memberId} has already claimed (at ${current})` }];
  const min = spec.min ?? Math.max(CLAIMING.earliestAge, ageNow);
  const max = spec.max ?? CLAIMING.latestAge;
  const { earliestAge, latestAge } = CLAIMING;
  return ageLever(
    field,
    { from: earliestAge, to: latestAge, message: `must be a whole age from ${earliestAge} to ${latestAge}` },
    {
      type: 'CLAIMING_AGE',
      itemId: spec.memberId,
      current,
      min,
      max,
      apply: (value) => ({
        ...plan,
        incomes: plan.incomes.map((i) => (i === income ? { ...income, claimingAge: value, claimingMonths: 0 } : i)),
      }),
      describe: (value) => `${spec.memberId} claiming Social Security at ${value}`,
    },
  );
}
