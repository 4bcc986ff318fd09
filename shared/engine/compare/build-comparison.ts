import { ExactSum, studentTCritical } from '../stats/index.js';
import type { HouseholdPlan } from '../household/plan.js';
import type { Percentiles } from '../output/output-document.js';
import { percentiles, sumValue, PERCENTILE_LEVELS } from '../output/percentiles.js';
import type { ShardResult } from '../output/shard-result.js';
import { PAIRED_MEANS, PAIRED_MEMBER_MEANS, type BatchSide, type ComparisonShardResult } from './comparison-shard.js';
import type { ComparedFigure, ComparisonDocument } from './comparison-document.js';
import { bootstrapPairedDifferences, replicateStandardDeviation, type BootstrapReplicates } from './paired-ages.js';
import { estateValue } from './estate-buckets.js';
import { bootstrapMedianDifferences } from './median-bootstrap.js';
import { readSketch } from '../output/merge-shards.js';

export type { ComparedFigure, ComparisonDocument };

/** An estimated standard error and its degrees of freedom (paths − 1, or batches − 1). */
interface StandardError {
  se: number;
  df: number;
}

/**
 * A compared figure; its 95% interval is difference ± t · SE with Student's t on the standard
 * error's degrees of freedom (the SE is itself estimated: from 32 batches t is 2.04, not 1.96).
 */
function figure(
  name: string,
  baseline: number | null,
  alternative: number | null,
  error: StandardError | null,
  method: ComparedFigure['method'],
): ComparedFigure {
  const difference = baseline === null || alternative === null ? null : alternative - baseline;
  const se = difference === null || error === null ? null : error.se;
  const half = se === null ? 0 : studentTCritical(0.95, error!.df) * se;
  return {
    figure: name,
    baseline,
    alternative,
    difference,
    standardError: se,
    interval95: difference === null || se === null ? null : [difference - half, difference + half],
    method,
  };
}

/** Standard error of the mean difference from exact sums of d and d² over n paths. */
function pairedStandardError(d: number, d2: number, n: number): StandardError | null {
  if (n < 2) return null;
  const ss = d2 - (d * d) / n;
  return { se: ss <= 0 ? 0 : Math.sqrt(ss / (n * (n - 1))), df: n - 1 };
}

/** Batch-means standard error: spread of the per-batch differences (batches with an undefined figure are left out). */
function batchStandardError(diffs: (number | null)[]): StandardError | null {
  const xs = diffs.filter((x): x is number => x !== null && Number.isFinite(x));
  const k = xs.length;
  if (k < 2) return null;
  if (xs.every((x) => x === xs[0])) return { se: 0, df: k - 1 };
  const mean = xs.reduce((s, x) => s + x, 0) / k;
  const v = xs.reduce((s, x) => s + (x - mean) * (x - mean), 0) / (k - 1);
  return { se: Math.sqrt(v / k), df: k - 1 };
}

const ratio = (num: number, den: number) => (den > 0 ? num / den : null);

