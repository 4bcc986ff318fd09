import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../shared/engine/random/index.js';
import { mergeDistributions, mergeSketches } from '../../../shared/engine/output/merge-shards.js';
import { emptySketch, readSketchJson } from '../../../shared/engine/output/shard-part.js';
import { QuantileSketch, readBucketCounts, type SketchJSON } from '../../../shared/engine/stats/index.js';

const QS = [0, 0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1];

function exactQuantile(sorted: Float64Array, q: number): number {
  const rank = q * (sorted.length - 1);
  const k = Math.floor(rank);
  const frac = rank - k;
  return frac === 0 ? sorted[k] : sorted[k] + frac * (sorted[k + 1] - sorted[k]);
}

/** Money-like values: lognormal magnitudes, a share negative, some exact zeros. */
function sample(n: number, seed: number): Float64Array {
  const r = new RandomStream().reset(seed, 0, 0);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = r.uniform();
    const x = Math.exp(10 + 2 * r.normal());
    out[i] = u < 0.05 ? 0 : u < 0.3 ? -x : x;
  }
  return out;
}

describe('QuantileSketch', () => {
  const values = sample(200_000, 3);
  const sorted = Float64Array.from(values).sort();

  it('estimates percentiles within 1% of the exact percentiles, for both signs and zero', () => {
    const s = new QuantileSketch();
    for (const v of values) s.add(v);
    expect(s.count).toBe(values.length);
    for (const q of QS) {
      const exact = exactQuantile(sorted, q);
      const estimate = s.quantile(q);
      if (exact === 0) expect(Math.abs(estimate)).toBeLessThan(1e-300);
      else expect(Math.abs(estimate / exact - 1)).toBeLessThanOrEqual(0.01);
    }
    expect(s.quantile(0)).toBe(sorted[0]);
    expect(s.quantile(1)).toBe(sorted[sorted.length - 1]);
  });

  it('gives the identical sketch for 1 shard and for 7 shards merged in any order, through JSON', () => {
    const one = new QuantileSketch();
    for (const v of values) one.add(v);
    const shards = Array.from({ length: 7 }, () => new QuantileSketch());
    values.forEach((v, i) => shards[(i * 31) % 7].add(v));
    for (const order of [
      [0, 1, 2, 3, 4, 5, 6],
      [3, 6, 1, 0, 5, 2, 4],
    ]) {
      const merged = new QuantileSketch();
      for (const i of order) merged.merge(QuantileSketch.fromJSON(JSON.parse(JSON.stringify(shards[i]))));
      expect(merged.toJSON()).toEqual(one.toJSON());
      for (const q of QS) expect(merged.quantile(q)).toBe(one.quantile(q));
    }
  });

  it('merges JSON sketches read into arrays (readSketchJson, mergeDense, mergedFromDense) exactly as the decoded sketches merge', () => {
    // Mixed values, repeated plan amounts (buckets keeping their single value), zeros, both signs.
    const parts = Array.from({ length: 3 }, () => new QuantileSketch());
    const ages = Array.from({ length: 3 }, () => new QuantileSketch());
    values.slice(0, 30_000).forEach((v, i) => {
      parts[i % 3].add(i % 5 === 0 ? 50_000 : i % 7 === 0 ? -1234.5 : v);
      ages[i % 3].add(60 + (i % 3) * 10 + (i % 17)); // overlapping ranges: some buckets new to the merge, some shared
    });
    const read = (json: SketchJSON) => readSketchJson(emptySketch(), json);
    for (const set of [parts, ages]) {
      const json = set.map((p) => JSON.parse(JSON.stringify(p)));
      const decoded = QuantileSketch.fromJSON(json[0]);
      const direct = QuantileSketch.fromJSON(json[0]);
      for (let i = 1; i < json.length; i++) {
        decoded.merge(QuantileSketch.fromJSON(json[i]));
        direct.mergeDense(read(json[i]));
      }
      expect(direct.toJSON()).toEqual(decoded.toJSON());
      for (const q of QS) expect(direct.quantile(q)).toBe(decoded.quantile(q));
      // All parts at once, into buckets sized for all of them (the fan-in's merge), in any order; and as a comparison merges them.
      for (const order of [json, [...json].reverse()]) {
        const once = QuantileSketch.mergedFromDense(order.map(read));
        expect(once.toJSON()).toEqual(decoded.toJSON());
        for (const q of QS) expect(once.quantile(q)).toBe(decoded.quantile(q));
        expect(mergeSketches(order)).toEqual(decoded.toJSON());
      }
    }
    expect(QuantileSketch.mergedFromDense([read(new QuantileSketch().toJSON())]).toJSON()).toEqual(new QuantileSketch().toJSON());
  });

  it('rejects malformed JSON sketches where they are read into arrays and merged, naming the problem', () => {
    const s = new QuantileSketch();
    for (const v of [60, 61, 61, 75, 90.5, -3, 0]) s.add(v);
    const good = JSON.parse(JSON.stringify(s)) as SketchJSON;
    const pos = good.pos as NonNullable<SketchJSON['pos']>;
    expect(pos.v?.length).toBeGreaterThan(0);
    expect(pos.c).toContain(2);
    const cases: [object | null, RegExp][] = [
      [{ ...good, n: good.n + 1 }, /add up to n/],
      [{ ...good, m: 5 }, /m = 6/],
      [{ ...good, m: undefined }, /m = 6/],
      [null, /m = 6/],
      [{ ...good, pos: { ...pos, c: [1, 0] } }, /bad bucket count/],
      [{ ...good, pos: { ...pos, c: [1.5] } }, /bad bucket count/],
      [{ ...good, pos: { ...pos, c: ['1'] } }, /bad bucket count/],
      [{ ...good, pos: { ...pos, o: -1 } }, /bad bucket offset/],
      [{ ...good, pos: { ...pos, o: 2.5 } }, /bad bucket offset/],
      [{ ...good, pos: { ...pos, v: {} } }, /bad bucket values/],
      [{ ...good, pos: { ...pos, v: [0] } }, /bad bucket values/],
      // A value for a bucket past the last, for an empty bucket, out of order, or not a finite non-zero number.
      [{ ...good, pos: { ...pos, v: [...(pos.v ?? []), 10_000, 5] } }, /bad bucket value/],
      [{ ...good, pos: { ...pos, c: [1, -2, 1], v: [1, 5] } }, /bad bucket value/],
      [{ ...good, pos: { ...pos, c: [1, 1], v: [1, 5, 0, 5] } }, /bad bucket value/],
      [{ ...good, pos: { ...pos, c: [1], v: [0, 0] } }, /bad bucket value/],
      [{ ...good, pos: { ...pos, c: [1], v: [0, Infinity] } }, /bad bucket value/],
      [{ ...good, pos: { ...pos, c: [1], v: [0, '5'] } }, /bad bucket value/],
    ];
    for (const [json, problem] of cases) {
      const bad = json as SketchJSON;
      // Into a sketch, all at once beside a good part, and as a comparison merges sketches and distributions.
      expect(() => new QuantileSketch().mergeDense(readSketchJson(emptySketch(), bad))).toThrow(problem);
      expect(() => QuantileSketch.mergedFromDense([good, bad].map((j) => readSketchJson(emptySketch(), j)))).toThrow(problem);
      expect(() => mergeSketches([good, bad])).toThrow(TypeError);
      expect(() => mergeSketches([good, bad])).toThrow(problem);
      const distribution = (sketch: SketchJSON) => ({ sketch, sum: { partials: [1] }, unit: 1 });
      expect(() => mergeDistributions([distribution(good), distribution(bad)])).toThrow(problem);
    }
    expect(mergeSketches([good, good]).n).toBe(2 * good.n);
  });

  it('reads encoded counts into a reused array as into a new one (readBucketCounts), stale counts cleared', () => {
    const c = [3, -2, 1, -1, 4e9];
    const fresh = { counts: new Float64Array(0), span: 0 };
    expect(readBucketCounts(fresh, c)).toBe(3 + 1 + 4e9);
    expect(Array.from(fresh.counts)).toEqual([3, 0, 0, 1, 0, 4e9]);
    const reused = { counts: new Float64Array(10).fill(7), span: 0 };
    const buffer = reused.counts;
    expect(readBucketCounts(reused, c)).toBe(3 + 1 + 4e9);
    expect(reused.counts).toBe(buffer);
    expect(reused.span).toBe(6);
    expect(Array.from(reused.counts.subarray(0, 6))).toEqual(Array.from(fresh.counts));
    expect(() => readBucketCounts(reused, [2, -0.5])).toThrow(/bad bucket count/);
  });

  it('round-trips compact JSON', () => {
    const s = new QuantileSketch();
    for (const v of [5, 5, 5, 1e6, -3, 0]) s.add(v);
    const json = JSON.stringify(s);
    const back = QuantileSketch.fromJSON(JSON.parse(json));
    expect(back.toJSON()).toEqual(s.toJSON());
    expect(back.quantile(0.5)).toBe(s.quantile(0.5));
    expect(json.length).toBeLessThan(200);
    expect(() => QuantileSketch.fromJSON({ ...s.toJSON(), n: 7 })).toThrow(TypeError);
  });

  it('read from JSON without single values, takes values and merges as the sketch it was written from', () => {
    // Computed values (no bucket keeps a single value), then plain amounts into the same and new buckets.
    const computed = [1234.5678, 1234.5679, -77.123456, 9876543.21987];
    const plain = [1234.5, 50_000, 50_000, -77.25, 3];
    const direct = new QuantileSketch();
    const read = QuantileSketch.fromJSON(JSON.parse(JSON.stringify(direct)));
    for (const v of computed) direct.add(v);
    const fromJson = QuantileSketch.fromJSON(JSON.parse(JSON.stringify(direct)));
    expect(fromJson.toJSON()).toEqual(direct.toJSON());
    for (const v of plain) {
      direct.add(v);
      fromJson.add(v);
    }
    expect(fromJson.toJSON()).toEqual(direct.toJSON());
    const other = new QuantileSketch();
    for (const v of plain) other.add(v);
    const merged = QuantileSketch.fromJSON(JSON.parse(JSON.stringify(other)));
    merged.merge(QuantileSketch.fromJSON(JSON.parse(JSON.stringify(fromJson))));
    read.merge(merged);
    const expected = new QuantileSketch();
    for (const v of [...computed, ...plain, ...plain]) expected.add(v);
    expect(read.toJSON()).toEqual(expected.toJSON());
    for (const q of QS) expect(read.quantile(q)).toBe(expected.quantile(q));
  });

  it('keeps the 1% bound and the order of percentiles for magnitudes up to 1e200, 1e300 and the largest double', () => {
    // Above 2^512 (1.3e154) a bucket's representative must not overflow to Infinity: p90 read as
    // Infinity would stand above p95 once the maximum clamps the later ones.
    // Such magnitudes are whole numbers; one value of 0.5 makes the sketch read them as mixed amounts too.
    for (const [scale, fraction] of [1e200, 1e300, Number.MAX_VALUE / 8].flatMap(
      (x) =>
        [
          [x, []],
          [x, [0.5]],
        ] as const,
    )) {
      // The largest magnitude becomes `scale` (the ratio taken first, so nothing overflows on the way).
      const base = values.subarray(0, 20_000);
      const largest = base.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      const big = Array.from(base, (v) => (v / largest) * scale);
      const sign = Float64Array.from([...big, ...fraction]);
      const s = new QuantileSketch();
      for (const v of sign) s.add(v);
      const exact = Float64Array.from(sign).sort();
      const read = s.quantiles(QS);
      for (let i = 0; i < QS.length; i++) {
        expect(Number.isFinite(read[i]), `q ${QS[i]} at ${scale}`).toBe(true);
        if (i > 0) expect(read[i]).toBeGreaterThanOrEqual(read[i - 1]);
        const e = exactQuantile(exact, QS[i]);
        if (e === 0) expect(read[i]).toBe(0);
        else expect(Math.abs(read[i] / e - 1), `q ${QS[i]} at ${scale}`).toBeLessThanOrEqual(0.01);
      }
    }
  });

  it('handles empty and constant sketches and rejects bad input', () => {
    const empty = new QuantileSketch();
    expect(empty.count).toBe(0);
    expect(empty.quantile(0.5)).toBeNaN();
    const constant = new QuantileSketch();
    for (let i = 0; i < 100; i++) constant.add(1234.5);
    expect(constant.quantile(0.37)).toBe(1234.5);
    expect(() => constant.add(NaN)).toThrow(RangeError);
    expect(() => constant.add(-Infinity)).toThrow(RangeError);
    expect(() => constant.quantile(1.5)).toThrow(RangeError);
  });
});
