import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../shared/engine/random/index.js';
import { QuantileSketch } from '../../../shared/engine/stats/index.js';

const LEVELS = [0, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 1];

/** Sketches of n values: negative, zero and positive, many ties (so neighbouring ranks share buckets). */
function sketch(n: number, seed: number): QuantileSketch {
  const rng = new RandomStream();
  rng.reset(seed, 0, 3);
  const s = new QuantileSketch();
  for (let i = 0; i < n; i++) {
    const u = rng.uniform();
    if (u < 0.2) s.add(0);
    else if (u < 0.4) s.add(-Math.exp(3 * rng.normal()));
    else if (u < 0.5) s.add(1000);
    else s.add(Math.exp(5 * rng.normal()));
  }
  return s;
}

describe('QuantileSketch.quantiles', () => {
  it('gives quantile(q), the walk for one level, for every q, to the bit, for sketches of every size', () => {
    for (const n of [1, 2, 3, 5, 7, 10, 19, 100, 1001, 20000]) {
      for (const seed of [1, 2, 3]) {
        const s = sketch(n, seed * 1000 + n);
        const one = s.quantiles(LEVELS);
        LEVELS.forEach((q, i) => expect(Object.is(one[i], s.quantile(q))).toBe(true));
      }
    }
  });

  it('handles quantiles whose ranks share order statistics, and repeated levels', () => {
    const s = sketch(4, 9);
    const qs = [0.1, 0.2, 0.3, 0.3, 0.34, 0.5, 0.66, 0.67, 0.99];
    const one = s.quantiles(qs);
    qs.forEach((q, i) => expect(Object.is(one[i], s.quantile(q))).toBe(true));
    // Whole values take one order statistic per level (type 1), some of them shared.
    const whole = new QuantileSketch();
    for (const v of [-3, 0, 0, 2, 7, 7, 7, 40, 41, 1000]) whole.add(v);
    const levels = [0.05, 0.1, 0.1, 0.15, 0.3, 0.3000001, 0.7, 0.95];
    const wholeOne = whole.quantiles(levels);
    levels.forEach((q, i) => expect(Object.is(wholeOne[i], whole.quantile(q))).toBe(true));
  });

  it('gives NaNs when empty and refuses levels outside [0, 1] or out of order, empty or not', () => {
    const empty = new QuantileSketch();
    expect(empty.quantiles([0.5, 0.9])).toEqual([NaN, NaN]);
    const s = sketch(10, 4);
    for (const t of [s, empty]) {
      expect(() => t.quantiles([0.5, 1.5])).toThrow(RangeError);
      expect(() => t.quantiles([0.9, 0.5])).toThrow(RangeError);
      expect(() => t.quantile(-0.1)).toThrow(RangeError);
      expect(() => t.quantile(NaN)).toThrow(RangeError);
    }
  });
});
