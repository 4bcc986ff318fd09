import { describe, expect, it } from 'vitest';
import { QuantileSketch } from '../../../shared/engine/stats/index.js';
import {
  buildOutput,
  encodeShardResult,
  mergeShards,
  simulateHeldShard,
  simulateShard,
  type MergedShards,
  type ShardResult,
} from '../../../shared/engine/index.js';
import type { DistributionJson } from '../../../shared/engine/output/shard-result.js';
import { loadExample } from './example-plans.js';

const SEED = 4242;
// The young family with every risk on, over a 40-year horizon to keep the test lean.
const plan = loadExample('young-family-mortgage', (doc) => {
  doc.simulation.horizon = { years: 40 };
});
const ranges = [
  { pathStart: 0, pathCount: 90 },
  { pathStart: 90, pathCount: 70 },
  { pathStart: 160, pathCount: 50 },
];
const shards: ShardResult[] = ranges.map((range) => simulateShard(plan, SEED, range));
const meta = { seed: SEED, shards: 3, elapsedMs: 0 };

/** Every distribution of a shard result, in the binary form's order. */
const distributions = (r: ShardResult): DistributionJson[] => [
  r.depletionAge,
  r.terminalEstate,
  ...r.series.flat(2),
  ...r.economy.flat(),
  ...r.annualised,
];

/** Every distribution of merged shard results, in the binary form's order. */
const mergedDistributions = (m: MergedShards) => [
  m.depletionAge,
  m.terminalEstate,
  ...m.series.flat(2),
  ...m.economy.flat(),
  ...m.annualised,
];

const LEVELS = [0, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 1];

