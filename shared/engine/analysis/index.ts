/**
 * Analyses of a plan (docs/ANALYSES.md): SOLVE, DIAGNOSE, SENSITIVITY and STRESS. Like simulations,
 * shards of paths are analysed independently (`analysisShard`), merged in any order
 * (`mergeAnalysisShards`) and turned into the document (`buildAnalysis`), which simulates a few
 * more paths in process (a solver's last bisection and its check); `analyse` does all three.
 */
import type { HouseholdPlan } from '../household/plan.js';
import { splitPaths } from '../output/simulate-shard.js';
import type { AnalysisDocument } from './analysis-document.js';
import { buildAnalysis } from './build.js';
import { AnalysisRequestError, type AnalysisIssue } from './issues.js';
import { resolveLever } from './levers.js';
import { ANALYSIS_LIMITS, type AnalysisRequest } from './request.js';
import { sensitivityIssues } from './sensitivity.js';
import { analysisShard, leversOf, mergeAnalysisShards, sensitivityInputs, stressShocks } from './shard.js';
import { shockIssues } from './shocks.js';
import { gridTrials, gridUnits } from './solve.js';
import { resolveTarget } from './target.js';

export type * from './analysis-document.js';
export * from './request.js';
export { AnalysisRequestError, type AnalysisIssue } from './issues.js';
export { analysisShard, mergeAnalysisShards, buildAnalysis };
export type { AnalysisShardResult } from './shard.js';

function trialIssues(request: { maxTrials?: number }): AnalysisIssue[] {
  const t = request.maxTrials;
  if (t === undefined) return [];
  return Number.isInteger(t) && t >= ANALYSIS_LIMITS.minTrials && t <= ANALYSIS_LIMITS.maxTrials
    ? []
    : [{ field: 'maxTrials', message: `must be a whole number from ${ANALYSIS_LIMITS.minTrials} to ${ANALYSIS_LIMITS.maxTrials}` }];
}

/** Problems of a request against a plan (unknown items, crossing bounds, limits), each naming its request field. Empty: valid. */
export function analysisIssues(plan: HouseholdPlan, request: AnalysisRequest): AnalysisIssue[] {
  switch (request.type) {
    case 'SOLVE': {
      const lever = resolveLever(plan, request.lever);
      const target = resolveTarget(plan, request.target);
      return [...(Array.isArray(lever) ? lever : []), ...(Array.isArray(target) ? target : []), ...trialIssues(request)];
    }
    case 'DIAGNOSE': {
      const target = resolveTarget(plan, request.target);
      return [...(Array.isArray(target) ? target : []), ...trialIssues(request)];
    }
    case 'SENSITIVITY': {
      const inputs = request.inputs ?? [];
      if (inputs.length > ANALYSIS_LIMITS.sensitivityInputs)
        return [{ field: 'inputs', message: `must have at most ${ANALYSIS_LIMITS.sensitivityInputs} entries` }];
      const issues = inputs.flatMap((input, i) => sensitivityIssues(plan, input, `inputs[${i}]`));
      if (request.inputs !== undefined && sensitivityInputs(plan, request).length === 0)
        issues.push({ field: 'inputs', message: 'none of the inputs applies to this scenario' });
      return issues;
    }
    case 'STRESS': {
      const shocks = request.shocks ?? [];
      if (shocks.length > ANALYSIS_LIMITS.stressShocks)
        return [{ field: 'shocks', message: `must have at most ${ANALYSIS_LIMITS.stressShocks} entries` }];
      if (request.shocks !== undefined && shocks.length === 0) return [{ field: 'shocks', message: 'must name at least one shock' }];
      return shocks.flatMap((shock, i) => shockIssues(shock, `shocks[${i}]`));
    }
    default:
      return [{ field: 'type', message: 'must be SOLVE, DIAGNOSE, SENSITIVITY or STRESS' }];
  }
}

function mustBeValid(plan: HouseholdPlan, request: AnalysisRequest): void {
  const issues = analysisIssues(plan, request);
  if (issues.length) throw new AnalysisRequestError(issues);
}

/**
 * Path-years the analysis simulates for `paths` paths at most, counting every trial (each path
 * runs at most plan.years): sizes the run and what it costs.
 */
export function analysisPathYears(plan: HouseholdPlan, request: AnalysisRequest, paths: number): number {
  mustBeValid(plan, request);
  let runsPerPath: number;
  switch (request.type) {
    case 'SOLVE':
    case 'DIAGNOSE':
      // The base, each lever's grid bisection and its check at the solved value (the in-cell bisection touches few paths).
      runsPerPath = 1 + leversOf(plan, request).reduce((s, lever) => s + gridTrials(gridUnits(lever).length) + 1, 0);
      break;
    case 'SENSITIVITY':
      runsPerPath = 1 + 2 * sensitivityInputs(plan, request).length;
      break;
    case 'STRESS':
      runsPerPath = 1 + stressShocks(request).length;
      break;
  }
  return paths * plan.years * runsPerPath;
}

/** Analyses a plan in process, split into `shards` ranges (default 1) merged as the cloud would. */
export function analyse(
  plan: HouseholdPlan,
  request: AnalysisRequest,
  options: { seed: number; paths: number; shards?: number; onShard?: (done: number, of: number) => void },
): AnalysisDocument {
  mustBeValid(plan, request);
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) throw new RangeError('seed: must be a non-negative safe integer');
  if (!Number.isInteger(options.paths) || options.paths < 1) throw new RangeError('paths: must be a positive whole number');
  const started = performance.now();
  const ranges = splitPaths(options.paths, options.shards ?? 1);
  const results = ranges.map((range, k) => {
    const result = analysisShard(plan, request, options.seed, range);
    options.onShard?.(k + 1, ranges.length);
    return result;
  });
  const merged = mergeAnalysisShards(results);
  return buildAnalysis(plan, request, merged, { seed: options.seed, shards: ranges.length, elapsedMs: performance.now() - started });
}
