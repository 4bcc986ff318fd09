/**
 * One shard of an analysis: the paths of one range, every variant or trial the analysis needs on
 * them. Results hold per-path figures (switch cells, base outcomes) in path order, and counts;
 * shards merge in any order into the result of one shard covering all paths.
 */
import type { HouseholdPlan } from '../household/plan.js';
import { checkRange, type ShardRange } from '../output/simulate-shard.js';
import { ENGINE_VERSION } from '../version.js';
import { countCauses, emptyCauseCounts, mergeCauseCounts, type CauseCounts } from './causes.js';
import { AnalysisRequestError } from './issues.js';
import { diagnosisLevers, resolveLever, type ResolvedLever } from './levers.js';
import type { AnalysisRequest, LeverSpec, SensitivityInputName, StressShock } from './request.js';
import { RunnerPool } from './runner-pool.js';
import { DEFAULT_SENSITIVITY_INPUTS, isApplicable, moved, resolvedMoves } from './sensitivity.js';
import { DEFAULT_STRESS_SHOCKS, economyShock } from './shocks.js';
import { baseOutcomes, switchCells, type Outcome } from './solve.js';
import { resolveTarget, targetDue, targetMet, type ResolvedTarget } from './target.js';
import { mergeVariantCounts, runVariants, type Variant, type VariantCounts } from './variants.js';

export interface AnalysisShardResult {
  engineVersion: string;
  type: AnalysisRequest['type'];
  /** [pathStart, pathCount] of each range covered, ascending and contiguous. */
  ranges: [number, number][];
  pathsSimulated: number;
  pathYears: number;
  /** SOLVE and DIAGNOSE: the base plan's outcome per path, and per lever each path's switch cell. */
  base?: Outcome[];
  cells?: number[][];
  causes?: CauseCounts;
  /** SENSITIVITY and STRESS: the base first, then each variant. */
  variants?: VariantCounts[];
}

export function mustResolveLever(plan: HouseholdPlan, spec: LeverSpec, field = 'lever'): ResolvedLever {
  const lever = resolveLever(plan, spec, field);
  if (Array.isArray(lever)) throw new AnalysisRequestError(lever);
  return lever;
}

export function mustResolveTarget(plan: HouseholdPlan, request: AnalysisRequest): ResolvedTarget {
  const target = resolveTarget(plan, 'target' in request ? request.target : undefined);
  if (Array.isArray(target)) throw new AnalysisRequestError(target);
  return target;
}

/** The levers an analysis searches: the SOLVE's one, or every lever a DIAGNOSE tries. */
export function leversOf(plan: HouseholdPlan, request: AnalysisRequest): ResolvedLever[] {
  if (request.type === 'SOLVE') return [mustResolveLever(plan, request.lever)];
  if (request.type === 'DIAGNOSE') return diagnosisLevers(plan).map((spec) => mustResolveLever(plan, spec));
  return [];
}

/** The sensitivity inputs that apply to the plan, with their moves; or the stress shocks. */
export function sensitivityInputs(plan: HouseholdPlan, request: AnalysisRequest & { type: 'SENSITIVITY' }) {
  const inputs = request.inputs ?? DEFAULT_SENSITIVITY_INPUTS.map((input) => ({ input }));
  return inputs
    .filter((i) => isApplicable(plan, i.input))
    .map((i) => ({ input: i.input as SensitivityInputName, ...resolvedMoves(plan, i) }));
}

export const stressShocks = (request: AnalysisRequest & { type: 'STRESS' }): StressShock[] => request.shocks ?? DEFAULT_STRESS_SHOCKS;

function variantsOf(plan: HouseholdPlan, request: AnalysisRequest): Variant[] {
  if (request.type === 'SENSITIVITY') {
    return sensitivityInputs(plan, request).flatMap((i) => [
      { key: `${i.input}:down`, build: () => moved(plan, i.input, i.down) },
      { key: `${i.input}:up`, build: () => moved(plan, i.input, i.up) },
    ]);
  }
  if (request.type === 'STRESS') {
    return stressShocks(request).map((shock, k) => ({ key: `shock:${k}`, build: () => ({ plan, shock: economyShock(shock, plan) }) }));
  }
  return [];
}

