import { describe, expect, it } from 'vitest';
import { RandomStream, randomSeed, streamId } from '../../../shared/engine/random/index.js';

const N = 1_000_000;

describe('RandomStream', () => {
  it('draws uniforms on the open interval (0, 1) with mean 1/2 and variance 1/12', () => {
    const r = new RandomStream().reset(12345, 0, 0);
    let s = 0;
    let s2 = 0;
    let lo = 1;
    let hi = 0;
    for (let i = 0; i < N; i++) {
      const u = r.uniform();
      s += u;
      s2 += u * u;
      if (u < lo) lo = u;
      if (u > hi) hi = u;
    }
    const mean = s / N;
    const variance = s2 / N - mean * mean;
    expect(lo).toBeGreaterThan(0);
    expect(hi).toBeLessThan(1);
    expect(Math.abs(mean - 0.5)).toBeLessThan(4 * Math.sqrt(1 / 12 / N));
    // Var of (u - 1/2)^2 is 1/80 - 1/144.
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(4 * Math.sqrt((1 / 80 - 1 / 144) / N));
  });

  it('draws standard normals: mean 0, variance 1, skewness 0, kurtosis 3 within sampling error', () => {
    const r = new RandomStream().reset(987654321, 3, 17);
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let beyond3 = 0;
    for (let i = 0; i < N; i++) {
      const x = r.normal();
      const x2 = x * x;
      s1 += x;
      s2 += x2;
      s3 += x2 * x;
      s4 += x2 * x2;
      if (Math.abs(x) > 3) beyond3++;
    }
    // Standard errors of the raw moments of N(0,1): sqrt(Var(x^k) / N).
    expect(Math.abs(s1 / N)).toBeLessThan(4 * Math.sqrt(1 / N));
    expect(Math.abs(s2 / N - 1)).toBeLessThan(4 * Math.sqrt(2 / N));
    expect(Math.abs(s3 / N)).toBeLessThan(4 * Math.sqrt(15 / N));
    expect(Math.abs(s4 / N - 3)).toBeLessThan(4 * Math.sqrt(96 / N));
    // The tail (ziggurat's slow path): P(|X| > 3) = 0.0026998.
    const p = 0.0026998;
    expect(Math.abs(beyond3 / N - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / N));
  });

  it('gives the same sequence for the same (seed, path, stream), after any reset', () => {
    const a = new RandomStream().reset(42, 7, 3);
    const first = Array.from({ length: 20 }, () => a.normal());
    const b = new RandomStream().reset(1, 1, 1);
    b.uniform();
    b.reset(42, 7, 3);
    expect(Array.from({ length: 20 }, () => b.normal())).toEqual(first);
  });

  it('gives uncorrelated sequences for neighbouring streams, paths and seeds', () => {
    const n = 200_000;
    const bound = 4 / Math.sqrt(n); // SE of a sample correlation of independent series
    const base = new RandomStream();
    const others: [number, number, number][] = [
      [5, 10, 21], // next stream
      [5, 11, 20], // next path
      [6, 10, 20], // next seed
      [5 + 2 ** 32, 10, 20], // seed differing only in its high word
    ];
    for (const [seed, path, stream] of others) {
      base.reset(5, 10, 20);
      const other = new RandomStream().reset(seed, path, stream);
      let sxy = 0;
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let syy = 0;
      for (let i = 0; i < n; i++) {
        const x = base.normal();
        const y = other.normal();
        sx += x;
        sy += y;
        sxy += x * y;
        sxx += x * x;
        syy += y * y;
      }
      const cov = sxy / n - (sx / n) * (sy / n);
      const corr = cov / Math.sqrt((sxx / n - (sx / n) ** 2) * (syy / n - (sy / n) ** 2));
      expect(Math.abs(corr)).toBeLessThan(bound);
    }
  });

  it('never starts two nearby (path, stream) pairs at the same point', () => {
    const seen = new Set<string>();
    const r = new RandomStream();
    for (let path = 0; path < 100; path++) {
      for (let stream = 0; stream < 100; stream++) {
        r.reset(2024, path, stream);
        seen.add(`${r.nextInt32()},${r.nextInt32()}`);
      }
    }
    expect(seen.size).toBe(100 * 100);
  });
});

describe('streamId and randomSeed', () => {
  it('hashes names stably and distinctly', () => {
    // Pinned: changing the hash would change every simulated path.
    expect(streamId('economy:equity')).toBe(3030560083);
    const ids = new Set(Array.from({ length: 1000 }, (_, i) => streamId(`life:mortality:member-${i}`)));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(Number.isInteger(id) && id >= 0 && id < 2 ** 32).toBe(true);
  });

  it('makes fresh non-negative safe-integer seeds', () => {
    const seeds = Array.from({ length: 100 }, () => randomSeed());
    for (const s of seeds) expect(Number.isSafeInteger(s) && s >= 0).toBe(true);
    expect(new Set(seeds).size).toBe(100);
  });
});
