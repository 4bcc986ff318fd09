import type { PlanAccount } from './plan.js';

/**
 * Each account's own contribution as a fraction of its owner's salary, scaled down in proportion
 * where one owner's retirement accounts (`takesContributions`: RETIREMENT and the pension wrappers)
 * ask for more than the whole salary between them: an owner
 * can pay in at most what they earn, so contributions never make money nor push earned income, and
 * the tax on it, below zero. Scenarios asking for more are refused before they get here; a plan
 * built another way is held to the same bound.
 */
export function contributionFractions(
  accounts: readonly PlanAccount[],
  owner: Int32Array,
  takesContributions: (account: PlanAccount) => boolean,
): Float64Array {
  const asked = Float64Array.from(accounts, (a) => (takesContributions(a) ? a.contributionFraction : 0));
  const total = new Map<number, number>();
  asked.forEach((f, a) => total.set(owner[a], (total.get(owner[a]) ?? 0) + f));
  return asked.map((f, a) => f / Math.max(1, total.get(owner[a])!));
}
