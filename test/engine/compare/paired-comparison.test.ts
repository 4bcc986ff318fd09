import { describe, expect, it } from 'vitest';
import { compare, compareShard, mergeComparisonShards, buildComparison } from '../../../shared/engine/index.js';
import { loadExample } from '../output/example-plans.js';
import { saver } from './saver-plan.js';

describe('paired comparison', () => {
  it('gives zero differences and zero standard errors comparing a scenario with itself', () => {
    const plan = loadExample('couple-near-retirement', (doc) => {
      doc.simulation.horizon = { years: 30 };
    });
    const doc = compare(plan, plan, { seed: 5, paths: 96, shards: 3 });
    for (const f of [
      ...doc.summary,
      ...doc.goals.flatMap((g) => [g.achievability, g.expectedFundedRatio]),
      ...doc.members.flatMap((m) => m.figures),
    ]) {
      if (f.difference === null) continue;
      expect(f.difference, f.figure).toBe(0);
      // A figure defined in fewer than two batches (a rare event) has no standard error at all.
      if (f.standardError === null) {
        expect(f.method).toBe('BATCH_MEANS');
        continue;
      }
      expect(f.standardError, f.figure).toBe(0);
      expect(f.interval95).toEqual([0, 0]);
    }
    for (const y of doc.timeSeries) {
      if (y.medianNetWorthDifference !== null) expect(y.medianNetWorthDifference).toBe(0);
      if (y.meanNetWorthDifference !== null) expect(y.meanNetWorthDifference).toBe(0);
      // Every path's difference is 0: so is every percentile of them, and the medians' interval is [0, 0].
      expect(y.pairedPaths).toBeGreaterThan(0);
      for (const v of Object.values(y.netWorthDifference)) expect(v).toBe(0);
      expect(y.medianNetWorthDifferenceStandardError).toBe(0);
      expect(y.medianNetWorthDifferenceInterval95).toEqual([0, 0]);
    }
    expect(doc.outcomeChanges).toEqual({ failedToSucceeded: 0, succeededToFailed: 0, net: 0 });
  });

  it('does not depend on sharding', () => {
    const a = saver(62),
      b = saver(67);
    const one = compare(a, b, { seed: 8, paths: 64, shards: 1 });
    const merged = mergeComparisonShards([30, 34].map((n, i) => compareShard(a, b, 8, { pathStart: i * 30, pathCount: n })));
    const four = buildComparison(a, b, JSON.parse(JSON.stringify(merged)), { seed: 8, shards: 2, elapsedMs: 0 });
    expect(four.summary).toEqual(one.summary);
    expect(four.goals).toEqual(one.goals);
    expect(four.timeSeries).toEqual(one.timeSeries);
    expect(four.outcomeChanges).toEqual(one.outcomeChanges);
  });

  it('shows that retiring at 67 instead of 62 raises the probability of success, with an interval excluding zero', () => {
    const doc = compare(saver(62), saver(67), { seed: 2024, paths: 600 });
    const success = doc.summary.find((f) => f.figure === 'probabilityOfSuccess')!;
    expect(success.difference!).toBeGreaterThan(0);
    expect(success.interval95![0]).toBeGreaterThan(0);
    expect(success.method).toBe('PAIRED_PATHS');
    // The difference is the net count of changed outcomes over the paths.
    expect(success.difference!).toBeCloseTo(doc.outcomeChanges.net / 600, 12);
    expect(doc.outcomeChanges.failedToSucceeded).toBeGreaterThan(doc.outcomeChanges.succeededToFailed);
  });

  it("compares every summary figure, depletion age's percentiles too, with intervals on Student's t", () => {
    const doc = compare(saver(62), saver(67), { seed: 2024, paths: 600 });
    const names = doc.summary.map((f) => f.figure);
    for (const p of [5, 10, 25, 50, 75, 90, 95]) {
      expect(names).toContain(`terminalEstate.p${p}`);
      expect(names).toContain(`depletionAge.p${p}`);
    }
    // Retiring at 62 runs out of money on some paths: the baseline has a depletion age distribution.
    const median = doc.summary.find((f) => f.figure === 'depletionAge.p50')!;
    expect(median.baseline!).toBeGreaterThan(62);
    expect(median.method).toBe('PAIRED_BOOTSTRAP');
    // Half-widths: t with 599 degrees of freedom (paths), for means and for the bootstrapped estate percentiles.
    const half = (f: (typeof doc.summary)[number]) => (f.interval95![1] - f.interval95![0]) / 2;
    const success = doc.summary.find((f) => f.figure === 'probabilityOfSuccess')!;
    expect(half(success) / success.standardError!).toBeCloseTo(1.964, 3);
    const estate = doc.summary.find((f) => f.figure === 'terminalEstate.p50')!;
    expect(estate.method).toBe('PAIRED_BOOTSTRAP');
    expect(half(estate) / estate.standardError!).toBeCloseTo(1.964, 3);
    // A depletion-age percentile's interval is whole years, holding the difference.
    const [lo, hi] = median.interval95!;
    expect([Number.isInteger(lo), Number.isInteger(hi)]).toEqual([true, true]);
    expect(lo).toBeLessThanOrEqual(median.difference!);
    expect(hi).toBeGreaterThanOrEqual(median.difference!);
  });
});
