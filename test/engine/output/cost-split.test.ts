import { describe, expect, it } from 'vitest';
import { ECONOMY_SAMPLE_COST, splitPathsByCost } from '../../../shared/engine/output/cost-split.js';
import { inEconomySample } from '../../../shared/engine/output/economy-sample.js';

const cost = (start: number, count: number) => {
  let total = 0;
  for (let p = start; p < start + count; p++) total += inEconomySample(p) ? 1 + ECONOMY_SAMPLE_COST : 1;
  return total;
};

describe('splitting a run into shards of near-equal cost', () => {
  it('covers every path once in contiguous, non-empty ranges, each within a path of an equal share of the cost', () => {
    for (const [paths, shards] of [
      [10_000, 2],
      [100_000, 10],
      [5_000, 4],
      [1_000, 3],
      [7, 7],
      [3, 5],
      [1, 1],
    ]) {
      const ranges = splitPathsByCost(paths, shards);
      expect(ranges).toHaveLength(Math.min(paths, shards));
      let next = 0;
      for (const r of ranges) {
        expect(r.pathStart).toBe(next);
        expect(r.pathCount).toBeGreaterThan(0);
        next += r.pathCount;
      }
      expect(next).toBe(paths);
      // Each range ends at the path boundary nearest its share of the cost (within half a path), so
      // a range's cost is within a path of an equal share.
      const share = cost(0, paths) / ranges.length;
      for (const r of ranges) expect(Math.abs(cost(r.pathStart, r.pathCount) - share)).toBeLessThanOrEqual(1 + ECONOMY_SAMPLE_COST + 1e-9);
    }
  });

  it('gives the first shard fewer paths, where the economy sample is dense', () => {
    const [first, second] = splitPathsByCost(10_000, 2);
    expect(first).toEqual({ pathStart: 0, pathCount: 4_160 });
    expect(second.pathCount).toBe(5_840);
  });
});
