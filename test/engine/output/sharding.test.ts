import { describe, expect, it } from 'vitest';
import { QuantileSketch } from '../../../shared/engine/stats/index.js';
import { buildOutput, mergeShardResults, simulate, simulateShard, type OutputDocument } from '../../../shared/engine/index.js';
import { loadExample } from './example-plans.js';

const PATHS = 210;
const SEED = 12345;
// The young family with every risk on, over a 40-year horizon to keep the test lean.
const plan = loadExample('young-family-mortgage', (doc) => {
  doc.simulation.horizon = { years: 40 };
});

const withoutTiming = (o: OutputDocument) => ({ ...o, metadata: { ...o.metadata, elapsedMs: 0, shards: 0 } });

describe('sharding and reproducibility', () => {
  const one = simulate(plan, { seed: SEED, paths: PATHS, shards: 1 });
  const seven = simulate(plan, { seed: SEED, paths: PATHS, shards: 7 });

  it('gives identical probabilities and means for 1 and 7 shards', () => {
    expect(seven.metadata.shards).toBe(7);
    expect(seven.summary.probabilityOfSuccess).toBe(one.summary.probabilityOfSuccess);
    expect(seven.summary.probabilityOfDepletion).toBe(one.summary.probabilityOfDepletion);
    expect(seven.summary.expectedShortfall).toBe(one.summary.expectedShortfall);
    expect(seven.summary.terminalEstate.mean).toBe(one.summary.terminalEstate.mean);
    expect(seven.summary.goals).toEqual(one.summary.goals);
    expect(seven.summary.members).toEqual(one.summary.members);
    expect(seven.metadata.pathYears).toBe(one.metadata.pathYears);
    for (let t = 0; t < one.timeSeries.length; t++) {
      const a = one.timeSeries[t],
        b = seven.timeSeries[t];
      expect(b.members).toEqual(a.members);
      expect(b.depleted).toBe(a.depleted);
      expect(b.netWorth.real.mean).toBe(a.netWorth.real.mean);
      expect(b.income.nominal.mean).toBe(a.income.nominal.mean);
      expect(b.taxes.real.mean).toBe(a.taxes.real.mean);
    }
    expect(seven.economy.annualised.equityReturn.mean).toBe(one.economy.annualised.equityReturn.mean);
    expect(seven.lives.map((l) => l.pathIndex)).toEqual(one.lives.map((l) => l.pathIndex));
  });

  it('gives percentiles within the sketch accuracy of the exact order statistics', () => {
    // Exact terminal estates from the 1-shard sample of lives are not all paths: recompute exactly instead.
    const values: number[] = [];
    for (let p = 0; p < PATHS; p++) {
      const r = simulateShard(plan, SEED, { pathStart: p, pathCount: 1 });
      values.push(QuantileSketch.fromJSON(r.terminalEstate.sketch).quantile(0.5));
    }
    values.sort((a, b) => a - b);
    const exact = (q: number) => {
      const rank = q * (values.length - 1);
      const k = Math.floor(rank);
      return values[k] + (rank - k) * ((values[k + 1] ?? values[k]) - values[k]);
    };
    const tol = QuantileSketch.RELATIVE_ACCURACY * 1.0001;
    // A single-value sketch returns its value exactly, so `values` are exact terminal estates.
    for (const [q, key] of [
      [0.1, 'p10'],
      [0.5, 'p50'],
      [0.9, 'p90'],
    ] as const) {
      for (const doc of [one, seven]) {
        const got = doc.summary.terminalEstate[key]!;
        expect(Math.abs(got - exact(q))).toBeLessThanOrEqual(
          tol * Math.max(Math.abs(values[Math.floor(q * (PATHS - 1))]), Math.abs(values[Math.ceil(q * (PATHS - 1))])) + 1e-9,
        );
      }
    }
  });

  it('merges in any order and grouping to the same result', () => {
    const parts = [
      simulateShard(plan, SEED, { pathStart: 0, pathCount: 50 }),
      simulateShard(plan, SEED, { pathStart: 50, pathCount: 100 }),
      simulateShard(plan, SEED, { pathStart: 150, pathCount: 60 }),
    ];
    const a = mergeShardResults([mergeShardResults([parts[0], parts[1]]), parts[2]]);
    const b = mergeShardResults([parts[2], mergeShardResults([parts[1], parts[0]])]);
    const ja = JSON.parse(JSON.stringify(a));
    const jb = JSON.parse(JSON.stringify(b));
    expect(ja.paths).toBe(PATHS);
    expect(ja.ranges).toEqual([[0, PATHS]]);
    const oa = buildOutput(plan, ja, { seed: SEED, shards: 3, elapsedMs: 0 });
    const ob = buildOutput(plan, jb, { seed: SEED, shards: 3, elapsedMs: 0 });
    expect(oa).toEqual(ob);
    expect(oa.summary).toEqual(one.summary);
    expect(() => mergeShardResults([parts[0], parts[0]])).toThrow(/overlap/);
  });

  it('is bit-identical for the same seed, and differs for another seed', () => {
    const again = simulate(plan, { seed: SEED, paths: PATHS, shards: 1 });
    expect(JSON.stringify(withoutTiming(again))).toBe(JSON.stringify(withoutTiming(one)));
    const other = simulate(plan, { seed: SEED + 1, paths: PATHS, shards: 1 });
    expect(other.summary.terminalEstate.mean).not.toBe(one.summary.terminalEstate.mean);
  });

  it('writes the documented output shape', () => {
    expect(one.metadata).toMatchObject({ seed: SEED, paths: PATHS, years: 40, shards: 1 });
    expect(one.metadata.pathYears).toBeGreaterThan(0);
    expect(one.timeSeries).toHaveLength(40);
    expect(one.timeSeries[0].members.alex.alive).toBe(1);
    expect(one.timeSeries[10].ages.alex).toBe(45);
    expect(one.lives).toHaveLength(3);
    const life = one.lives[1];
    expect(life.years.length).toBeGreaterThan(0);
    expect(life.years[0].netWorth.nominal).toBeTypeOf('number');
    expect(one.summary.probabilityOfSuccess + one.summary.probabilityOfDepletion).toBeLessThanOrEqual(1 + 1e-12);
    expect(one.economy.years).toHaveLength(40);
  });
});