export function buildComparison(
  baseline: HouseholdPlan,
  alternative: HouseholdPlan,
  merged: ComparisonShardResult,
  meta: { seed: number; shards: number; elapsedMs: number },
): ComparisonDocument {
  const A = merged.baseline;
  const B = merged.alternative;
  const n = A.paths;
  const paired = (f: number, a: number | null, b: number | null, name: string) => {
    const s = merged.pairedSums[f];
    return figure(name, a, b, pairedStandardError(sumValue(s.d), sumValue(s.d2), n), 'PAIRED_PATHS');
  };
  const mean = (r: ShardResult, sum: ReturnType<typeof sumValue>) => (r.paths > 0 ? sum / r.paths : null);
  const levels = PERCENTILE_LEVELS.map((p) => p / 100);
  /**
   * Percentile differences: paired bootstrap over paths (paired-ages.ts). Batch means of these
   * were too small (by 1.25 to 1.6 for depletion ages, 1.4 to 3.3 for terminal estates): a batch
   * of a thirty-second of the paths holds few of those near an outer percentile, and its
   * percentile varies less than the run's scaled down.
   */
  const bootstrapped = (
    prefix: string,
    a: Percentiles,
    b: Percentiles,
    replicates: BootstrapReplicates,
    whole: boolean,
  ): ComparedFigure[] =>
    ['mean', ...PERCENTILE_LEVELS.map((p) => `p${p}`)].flatMap((key, i) => {
      const xs = i === 0 ? replicates.mean : replicates.quantiles[i - 1];
      if (i === 0 && prefix === 'terminalEstate') return [];
      const se = replicateStandardDeviation(xs);
      const f = figure(
        `${prefix}.${key}`,
        a[key as keyof Percentiles],
        b[key as keyof Percentiles],
        se === null ? null : { se, df: n - 1 },
        'PAIRED_BOOTSTRAP',
      );
      // A difference of whole-number percentiles is a whole number, and so is the truth: its interval
      // is difference ± t · SE with its ends rounded to whole years, the whole numbers within t · SE + 0.5
      // of the difference (a continuity correction), which covers the truth 95.5% to 98.5% of the time
      // (docs/OUTPUT.md, "Coverage, measured"), where ± t · SE alone covered 32% to 72%.
      if (whole && i > 0 && f.interval95 !== null) f.interval95 = [Math.round(f.interval95[0]), Math.round(f.interval95[1])];
      return [f];
    });
  const estateA = percentiles(A.terminalEstate);
  const estateB = percentiles(B.terminalEstate);
  const depletionAgeA = percentiles(A.depletionAge);
  const depletionAgeB = percentiles(B.depletionAge);
  const ageReplicates = bootstrapPairedDifferences(merged.depletionAges, levels, meta.seed, 'compare:bootstrap:depletionAge');
  const estateReplicates = bootstrapPairedDifferences(merged.terminalEstates ?? [], levels, meta.seed, 'compare:bootstrap:terminalEstate', {
    counts: () => true,
    valueAt: estateValue,
    lowest: -Infinity,
  });

  const summary: ComparedFigure[] = [
    paired(0, ratio(A.successes, n), ratio(B.successes, n), PAIRED_MEANS[0]),
    paired(1, ratio(A.depletions, n), ratio(B.depletions, n), PAIRED_MEANS[1]),
    paired(2, mean(A, sumValue(A.totalShortfall)), mean(B, sumValue(B.totalShortfall)), PAIRED_MEANS[2]),
    paired(3, estateA.mean, estateB.mean, PAIRED_MEANS[3]),
    ...bootstrapped('terminalEstate', estateA, estateB, estateReplicates, false),
    ...bootstrapped('depletionAge', depletionAgeA, depletionAgeB, ageReplicates, true),
  ];

  const goalIds = [...new Set([...baseline.goals.map((g) => g.id), ...alternative.goals.map((g) => g.id)])];
  const goals = goalIds.map((goalId) => {
    const ia = baseline.goals.findIndex((g) => g.id === goalId);
    const ib = alternative.goals.findIndex((g) => g.id === goalId);
    const ach = (r: ShardResult, i: number) => (i < 0 ? null : ratio(r.goals[i].achieved, r.goals[i].due));
    const fr = (r: ShardResult, i: number) => (i < 0 ? null : ratio(sumValue(r.goals[i].fundedRatio), r.goals[i].due));
    const side = (x: BatchSide, i: number, f: (g: BatchSide['goals'][number]) => number | null) => (i < 0 ? null : f(x.goals[i]));
    const diffs = (f: (g: BatchSide['goals'][number]) => number | null) =>
      merged.batches.map((x) => {
        const va = side(x.baseline, ia, f);
        const vb = side(x.alternative, ib, f);
        return va === null || vb === null ? null : vb - va;
      });
    const achF = (g: BatchSide['goals'][number]) => ratio(g.achieved, g.due);
    const frF = (g: BatchSide['goals'][number]) => ratio(ExactSum.fromJSON(g.fundedRatio).value(), g.due);
    return {
      goalId,
      achievability: figure('achievability', ach(A, ia), ach(B, ib), batchStandardError(diffs(achF)), 'BATCH_MEANS'),
      expectedFundedRatio: figure('expectedFundedRatio', fr(A, ia), fr(B, ib), batchStandardError(diffs(frF)), 'BATCH_MEANS'),
    };
  });

  const members = merged.commonMembers.map((memberId, k) => {
    const ia = baseline.members.findIndex((m) => m.id === memberId);
    const ib = alternative.members.findIndex((m) => m.id === memberId);
    const value = (r: ShardResult, i: number, which: number) => {
      const s = r.members[i];
      if (r.paths === 0) return null;
      return which === 0
        ? s.halfYearsLived / (2 * r.paths)
        : (which === 1 ? s.everDisabled : which === 2 ? s.everLongTermCare : s.everUnemployed) / r.paths;
    };
    return {
      memberId,
      figures: PAIRED_MEMBER_MEANS.map((name, w) => paired(PAIRED_MEANS.length + 4 * k + w, value(A, ia, w), value(B, ib, w), name)),
    };
  });

  const years = Math.max(A.years, B.years);
  const pairedYears = merged.pairedYears;
  // The bootstrap resamples the sampled paths (all of a run's up to PAIRED_YEAR_SAMPLE): the
  // spread of a median over m paths, scaled by sqrt(m / n), is its spread over the run's n.
  const sampleScale = n > 0 ? Math.sqrt(pairedYears.sample.length / n) : 0;
  const medianOf = (r: ShardResult, t: number) => (t < r.years ? percentiles(r.series[0][1][t]).p50 : null);
  const medianReplicates = bootstrapMedianDifferences(
    pairedYears.sample,
    years,
    meta.seed,
    (t) => [medianOf(A, t), medianOf(B, t)],
    sampleScale,
  );
  const timeSeries = Array.from({ length: years }, (_, t) => {
    const pa = t < A.years ? percentiles(A.series[0][1][t]) : null;
    const pb = t < B.years ? percentiles(B.series[0][1][t]) : null;
    const diff = (x: number | null | undefined, y: number | null | undefined) => (x == null || y == null ? null : y - x);
    const sd = replicateStandardDeviation(medianReplicates[t]);
    const median = figure(
      'medianNetWorthDifference',
      pa?.p50 ?? null,
      pb?.p50 ?? null,
      sd === null ? null : { se: sd, df: n - 1 },
      'PAIRED_BOOTSTRAP',
    );
    return {
      year: t,
      calendarYear: baseline.startYear + t,
      baselineMedianNetWorth: pa?.p50 ?? null,
      alternativeMedianNetWorth: pb?.p50 ?? null,
      medianNetWorthDifference: diff(pa?.p50, pb?.p50),
      baselineMeanNetWorth: pa?.mean ?? null,
      alternativeMeanNetWorth: pb?.mean ?? null,
      meanNetWorthDifference: diff(pa?.mean, pb?.mean),
      medianNetWorthDifferenceStandardError: median.standardError,
      medianNetWorthDifferenceInterval95: median.interval95,
      pairedPaths: readSketch(pairedYears.differences[t].sketch).count,
      netWorthDifference: percentiles(pairedYears.differences[t]),
    };
  });

  return {
    summary,
    goals,
    members,
    timeSeries,
    outcomeChanges: {
      failedToSucceeded: merged.failedToSucceeded,
      succeededToFailed: merged.succeededToFailed,
      net: merged.failedToSucceeded - merged.succeededToFailed,
    },
    metadata: {
      engineVersion: merged.engineVersion,
      seed: meta.seed,
      paths: n,
      years: { baseline: A.years, alternative: B.years },
      simulatedPathYears: A.pathYears + B.pathYears,
      pathYears: A.pathYears + B.pathYears,
      shards: meta.shards,
      elapsedMs: meta.elapsedMs,
      batches: merged.batches.length,
    },
  };
}
