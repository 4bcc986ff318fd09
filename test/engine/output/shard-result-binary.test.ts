import { describe, expect, it } from 'vitest';
import { QuantileSketch } from '../../../shared/engine/stats/index.js';
import { buildOutput, encodeShardResult, mergeShards, simulateShard, type ShardResult } from '../../../shared/engine/index.js';
import type { DistributionJson } from '../../../shared/engine/output/shard-result.js';
import { loadExample } from './example-plans.js';

const SEED = 4242;
// The young family with every risk on, over a 40-year horizon to keep the test lean.
const plan = loadExample('young-family-mortgage', (doc) => {
  doc.simulation.horizon = { years: 40 };
});
const shards: ShardResult[] = [
  { pathStart: 0, pathCount: 90 },
  { pathStart: 90, pathCount: 70 },
  { pathStart: 160, pathCount: 50 },
].map((range) => simulateShard(plan, SEED, range));
const meta = { seed: SEED, shards: 3, elapsedMs: 0 };

/** Every distribution of a shard result, in the binary form's order. */
const distributions = (r: ShardResult): DistributionJson[] => [
  r.depletionAge,
  r.terminalEstate,
  ...r.series.flat(2),
  ...r.economy.flat(),
  ...r.annualised,
];

describe('shard results in their binary form', () => {
  it('are a fraction of the JSON, and merge to the same sketches, sums and output as the JSON, in either form and any order', () => {
    const bytes = shards.map(encodeShardResult);
    for (const [i, b] of bytes.entries()) expect(b.length).toBeLessThan(JSON.stringify(shards[i]).length / 2);
    // What the data covers: buckets keeping a single value, and negative values.
    const all = shards.flatMap(distributions);
    expect(all.some((d) => (d.sketch.pos?.v?.length ?? 0) > 0)).toBe(true);
    expect(all.some((d) => (d.sketch.neg?.c.length ?? 0) > 0)).toBe(true);

    const fromJson = mergeShards(shards);
    const reference = buildOutput(plan, fromJson, meta);
    const mergedDistributions = (m: ReturnType<typeof mergeShards>) => [
      m.depletionAge,
      m.terminalEstate,
      ...m.series.flat(2),
      ...m.economy.flat(),
      ...m.annualised,
    ];
    const referenceSums = mergedDistributions(fromJson).map((d) => d.sum.value());
    for (const inputs of [bytes, [shards[0], bytes[1], bytes[2]], [bytes[2], shards[1], bytes[0]]]) {
      const merged = mergeShards(inputs);
      expect(buildOutput(plan, merged, meta)).toEqual(reference);
      mergedDistributions(merged).forEach((d, k) => {
        // The merge as it reads JSON sketches (mergedFromJSON), bucket by bucket; the sums to the bit.
        const expected = QuantileSketch.mergedFromJSON(shards.map((r) => distributions(r)[k].sketch));
        expect(d.sketch.toJSON()).toEqual(expected.toJSON());
        expect(d.sum.value()).toBe(referenceSums[k]);
      });
      expect(merged.sample).toEqual(fromJson.sample);
      expect(merged.ranges).toEqual([[0, 210]]);
    }
  });

  it('keep counts beyond 2^32 and single values exactly', () => {
    const big = { m: 6, n: 3e9 + 3, zero: 2, min: -5.5, max: 250_000, whole: false };
    const a = QuantileSketch.fromJSON({ ...big, pos: { o: 20_000, c: [3e9 - 1, -300, 1], v: [0, 250_000] }, neg: { o: 19_000, c: [1] } });
    const result: ShardResult = { ...shards[0], depletionAge: { sketch: a.toJSON(), sum: { partials: [1e-300, 2 ** 60] }, unit: 1 } };
    const merged = mergeShards([encodeShardResult(result)]);
    expect(merged.depletionAge.sketch.toJSON()).toEqual(a.toJSON());
    expect(merged.depletionAge.sum.value()).toBe(2 ** 60);
  });

  it('are refused when they are not this format, cut short, or carry bytes beyond their distributions', () => {
    const b = encodeShardResult(shards[1]);
    expect(() => mergeShards([b.slice(0, b.length - 3)])).toThrow(TypeError);
    expect(() => mergeShards([Uint8Array.from([...b, 0])])).toThrow(TypeError);
    const wrongVersion = b.slice();
    wrongVersion[3] = 2;
    expect(() => mergeShards([wrongVersion])).toThrow(/binary format 1/);
    expect(() => mergeShards([new TextEncoder().encode(JSON.stringify(shards[1]))])).toThrow(TypeError);
  });
});