/** Every number the output can read of merged distributions: counts, quantiles, sums, and the sketches' JSON. */
const figures = (m: MergedShards) =>
  mergedDistributions(m).map((d) => ({
    n: d.sketch.count,
    quantiles: d.sketch.quantiles(LEVELS),
    median: d.sketch.quantile(0.5),
    sum: d.sum.value(),
    unit: d.unit,
    sketch: d.sketch.toJSON(),
  }));

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
    const referenceSums = mergedDistributions(fromJson).map((d) => d.sum.value());
    for (const inputs of [bytes, [shards[0], bytes[1], bytes[2]], [bytes[2], shards[1], bytes[0]]]) {
      const merged = mergeShards(inputs);
      expect(buildOutput(plan, merged, meta)).toEqual(reference);
      mergedDistributions(merged).forEach((d, k) => {
        // The merge of the sketches decoded from their JSON (fromJSON, merge), bucket by bucket; the sums to the bit.
        const expected = QuantileSketch.fromJSON(distributions(shards[0])[k].sketch);
        for (const r of shards.slice(1)) expected.merge(QuantileSketch.fromJSON(distributions(r)[k].sketch));
        expect(d.sketch.toJSON()).toEqual(expected.toJSON());
        expect(d.sum.value()).toBe(referenceSums[k]);
      });
      expect(merged.sample).toEqual(fromJson.sample);
      expect(merged.ranges).toEqual([[0, 210]]);
    }
  });

  it('are written from a shard held in memory to the same bytes as from its JSON', () => {
    for (const range of ranges) {
      const fromJson = encodeShardResult(simulateShard(plan, SEED, range));
      const held = simulateHeldShard(plan, SEED, range);
      expect(encodeShardResult(held)).toEqual(fromJson);
      // Still whole afterwards: encoded again, or merged in place.
      expect(encodeShardResult(held)).toEqual(fromJson);
      expect(figures(mergeShards([held]))).toEqual(figures(mergeShards([fromJson])));
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

  it('merge into a shard held in memory, in place, to the numbers and output of the JSON merge, whichever shard and order', () => {
    const reference = mergeShards(shards);
    const expectedFigures = figures(reference);
    const expectedOutput = buildOutput(plan, reference, meta);
    const bytes = shards.map(encodeShardResult);
    // [the held shard, then the others in the order given, each as JSON (j) or binary (b)]
    const cases: [number, [number, 'j' | 'b'][]][] = [
      [
        0,
        [
          [1, 'b'],
          [2, 'b'],
        ],
      ],
      [
        0,
        [
          [2, 'j'],
          [1, 'b'],
        ],
      ],
      [
        1,
        [
          [2, 'b'],
          [0, 'j'],
        ],
      ],
      [
        2,
        [
          [0, 'b'],
          [1, 'b'],
        ],
      ],
      [
        2,
        [
          [1, 'j'],
          [0, 'j'],
        ],
      ],
    ];
    for (const [own, others] of cases) {
      const inputs = others.map(([i, form]) => (form === 'b' ? bytes[i] : shards[i]));
      for (const heldFirst of [true, false]) {
        const held = simulateHeldShard(plan, SEED, ranges[own]);
        const merged = mergeShards(heldFirst ? [held, ...inputs] : [...inputs, held]);
        expect(figures(merged)).toEqual(expectedFigures);
        expect(buildOutput(plan, merged, meta)).toEqual(expectedOutput);
        expect(merged.sample).toEqual(reference.sample);
        expect(merged.ranges).toEqual([[0, 210]]);
        expect(merged.totalShortfall.value()).toBe(reference.totalShortfall.value());
        // It holds the merge now: it is not read again.
        expect(() => held.toJSON()).toThrow(/merged in place/);
      }
    }
    // A held shard alone is its own result.
    const alone = mergeShards([simulateHeldShard(plan, SEED, ranges[1])]);
    expect(figures(alone)).toEqual(figures(mergeShards([shards[1]])));
  });

  it('merge several shards held in memory, the first taking the others in place, to the numbers of the JSON merge', () => {
    const held = ranges.map((range) => simulateHeldShard(plan, SEED, range));
    expect(figures(mergeShards(held))).toEqual(figures(mergeShards(shards)));
  });

  it("re-simulate the output's lives on a held shard's runner only for its own plan and seed", () => {
    const reference = mergeShards(shards);
    const held = () => mergeShards([simulateHeldShard(plan, SEED, ranges[0]), shards[1], shards[2]]);
    expect(held().runner).toBeDefined();
    expect(reference.runner).toBeUndefined();
    // The same plan (another copy of it) and seed: the held runner's lives are those of a new one.
    expect(buildOutput(structuredClone(plan), held(), meta)).toEqual(buildOutput(plan, reference, meta));
    // Another seed or another plan: a runner of their own, not the held one.
    const otherSeed = { ...meta, seed: SEED + 1 };
    expect(buildOutput(plan, held(), otherSeed)).toEqual(buildOutput(plan, reference, otherSeed));
    const otherPlan = loadExample('young-family-mortgage', (doc) => {
      doc.simulation.horizon = { years: 40 };
      doc.assumptions.life.unemployment.benefitFraction = 0.1;
    });
    expect(buildOutput(otherPlan, held(), meta)).toEqual(buildOutput(otherPlan, reference, meta));
  });

  it('merge into a held shard where its own figures follow others (real flows of year 0) and the other shard does not', () => {
    // The other shard as if its real flows of year 0 and its liquid assets differed from the figures they follow in the held one.
    const other = structuredClone(shards[1]);
    for (const [metric, view] of [
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [1, 0],
      [1, 1],
    ]) {
      other.series[metric][view][0] = structuredClone(shards[1].series[0][0][3]);
    }
    const reference = mergeShards([shards[0], other]);
    const merged = mergeShards([simulateHeldShard(plan, SEED, ranges[0]), encodeShardResult(other)]);
    expect(figures(merged)).toEqual(figures(reference));
    expect(buildOutput(plan, merged, { ...meta, shards: 2 })).toEqual(buildOutput(plan, reference, { ...meta, shards: 2 }));
  });

  it('refuse another shard of different units or counts when merged into a held one', () => {
    const badUnit = structuredClone(shards[1]);
    badUnit.series[0][0][5].unit = 1;
    expect(() => mergeShards([simulateHeldShard(plan, SEED, ranges[0]), badUnit])).toThrow(/units/);
    const badCount = structuredClone(shards[1]);
    badCount.series[0][0][5].sketch.n += 1;
    expect(() => mergeShards([simulateHeldShard(plan, SEED, ranges[0]), encodeShardResult(badCount)])).toThrow(/add up to n/);
    const b = encodeShardResult(shards[1]);
    expect(() => mergeShards([simulateHeldShard(plan, SEED, ranges[0]), b.slice(0, b.length - 3)])).toThrow(TypeError);
    expect(() => mergeShards([simulateHeldShard(plan, SEED, ranges[0]), Uint8Array.from([...b, 0])])).toThrow(/left over/);
  });

  it('merge wrapping counts and mixed single values into a held shard as the JSON merge does, and refuse runs beyond their span', () => {
    // Every count of a series distribution times 300: most of its buckets then pass 127 when merged.
    const heavy = structuredClone(shards[1]);
    const sketch = heavy.series[0][1][4].sketch;
    const scale = (c: number[]) => c.map((k) => (k > 0 ? 300 * k : k));
    sketch.pos = { ...sketch.pos!, c: scale(sketch.pos!.c) };
    if (sketch.neg) sketch.neg = { ...sketch.neg, c: scale(sketch.neg.c) };
    sketch.n = sketch.zero + 300 * (sketch.n - sketch.zero);
    const reference = mergeShards([shards[0], heavy]);
    const merged = mergeShards([simulateHeldShard(plan, SEED, ranges[0]), encodeShardResult(heavy)]);
    expect(figures(merged)).toEqual(figures(reference));

    // A bucket of 128 equal plain amounts from one shard, then mixed values from another: mixed, with no single value.
    const sketchOf = (values: number[]) => {
      const q = new QuantileSketch();
      for (const v of values) q.add(v);
      return q.toJSON();
    };
    const withSeries = (r: ShardResult, values: number[]): ShardResult => {
      const copy = structuredClone(r);
      copy.series[0][0][2] = { sketch: sketchOf(values), sum: { partials: [] }, unit: 1 / 128 };
      return copy;
    };
    const single = withSeries(shards[1], new Array(128).fill(5.25));
    const mixed = withSeries(shards[2], [5.2500001, 5.2500002]);
    expect(single.series[0][0][2].sketch.pos?.v).toEqual([0, 5.25]);
    const inPlace = mergeShards([simulateHeldShard(plan, SEED, ranges[0]), encodeShardResult(single), encodeShardResult(mixed)]);
    expect(figures(inPlace)).toEqual(figures(mergeShards([shards[0], single, mixed])));

    // A distribution whose positive side is a count of 1, three empty buckets and a count of 2: runs 0, 5, 2 from key 1000.
    const runs = structuredClone(shards[1]);
    runs.series[0][0][2] = {
      sketch: { m: 6, n: 3, zero: 0, min: 1, max: 2, whole: false, pos: { o: 1000, c: [1, -3, 2] } },
      sum: { partials: [3] },
      unit: 1 / 128,
    };
    const bytes = encodeShardResult(runs);
    // span 5, offset 1000 (0xe8 0x07), no single value, then the runs.
    const side = [5, 0xe8, 0x07, 0, 0, 5, 2];
    const at = bytes.findIndex((_, i) => side.every((x, k) => bytes[i + k] === x));
    expect(at).toBeGreaterThan(0);
    expect(() => mergeShards([simulateHeldShard(plan, SEED, ranges[0]), bytes])).not.toThrow();
    const overrun = bytes.slice();
    overrun[at + 5] = 9;
    expect(() => mergeShards([simulateHeldShard(plan, SEED, ranges[0]), overrun])).toThrow(/overrun/);
  });
});
