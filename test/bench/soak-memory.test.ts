import { describe, expect, it } from 'vitest';
import { leastSquaresSlope, memoryVerdict, residentMb } from '../../bench/soak-memory.js';

describe('the soak memory verdict', () => {
  it('fits the slope of points on a line exactly, and of a symmetric scatter about it', () => {
    expect(leastSquaresSlope([0, 1, 2, 3].map((x) => ({ x, y: 7 + 2.5 * x })))).toBeCloseTo(2.5, 12);
    // Residuals +1, -1, -1, +1 are orthogonal to x - mean(x): the slope is the line's.
    const residuals = [1, -1, -1, 1];
    expect(leastSquaresSlope([0, 1, 2, 3].map((x) => ({ x, y: 10 - x + residuals[x] })))).toBeCloseTo(-1, 12);
    expect(leastSquaresSlope([{ x: 1, y: 5 }])).toBe(0);
  });

  it('judges by the second half: growth in the warm-up alone levels off, steady growth does not', () => {
    // RSS rises 100 MB a minute for five minutes, then stays flat for five.
    const warmUp = Array.from({ length: 61 }, (_, i) => ({ seconds: i * 10, rssMb: 400 + Math.min(i * 10, 300) * (100 / 60) }));
    const settled = memoryVerdict(warmUp, 5);
    expect(settled).toMatchObject({ firstMb: 400, peakMb: 900, lastMb: 900, levelsOff: true });
    expect(settled.lastHalfSlopeMbPerMin).toBeCloseTo(0, 9);
    // 20 MB a minute throughout.
    const leaking = memoryVerdict(
      Array.from({ length: 61 }, (_, i) => ({ seconds: i * 10, rssMb: 400 + (i * 10 * 20) / 60 })),
      5,
    );
    expect(leaking.lastHalfSlopeMbPerMin).toBeCloseTo(20, 9);
    expect(leaking.levelsOff).toBe(false);
  });

  it('reads this process’s resident set from /proc, and nothing for a process that is not there', () => {
    const { rss, anon, file } = residentMb(process.pid) as { rss: number; anon: number; file: number };
    // VmRSS and Node's own figure are read moments apart; they agree to a few MB.
    expect(Math.abs(rss - process.memoryUsage.rss() / 2 ** 20)).toBeLessThan(16);
    // VmRSS is the sum of its anonymous, file and shared-memory parts (shared memory: none here).
    expect(anon + file).toBeGreaterThan(rss - 1);
    expect(anon + file).toBeLessThanOrEqual(rss + 1e-9);
    expect(residentMb(2 ** 22 + 1)).toBeUndefined();
  });
});
