import { describe, expect, it } from 'vitest';
import { buildOutput, encodeShardResult, mergeShards, simulate, simulateShard } from '../../../shared/engine/index.js';
import { loadExample } from './example-plans.js';

const SEED = 11;
const PATHS = 300;

describe('the estate tax in the output', () => {
  const plan = { ...loadExample('couple-near-retirement'), estateTax: 'UK' as const };

  it('gives the mean tax and the estate before and after it, terminalEstate being after; the same in one shard or two encoded', () => {
    const one = simulate(plan, { seed: SEED, paths: PATHS });
    const estate = one.summary.estate!;
    expect(estate.taxSystem).toBe('UK');
    expect(estate.expectedTax).toBeGreaterThan(0);
    expect(estate.meanAfterTax).toBeCloseTo(one.summary.terminalEstate.mean!, 6);
    expect(estate.meanBeforeTax - estate.meanAfterTax).toBeCloseTo(estate.expectedTax, 6);
    for (const life of one.lives ?? []) expect(life.terminalEstateBeforeTax!).toBeGreaterThanOrEqual(life.terminalEstate);

    const halves = [
      { pathStart: 0, pathCount: 120 },
      { pathStart: 120, pathCount: PATHS - 120 },
    ];
    const merged = mergeShards(halves.map((r) => encodeShardResult(simulateShard(plan, SEED, r))));
    const two = buildOutput(plan, merged, { seed: SEED, shards: 2, elapsedMs: 0 });
    expect(two.summary.estate).toEqual(estate);
  });

  it('leaves the output without an estate tax as it was: no estate figures, the estate before tax', () => {
    const { estateTax: _, ...flat } = plan;
    const out = simulate(flat, { seed: SEED, paths: PATHS });
    expect(out.summary.estate).toBeUndefined();
    expect(out.lives?.every((l) => l.terminalEstateBeforeTax === undefined)).toBe(true);
    const taxed = simulate(plan, { seed: SEED, paths: PATHS }).summary.estate!;
    // The same estates before tax, summed from (worth - tax) / CPI + tax / CPI instead of worth / CPI: equal to rounding.
    expect(Math.abs(out.summary.terminalEstate.mean! / taxed.meanBeforeTax - 1)).toBeLessThan(1e-9);
  });
});
