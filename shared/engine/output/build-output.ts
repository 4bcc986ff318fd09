import { assumptionSetOf } from '../assumption-set.js';
import { taxRulesOf } from '../household/household-tax.js';
import { ExactSum } from '../stats/index.js';
import type { HouseholdPlan } from '../household/plan.js';
import { PathRunner } from '../household/path-runner.js';
import { replayLife } from '../lives/replay-life.js';
import type { Life, OutputDocument, TimeSeriesEntry } from './output-document.js';
import { mergeShards, type MergedShards } from './merge-shards.js';
import { mergedPercentiles as percentiles } from './percentiles.js';
import { ANNUALISED_FACTORS, SERIES_METRICS, type ShardResult } from './shard-result.js';

const LIFE_PERCENTILES = [10, 50, 90] as const;

/**
 * With an estate tax, the terminal estate (the summary's percentiles, what a LEGACY goal measures)
 * is after the tax; the summary adds the mean tax and the mean estate before and after it.
 */
function estateSummary(plan: HouseholdPlan, merged: MergedShards): Pick<OutputDocument['summary'], 'estate'> {
  if (plan.estateTax === undefined || merged.estateTax === undefined || merged.paths === 0) return {};
  const n = merged.paths;
  const expectedTax = merged.estateTax.value() / n;
  const meanAfterTax = (merged.terminalEstate.sum.value() * merged.terminalEstate.unit) / n;
  return { estate: { taxSystem: plan.estateTax, expectedTax, meanBeforeTax: meanAfterTax + expectedTax, meanAfterTax } };
}

const isMerged = (r: ShardResult | MergedShards): r is MergedShards => r.totalShortfall instanceof ExactSum;

/**
 * The output document from the merged shard results of one run: held in memory (mergeShards), or
 * as one shard result (JSON), which is read first.
 */
export function buildOutput(
  plan: HouseholdPlan,
  result: ShardResult | MergedShards,
  meta: { seed: number; shards: number; elapsedMs: number },
): OutputDocument {
  const merged = isMerged(result) ? result : mergeShards([result]);
  const n = merged.paths;
  const ratio = (k: number, of: number) => (of > 0 ? k / of : 0);
  const ages = (t: number) => Object.fromEntries(plan.members.map((m) => [m.id, plan.startYear + t - m.birthYear]));

  const timeSeries: TimeSeriesEntry[] = [];
  for (let t = 0; t < merged.years; t++) {
    const entry = {
      year: t,
      calendarYear: plan.startYear + t,
      ages: ages(t),
      paths: merged.running[t],
    } as TimeSeriesEntry;
    SERIES_METRICS.forEach((metric, k) => {
      entry[metric] = { nominal: percentiles(merged.series[k][0][t]), real: percentiles(merged.series[k][1][t]) };
    });
    entry.members = Object.fromEntries(
      plan.members.map((m, i) => [
        m.id,
        {
          alive: ratio(merged.memberYears[i].alive[t], n),
          disabled: ratio(merged.memberYears[i].disabled[t], n),
          longTermCare: ratio(merged.memberYears[i].longTermCare[t], n),
        },
      ]),
    );
    entry.depleted = ratio(merged.depletedBy[t], n);
    timeSeries.push(entry);
  }

  return {
    summary: {
      probabilityOfSuccess: ratio(merged.successes, n),
      probabilityOfDepletion: ratio(merged.depletions, n),
      probabilityOfCashSqueeze: ratio(merged.depletions - merged.runningOut, n),
      probabilityOfRunningOut: ratio(merged.runningOut, n),
      depletionAge: percentiles(merged.depletionAge),
      expectedShortfall: n > 0 ? merged.totalShortfall.value() / n : 0,
      terminalEstate: percentiles(merged.terminalEstate),
      ...estateSummary(plan, merged),
      goals: plan.goals.map((g, i) => {
        const s = merged.goals[i];
        return {
          goalId: g.id,
          achievability: s.due > 0 ? s.achieved / s.due : null,
          expectedFundedRatio: s.due > 0 ? s.fundedRatio.value() / s.due : null,
        };
      }),
      members: plan.members.map((m, i) => {
        const s = merged.members[i];
        return {
          memberId: m.id,
          lifeExpectancy: n > 0 ? s.halfYearsLived / (2 * n) : 0,
          probabilityDisabled: ratio(s.everDisabled, n),
          probabilityLongTermCare: ratio(s.everLongTermCare, n),
          probabilityUnemployed: ratio(s.everUnemployed, n),
        };
      }),
    },
    timeSeries,
    economy: {
      years: Array.from({ length: merged.years }, (_, t) => ({
        year: t,
        calendarYear: plan.startYear + t,
        inflation: percentiles(merged.economy[0][t]),
        shortRate: percentiles(merged.economy[1][t]),
        equityReturn: percentiles(merged.economy[2][t]),
        bondReturn: percentiles(merged.economy[3][t]),
      })),
      annualised: Object.fromEntries(
        ANNUALISED_FACTORS.map((f, i) => [f, percentiles(merged.annualised[i])]),
      ) as OutputDocument['economy']['annualised'],
    },
    lives: buildLives(plan, merged, meta.seed),
    metadata: {
      engineVersion: merged.engineVersion,
      seed: meta.seed,
      paths: n,
      years: merged.years,
      simulatedPathYears: merged.pathYears,
      pathYears: merged.pathYears,
      shards: meta.shards,
      elapsedMs: meta.elapsedMs,
      startYear: plan.startYear,
      assumptionSet: assumptionSetOf(plan.assumptions),
      assumptions: { economic: plan.assumptions.economic, life: plan.assumptions.life },
      // Under FLAT the metadata is as it was: the flat rates are in the scenario.
      ...(plan.tax !== undefined ? { taxRules: taxRulesOf(plan.tax) } : {}),
    },
  };
}

