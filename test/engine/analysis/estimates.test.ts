import { describe, expect, it } from 'vitest';
import { RandomStream } from '../../../shared/engine/random/index.js';
import { lift, pairedDifference, proportion } from '../../../shared/engine/analysis/estimates.js';

describe('analysis estimates', () => {
  it("a lift's 95% interval covers the true lift on about 95% of samples", () => {
    // Cells: cause & fail, cause & success, no cause & fail, no cause & success.
    const p = [0.06, 0.14, 0.09, 0.71];
    const trueLift = p[0] / (p[0] + p[2]) / (p[0] + p[1]);
    const n = 2000;
    const reps = 2000;
    const rng = new RandomStream(12345, 0, 0);
    let covered = 0;
    for (let r = 0; r < reps; r++) {
      const c = [0, 0, 0, 0];
      for (let i = 0; i < n; i++) {
        const u = rng.uniform();
        c[u < p[0] ? 0 : u < p[0] + p[1] ? 1 : u < p[0] + p[1] + p[2] ? 2 : 3]++;
      }
      const l = lift(c[0], c[1], c[2], c[3])!;
      if (l.interval95[0] <= trueLift && trueLift <= l.interval95[1]) covered++;
    }
    // Coverage's own sampling error over 2,000 replications is √(0.95·0.05/2000) = 0.0049: allow 4 of them.
    expect(Math.abs(covered / reps - 0.95)).toBeLessThan(4 * 0.0049);
  });

  it('a proportion carries the binomial standard error', () => {
    const e = proportion(850, 1000);
    expect(e.value).toBe(0.85);
    expect(e.standardError).toBeCloseTo(Math.sqrt((0.85 * 0.15) / 1000), 15);
  });

  it('a paired difference takes its error from the spread of the per-path differences', () => {
    // d = +1 on 30 paths, −1 on 10, 0 on 60: mean 0.2, s² = (40 − 100·0.04)/99.
    const e = pairedDifference(20, 40, 100, 0.5);
    expect(e.value).toBeCloseTo(0.2, 15);
    expect(e.standardError).toBeCloseTo(Math.sqrt((40 - 4) / 99 / 100), 15);
    expect(e.unpairedStandardError).toBeCloseTo(Math.sqrt(0.5 / 100), 15);
  });
});
