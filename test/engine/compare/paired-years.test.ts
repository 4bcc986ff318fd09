import { describe, expect, it } from 'vitest';
import { buildComparison, compare, compareShard, mergeComparisonShards } from '../../../shared/engine/index.js';
import { PAIRED_YEAR_SAMPLE } from '../../../shared/engine/compare/paired-years.js';
import { MONEY_UNIT } from '../../../shared/engine/output/fixed-point-sum.js';
import { QuantileSketch } from '../../../shared/engine/stats/quantile-sketch.js';
import { saver } from './saver-plan.js';

const LEVELS = [5, 10, 25, 50, 75, 90, 95] as const;
/** The q-quantile of ascending values as the sketch defines it for values that are not all whole (interpolated, type 7). */
function typeSeven(sorted: number[], q: number): number {
  const rank = q * (sorted.length - 1);
  const k = Math.floor(rank);
  return k + 1 < sorted.length ? sorted[k] + (rank - k) * (sorted[k + 1] - sorted[k]) : sorted[k];
}

describe('the comparison by year: paired differences of net worth', () => {
  // Retiring at 62 or at 67, 20 years: the same lives, so each path runs the same years in both.
  const baseline = saver(62, 20);
  const alternative = saver(67, 20);

  it('merges across shards exactly, the bootstrap sample straddling them', () => {
    const paths = PAIRED_YEAR_SAMPLE + 200;
    const one = compare(baseline, alternative, { seed: 3, paths, shards: 1 });
    const parts = [
      { pathStart: 700, pathCount: paths - 700 },
      { pathStart: 0, pathCount: 300 },
      { pathStart: 300, pathCount: 400 },
    ].map((r) => JSON.parse(JSON.stringify(compareShard(baseline, alternative, 3, r))));
    const merged = mergeComparisonShards(parts);
    expect(merged.pairedYears.sample.map((p) => p.path)).toEqual(Array.from({ length: PAIRED_YEAR_SAMPLE }, (_, i) => i));
    const three = buildComparison(baseline, alternative, merged, { seed: 3, shards: 3, elapsedMs: 0 });
    expect(three.timeSeries).toEqual(one.timeSeries);
  });

  it('holds each path’s difference: percentiles as the paths give them, the mean the difference of the means', () => {
    const paths = 800;
    const shard = compareShard(baseline, alternative, 9, { pathStart: 0, pathCount: paths });
    const doc = buildComparison(baseline, alternative, shard, { seed: 9, shards: 1, elapsedMs: 0 });
    const sample = shard.pairedYears.sample;
    expect(sample).toHaveLength(paths);
    expect(doc.timeSeries).toHaveLength(20);
    for (const [t, y] of doc.timeSeries.entries()) {
      // Lives end as the saver dies, the same year in both plans (the same lives).
      const running = sample.filter((p) => p.baseline[t] !== null);
      expect(running.every((p) => p.alternative[t] !== null)).toBe(true);
      const a = running.map((p) => p.baseline[t]!);
      const d = running.map((p) => p.alternative[t]! - p.baseline[t]!).sort((x, z) => x - z);
      expect(y.pairedPaths).toBe(running.length);
      // The sketch's percentiles are within its relative accuracy; the sample's values are whole units.
      for (const level of LEVELS) {
        const exact = typeSeven(d, level / 100);
        const tolerance = Math.abs(exact) * QuantileSketch.RELATIVE_ACCURACY + 1;
        expect(Math.abs(y.netWorthDifference[`p${level}`]! - exact), `year ${t} p${level}`).toBeLessThanOrEqual(tolerance);
      }
      const median = typeSeven(
        [...a].sort((x, z) => x - z),
        0.5,
      );
      expect(Math.abs(y.baselineMedianNetWorth! - median), `year ${t} baseline median`).toBeLessThanOrEqual(
        Math.abs(median) * QuantileSketch.RELATIVE_ACCURACY + 0.5,
      );
      // E[B − A] = E[B] − E[A] on the same paths; each value is summed to MONEY_UNIT.
      expect(Math.abs(y.netWorthDifference.mean! - y.meanNetWorthDifference!), `year ${t} mean`).toBeLessThanOrEqual(2 * MONEY_UNIT);
    }
    // Both retire later than year 6 would matter: until 62 (year 7) the two plans are the same.
    for (const y of doc.timeSeries.slice(0, 7)) expect(y.medianNetWorthDifferenceInterval95).toEqual([0, 0]);
    const later = doc.timeSeries[12];
    expect(later.medianNetWorthDifference!).toBeGreaterThan(0);
    const [lo, hi] = later.medianNetWorthDifferenceInterval95!;
    expect((hi - lo) / 2 / later.medianNetWorthDifferenceStandardError!).toBeCloseTo(1.963, 3);
  });
});
