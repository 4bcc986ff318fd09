import { describe, expect, it } from 'vitest';
import { ExactSum, QuantileSketch } from '../../../shared/engine/stats/index.js';
import { DistributionGrid } from '../../../shared/engine/output/distribution-grid.js';
import { FixedPointSum, MONEY_UNIT, RATE_UNIT } from '../../../shared/engine/output/fixed-point-sum.js';
import { RandomStream } from '../../../shared/engine/random/index.js';

/** Values of every kind a recorder meets: zeros, both signs, a wide range of magnitudes, values beyond the plain accumulator. */
function values(n: number, seed: number): Float64Array {
  const rng = new RandomStream();
  rng.reset(seed, 0, 1);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = rng.uniform();
    if (u < 0.3) out[i] = 0;
    else if (u < 0.35) out[i] = (rng.uniform() < 0.5 ? -1 : 1) * 1e12 * (1 + rng.uniform());
    else out[i] = (rng.uniform() < 0.2 ? -1 : 1) * Math.exp(20 * rng.normal());
  }
  return out;
}

const valueOf = (json: { partials: number[] }) => ExactSum.fromJSON(json).value();

describe('DistributionGrid', () => {
  for (const unit of [MONEY_UNIT, RATE_UNIT]) {
    it(`writes the same sketch and sum as QuantileSketch and FixedPointSum (unit ${unit})`, () => {
      const grid = new DistributionGrid(3, unit);
      const data = values(9000, unit === MONEY_UNIT ? 1 : 2);
      // Batches of uneven sizes, across the point where the plain accumulator is settled.
      for (let d = 0; d < 3; d++) {
        for (let at = 0; at < data.length; ) {
          const n = Math.min(data.length - at, 1 + ((at * 7 + d * 131) % 700));
          grid.addBatch(d, data, at, n);
          at += n;
        }
      }
      const sketch = new QuantileSketch();
      const sum = new FixedPointSum(unit);
      for (const v of data) {
        sketch.add(v);
        sum.add(v);
      }
      for (let d = 0; d < 3; d++) {
        const json = grid.toJSON(d);
        expect(json.sketch).toEqual(sketch.toJSON());
        expect(json.unit).toBe(unit);
        expect(valueOf(json.sum)).toBe(valueOf(sum.toJSON()));
      }
    });
  }

  it('counts past a byte per bucket, and keeps those counts when the range widens', () => {
    const grid = new DistributionGrid(1, MONEY_UNIT);
    const sketch = new QuantileSketch();
    const sum = new FixedPointSum(MONEY_UNIT);
    // Many repeats of a few values (the byte counts carry), then values far on both sides (the arrays widen).
    const data: number[] = [];
    for (let i = 0; i < 1500; i++) data.push(5, -3, 5.01);
    for (let i = 0; i < 700; i++) data.push(1e-6 * (1 + i), 1e9 * (1 + i), -1e7 * (1 + i), 5);
    const values = Float64Array.from(data);
    for (let at = 0; at < values.length; at += 500) grid.addBatch(0, values, at, Math.min(500, values.length - at));
    for (const v of data) {
      sketch.add(v);
      sum.add(v);
    }
    expect(grid.toJSON(0).sketch).toEqual(sketch.toJSON());
    expect(valueOf(grid.toJSON(0).sum)).toBe(valueOf(sum.toJSON()));
    expect(grid.count(0)).toBe(data.length);
  });

  it('counts a batch of one repeated value like the same values one by one', () => {
    const grid = new DistributionGrid(1, MONEY_UNIT);
    const sketch = new QuantileSketch();
    const sum = new FixedPointSum(MONEY_UNIT);
    // Repeated zeros, both signs, a value beyond the plain accumulator, byte counts that carry
    // within one batch, a batch longer than the accumulator's settling period, and varying batches between.
    const runs: [number, number][] = [
      [0, 64],
      [40_000, 64],
      [40_000, 200],
      [-3.5, 64],
      [3e12, 64],
      [40_000, 5000],
      [1e-9, 1],
      [-2e13, 300],
    ];
    const data: number[] = [];
    for (const [v, n] of runs) {
      const batch = new Float64Array(n).fill(v);
      grid.addBatch(0, batch, 0, n);
      for (let i = 0; i < n; i++) data.push(v);
      const mixed = Float64Array.from([v, v + 1, v]);
      grid.addBatch(0, mixed, 0, 3);
      data.push(...mixed);
    }
    for (const v of data) {
      sketch.add(v);
      sum.add(v);
    }
    expect(grid.toJSON(0).sketch).toEqual(sketch.toJSON());
    expect(valueOf(grid.toJSON(0).sum)).toBe(valueOf(sum.toJSON()));
    expect(grid.count(0)).toBe(data.length);
  });

  it('rounds a value half way between two units as Math.round does (towards +Infinity), in batches and alone', () => {
    // Odd multiples of half a unit, both signs, small and near the plain accumulator's limit.
    const data: number[] = [];
    for (let i = 0; i < 300; i++) {
      const half = (2 * i + 1) * (MONEY_UNIT / 2);
      data.push(half, -half, half + 2 ** 33, -half - 2 ** 33);
    }
    const grid = new DistributionGrid(2, MONEY_UNIT);
    grid.addBatch(0, Float64Array.from(data), 0, data.length);
    for (const v of data) grid.addBatch(1, Float64Array.from([v, v]), 0, 2);
    let units = 0;
    for (const v of data) units += Math.round(v / MONEY_UNIT);
    expect(valueOf(grid.toJSON(0).sum)).toBe(units);
    expect(valueOf(grid.toJSON(1).sum)).toBe(2 * units);
  });

  it('keeps a first value as the bucket single value exactly when QuantileSketch does (at most two decimals)', () => {
    // Amounts in cents (plain), half cents (ties of the rounding at 100x), thousandths, values whose
    // 100x is not whole in floating point (0.29 * 100 = 28.999999999999996), both signs, up to 1e14.
    const rng = new RandomStream();
    rng.reset(3, 0, 1);
    const data: number[] = [0.29, -0.29, 0.57, 1.005, -1.005, 2.675, 0.125, -0.125, 1e14 + 0.5, 2 ** 45 / 100];
    for (let i = 0; i < 2000; i++) {
      const scale = 10 ** Math.floor(rng.uniform() * 15);
      const cents = Math.floor(rng.uniform() * scale);
      const sign = rng.uniform() < 0.3 ? -1 : 1;
      data.push((sign * cents) / 100, (sign * (2 * cents + 1)) / 200, (sign * cents) / 1000);
    }
    const grid = new DistributionGrid(data.length, MONEY_UNIT);
    data.forEach((v, d) => grid.addBatch(d, Float64Array.from([v]), 0, 1));
    data.forEach((v, d) => {
      const sketch = new QuantileSketch();
      sketch.add(v);
      expect(grid.toJSON(d).sketch, `value ${v}`).toEqual(sketch.toJSON());
    });
  });

  it('writes an empty distribution like an empty sketch', () => {
    const grid = new DistributionGrid(2, MONEY_UNIT);
    grid.addBatch(1, new Float64Array([5]), 0, 1);
    expect(grid.toJSON(0).sketch).toEqual(new QuantileSketch().toJSON());
    expect(valueOf(grid.toJSON(0).sum)).toBe(0);
    expect(grid.count(1)).toBe(1);
  });

  it('refuses non-finite values', () => {
    const grid = new DistributionGrid(1, MONEY_UNIT);
    for (const bad of [NaN, Infinity, -Infinity]) {
      expect(() => grid.addBatch(0, new Float64Array([1, bad]), 0, 2)).toThrow(RangeError);
      expect(() => grid.addBatch(0, new Float64Array([bad, bad]), 0, 2)).toThrow(RangeError);
    }
  });
});
