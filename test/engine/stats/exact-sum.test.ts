import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../shared/engine/random/index.js';
import { ExactSum } from '../../../shared/engine/stats/index.js';

function sumOf(values: number[]): ExactSum {
  const s = new ExactSum();
  for (const v of values) s.add(v);
  return s;
}

describe('ExactSum', () => {
  it('is exact where naive summation is not', () => {
    expect(sumOf([1e16, 1, -1e16]).value()).toBe(1);
    expect(sumOf(Array.from({ length: 10 }, () => 0.1)).value()).toBe(1);
    expect(sumOf([1, 1e100, 1, -1e100]).value()).toBe(2);
    expect(new ExactSum().value()).toBe(0);
  });

  it('equals the correctly rounded exact sum (checked with BigInt), for 1 shard and 7 merged shards in any order', () => {
    // Values k * 2^-30 with |k| < 2^52 and wildly different magnitudes: their exact sum is an integer multiple of 2^-30.
    const r = new RandomStream().reset(1, 0, 0);
    const scale = 2 ** -30;
    const values: number[] = [];
    let exact = 0n;
    for (let i = 0; i < 20_000; i++) {
      const k = Math.floor(r.uniform() * 2 ** 52 * 10 ** -Math.floor(r.uniform() * 12)) * (r.uniform() < 0.5 ? -1 : 1);
      values.push(k * scale);
      exact += BigInt(k);
    }
    const reference = Number(exact) * scale; // Number(BigInt) rounds to nearest, ties to even
    const one = sumOf(values);
    expect(one.value()).toBe(reference);
    const shards = Array.from({ length: 7 }, () => new ExactSum());
    values.forEach((v, i) => shards[(i * 7919) % 7].add(v));
    for (const order of [
      [0, 1, 2, 3, 4, 5, 6],
      [6, 4, 2, 0, 5, 3, 1],
    ]) {
      const merged = new ExactSum();
      for (const i of order) merged.merge(ExactSum.fromJSON(JSON.parse(JSON.stringify(shards[i].toJSON()))));
      expect(merged.value()).toBe(one.value());
    }
    // Naive left-to-right summation does not manage this.
    expect(values.reduce((s, v) => s + v, 0)).not.toBe(reference);
  });

  it('rejects non-finite values', () => {
    expect(() => new ExactSum().add(NaN)).toThrow(RangeError);
    expect(() => new ExactSum().add(Infinity)).toThrow(RangeError);
  });
});
