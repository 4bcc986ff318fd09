/** The analysis document from merged shard results, finishing the searches in process. */
import type { HouseholdPlan } from '../household/plan.js';
import { ENGINE_VERSION } from '../version.js';
import type { AnalysisDocument, SensitivityEntry, SolveResult, StressEntry } from './analysis-document.js';
import { causeResults } from './causes.js';
import { proportion } from './estimates.js';
import { ANALYSIS_LIMITS, type AnalysisRequest } from './request.js';
import { RunnerPool } from './runner-pool.js';
import { baseValue } from './sensitivity.js';
import { leversOf, mustResolveTarget, sensitivityInputs, stressShocks, type AnalysisShardResult } from './shard.js';
import { describeShock } from './shocks.js';
import { finishSolve } from './solve.js';
import { medianEstateChange, pairedChanges, variantOutcome } from './variants.js';

/** Share of the lever's range a solution moves it by: how the diagnosis ranks its actions (unreachable ones last). */
function changeNeeded(s: SolveResult): number {
  if (s.status === 'UNREACHABLE') return Number.POSITIVE_INFINITY;
  const range = s.bracket.max - s.bracket.min;
  return range > 0 ? Math.abs(s.change) / range : 0;
}

export function buildAnalysis(
  plan: HouseholdPlan,
  request: AnalysisRequest,
  merged: AnalysisShardResult,
  meta: { seed: number; shards: number; elapsedMs: number },
): AnalysisDocument {
  const started = performance.now();
  const paths = merged.ranges.reduce((s, [, count]) => s + count, 0);
  if (merged.ranges.length !== 1 || merged.ranges[0][0] !== 0)
    throw new RangeError('buildAnalysis: the shard results must cover paths 0 … n − 1');
  const pool = new RunnerPool(meta.seed);
  const body: Partial<AnalysisDocument> = {};
  const maxTrials = ('maxTrials' in request ? request.maxTrials : undefined) ?? ANALYSIS_LIMITS.defaultMaxTrials;

  if (request.type === 'SOLVE' || request.type === 'DIAGNOSE') {
    const target = mustResolveTarget(plan, request);
    const levers = leversOf(plan, request);
    const base = merged.base!;
    const solves = levers.map((lever, k) => finishSolve(pool, lever, `lever${k}`, target, base, merged.cells![k], maxTrials));
    if (request.type === 'SOLVE') {
      body.solve = solves[0];
    } else {
      const due = base.filter((o) => o >= 0).length;
      const met = base.filter((o) => o === 1).length;
      body.diagnose = {
        target: { ...(target.goalId !== undefined ? { goalId: target.goalId } : {}), probability: target.probability },
        probability: proportion(met, due),
        failingPaths: due - met,
        causes: causeResults(merged.causes!, plan),
        actions: solves.sort((a, b) => changeNeeded(a) - changeNeeded(b)),
      };
    }
  } else {
    const [baseCounts, ...variants] = merged.variants!;
    const base = variantOutcome(baseCounts);
    if (request.type === 'SENSITIVITY') {
      const entries: SensitivityEntry[] = sensitivityInputs(plan, request).map((i, k) => {
        const down = variants[2 * k];
        const up = variants[2 * k + 1];
        return {
          input: i.input,
          base: baseValue(plan, i.input),
          down: i.down,
          up: i.up,
          successChange: { down: pairedChanges(baseCounts, down).success, up: pairedChanges(baseCounts, up).success },
          medianTerminalEstateChange: {
            down: medianEstateChange(baseCounts, down, meta.seed, `sensitivity:estate:${i.input}:down`),
            up: medianEstateChange(baseCounts, up, meta.seed, `sensitivity:estate:${i.input}:up`),
          },
          ...(i.limited ? { limited: i.limited } : {}),
        };
      });
      const swing = (e: SensitivityEntry) => Math.abs(e.successChange.up.value - e.successChange.down.value);
      body.sensitivity = { base, inputs: entries.sort((a, b) => swing(b) - swing(a)) };
    } else {
      const shocks: StressEntry[] = stressShocks(request as AnalysisRequest & { type: 'STRESS' }).map((shock, k) => {
        const changes = pairedChanges(baseCounts, variants[k]);
        return {
          shock: { ...shock },
          description: describeShock(shock),
          outcome: variantOutcome(variants[k]),
          successChange: changes.success,
          depletionChange: changes.depletion,
        };
      });
      body.stress = { base, shocks };
    }
  }

  const pathsSimulated = merged.pathsSimulated + pool.pathsSimulated;
  return {
    metadata: {
      engineVersion: ENGINE_VERSION,
      type: request.type,
      paths,
      seed: meta.seed,
      shards: meta.shards,
      elapsedMs: meta.elapsedMs + (performance.now() - started),
      pathsSimulated,
      simulatedPathYears: merged.pathYears + pool.pathYears,
      pathYears: merged.pathYears + pool.pathYears,
    },
    request,
    ...body,
  };
}
