import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../shared/engine/random/index.js';
import { QuantileSketch } from '../../../shared/engine/stats/index.js';
import { DistributionGrid } from '../../../shared/engine/output/distribution-grid.js';
import { MONEY_UNIT } from '../../../shared/engine/output/fixed-point-sum.js';
import { PERCENTILE_LEVELS, percentiles } from '../../../shared/engine/output/percentiles.js';
import { mergeDistributions } from '../../../shared/engine/output/merge-shards.js';
import { loadExample } from '../output/example-plans.js';
import { simulate } from '../../../shared/engine/index.js';

const LEVELS = PERCENTILE_LEVELS.map((p) => p / 100);

/** Whole numbers: the q-quantile is the order statistic x_(ceil(q n)) (1-based), the smallest value with F(x) >= q. */
function wholeQuantile(sorted: number[], q: number): number {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

function grid(values: number[]) {
  const g = new DistributionGrid(1, MONEY_UNIT);
  g.addBatch(0, Float64Array.from(values), 0, values.length);
  return g.toJSON(0);
}

describe('percentiles of values that are exact on the paths', () => {
  it('are whole numbers for whole-number values (ages), equal to the exact order statistics', () => {
    const r = new RandomStream().reset(4, 0, 0);
    const ages = Array.from({ length: 3001 }, () => Math.round(85 + 9 * r.normal()));
    const sorted = [...ages].sort((a, b) => a - b);
    const s = new QuantileSketch();
    for (const a of ages) s.add(a);
    const fromGrid = percentiles(grid(ages));
    for (const [i, q] of LEVELS.entries()) {
      expect(s.quantile(q)).toBe(wholeQuantile(sorted, q));
      expect(Object.values(fromGrid)[i]).toBe(wholeQuantile(sorted, q));
    }
    expect(s.quantiles(LEVELS)).toEqual(LEVELS.map((q) => wholeQuantile(sorted, q)));
  });

  it('report a value most paths share as that value once another path differs (50,000 among a few lower)', () => {
    const values = [...Array.from({ length: 900 }, () => 50_000), ...Array.from({ length: 100 }, (_, i) => 31_000.25 + i)];
    const s = new QuantileSketch();
    for (const v of values) s.add(v);
    expect(s.quantile(0.5)).toBe(50_000);
    expect(s.quantile(0.25)).toBe(50_000);
    const p = percentiles(grid(values));
    expect([p.p25, p.p50, p.p75, p.p90, p.p95]).toEqual([50_000, 50_000, 50_000, 50_000, 50_000]);
    // Split over shards and merged, a bucket keeps its single value only while every shard agrees.
    const merged = percentiles(mergeDistributions([grid(values.slice(0, 300)), grid(values.slice(300))]));
    expect(merged).toEqual(p);
    const mixed = percentiles(mergeDistributions([grid(values), grid([50_000.5])]));
    expect(Math.abs(mixed.p50! / 50_000 - 1)).toBeLessThan(QuantileSketch.RELATIVE_ACCURACY);
  });

  it('give exact depletion ages and an exact constant spending in a simulated output', () => {
    // A flat nominal expense and no premiums: a path spends exactly 50,000 a year unless care
    // costs (paths in long-term care) or a shortfall make it differ.
    const plan = loadExample('single-retiree-care', (doc) => {
      doc.expenses = [{ id: 'flat', type: 'OTHER', amount: 50_000, indexation: 'NONE', essential: true }];
      doc.insurance = [];
    });
    const out = simulate(plan, { seed: 7, paths: 400 });
    const ages = out.summary.depletionAge;
    for (const p of PERCENTILE_LEVELS) {
      const v = ages[`p${p}` as keyof typeof ages];
      if (v !== null) expect(Number.isInteger(v), `depletionAge.p${p} = ${v}`).toBe(true);
    }
    const year = out.timeSeries[10];
    // Some paths differ (else min = max made it exact already), most spend the 50,000.
    expect(year.spending.nominal.p95).not.toBe(year.spending.nominal.p5);
    expect(year.spending.nominal.p50).toBe(50_000);
  });
});