/** Re-simulates, in full, the sampled paths nearest to the 10th, 50th and 90th percentile of terminal estate. */
function buildLives(plan: HouseholdPlan, merged: MergedShards, seed: number): Life[] {
  if (merged.sample.length === 0) return [];
  const sketch = merged.terminalEstate.sketch;
  const runner = heldRunner(plan, merged, seed) ?? new PathRunner(plan, seed);
  const used = new Set<number>();
  const lives: Life[] = [];
  for (const p of LIFE_PERCENTILES) {
    const target = sketch.quantile(p / 100);
    let best = merged.sample[0];
    for (const s of merged.sample) {
      const d = Math.abs(s.terminalEstate - target) - Math.abs(best.terminalEstate - target);
      if (d < 0 || (d === 0 && s.pathIndex < best.pathIndex)) best = s;
    }
    if (used.has(best.pathIndex) && lives.length > 0) {
      lives.push({ ...lives.find((l) => l.pathIndex === best.pathIndex)!, label: `P${p}`, percentile: p });
      continue;
    }
    used.add(best.pathIndex);
    lives.push(simulateLife(runner, best.pathIndex, p));
  }
  return lives;
}

/**
 * The runner a merged shard held in memory was simulated with, if it ran this plan under this seed:
 * a path depends only on them and its index, and building a runner (the plan compiled, the life
 * model calibrated) took about a third of building a young-family output.
 */
function heldRunner(plan: HouseholdPlan, merged: MergedShards, seed: number): PathRunner | undefined {
  const runner = merged.runner;
  if (runner === undefined || runner.seed !== seed) return undefined;
  const own = runner.compiled.plan;
  return own === plan || JSON.stringify(own) === JSON.stringify(plan) ? runner : undefined;
}

function simulateLife(runner: PathRunner, pathIndex: number, percentile: number): Life {
  return { label: `P${percentile}`, percentile, ...replayLife(runner, pathIndex) };
}