export function analysisShard(plan: HouseholdPlan, request: AnalysisRequest, seed: number, range: ShardRange): AnalysisShardResult {
  checkRange(range);
  const pool = new RunnerPool(seed);
  const result: AnalysisShardResult = {
    engineVersion: ENGINE_VERSION,
    type: request.type,
    ranges: range.pathCount > 0 ? [[range.pathStart, range.pathCount]] : [],
    pathsSimulated: 0,
    pathYears: 0,
  };
  if (request.type === 'SOLVE' || request.type === 'DIAGNOSE') {
    const target = mustResolveTarget(plan, request);
    const levers = leversOf(plan, request);
    const base =
      request.type === 'DIAGNOSE'
        ? diagnoseBase(pool, plan, target, range, (result.causes = emptyCauseCounts(plan)))
        : baseOutcomes(pool, plan, target, range);
    result.base = base;
    result.cells = levers.map((lever, k) => switchCells(pool, lever, `lever${k}`, target, base, range));
  } else {
    result.variants = runVariants(pool, plan, variantsOf(plan, request), range);
  }
  result.pathsSimulated = pool.pathsSimulated;
  result.pathYears = pool.pathYears;
  return result;
}

/** The base plan's outcome per path, counting the causes on the way (with each path's whole economy, for its first decade). */
function diagnoseBase(pool: RunnerPool, plan: HouseholdPlan, target: ResolvedTarget, range: ShardRange, causes: CauseCounts): Outcome[] {
  const runner = pool.runner('base', () => ({ plan }));
  const out: Outcome[] = [];
  for (let p = range.pathStart; p < range.pathStart + range.pathCount; p++) {
    const sim = pool.run(runner, p, true);
    if (!targetDue(target, sim)) {
      out.push(-1);
      continue;
    }
    const met = targetMet(target, sim);
    countCauses(causes, plan, runner, !met, sim.yearsRun);
    out.push(met ? 1 : 0);
  }
  return out;
}

/** Merges shard results of one analysis, in any order, into one covering all their paths. */
export function mergeAnalysisShards(results: readonly AnalysisShardResult[]): AnalysisShardResult {
  if (results.length === 0) throw new RangeError('mergeAnalysisShards: no shard results');
  const sorted = [...results].filter((r) => r.ranges.length > 0).sort((a, b) => a.ranges[0][0] - b.ranges[0][0]);
  const first = results[0];
  for (const r of results) {
    if (r.engineVersion !== first.engineVersion || r.type !== first.type)
      throw new RangeError('mergeAnalysisShards: results of different analyses or engine versions');
  }
  const ranges: [number, number][] = [];
  for (const r of sorted) {
    for (const [start, count] of r.ranges) {
      const last = ranges[ranges.length - 1];
      if (last && start !== last[0] + last[1]) throw new RangeError(`mergeAnalysisShards: path ranges are not contiguous at ${start}`);
      if (last) last[1] += count;
      else ranges.push([start, count]);
    }
  }
  const merged: AnalysisShardResult = {
    engineVersion: first.engineVersion,
    type: first.type,
    ranges,
    pathsSimulated: results.reduce((s, r) => s + r.pathsSimulated, 0),
    pathYears: results.reduce((s, r) => s + r.pathYears, 0),
  };
  if (first.base) {
    merged.base = sorted.flatMap((r) => r.base ?? []);
    merged.cells = first.cells!.map((_, k) => sorted.flatMap((r) => r.cells![k]));
  }
  if (first.causes) {
    const causes = structuredClone(first.causes);
    for (const r of results) if (r !== first) mergeCauseCounts(causes, r.causes!);
    merged.causes = causes;
  }
  if (first.variants) {
    merged.variants = first.variants.map((v, k) => results.slice(1).reduce((acc, r) => mergeVariantCounts(acc, r.variants![k]), v));
  }
  return merged;
}
