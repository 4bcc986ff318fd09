/**
 * What a search or a diagnosis aims at, read off one simulated path: whether the path counts (a
 * goal's achievability counts only the paths on which the goal came due) and whether it meets the
 * target (the plan succeeded, or the goal was paid in full every time it came due).
 */
import type { HouseholdPathSimulator } from '../household/household-path.js';
import type { PathOutcomes } from '../household/path-runner.js';
import type { HouseholdPlan } from '../household/plan.js';
import type { AnalysisIssue } from './issues.js';
import type { TargetSpec } from './request.js';

export const DEFAULT_TARGET_PROBABILITY = 0.85;

export interface ResolvedTarget {
  goalId?: string;
  /** Index of the goal in the plan's goals, or −1 for the plan's success. */
  goal: number;
  probability: number;
}

export function resolveTarget(plan: HouseholdPlan, spec: TargetSpec | undefined, field = 'target'): ResolvedTarget | AnalysisIssue[] {
  const probability = spec?.probability ?? DEFAULT_TARGET_PROBABILITY;
  const issues: AnalysisIssue[] = [];
  if (!(probability > 0 && probability < 1)) issues.push({ field: `${field}.probability`, message: 'must lie strictly between 0 and 1' });
  const goal = spec?.goalId === undefined ? -1 : plan.goals.findIndex((g) => g.id === spec.goalId);
  if (spec?.goalId !== undefined && goal < 0) issues.push({ field: `${field}.goalId`, message: `no goal ${spec.goalId} in the scenario` });
  if (issues.length) return issues;
  return { ...(spec?.goalId !== undefined ? { goalId: spec.goalId } : {}), goal, probability };
}

/** Whether the path counts towards the target's probability. */
export function targetDue(target: ResolvedTarget, sim: HouseholdPathSimulator): boolean {
  return target.goal < 0 || sim.goalCameDue[target.goal] === 1;
}

/** targetDue for the path at position k of a batch's outcomes. */
export function targetDueAt(target: ResolvedTarget, out: PathOutcomes, k: number): boolean {
  return target.goal < 0 || out.goalCameDue[k * out.goals + target.goal] === 1;
}

/** targetMet for the path at position k of a batch's outcomes. */
export function targetMetAt(target: ResolvedTarget, out: PathOutcomes, k: number): boolean {
  return target.goal < 0 ? out.success[k] === 1 : out.goalFull[k * out.goals + target.goal] === 1;
}

/** Whether the path meets the target (only meaningful where it is due). */
export function targetMet(target: ResolvedTarget, sim: HouseholdPathSimulator): boolean {
  return target.goal < 0 ? sim.success : sim.goalFull[target.goal] === 1;
}
