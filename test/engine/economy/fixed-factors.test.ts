import { describe, expect, it } from 'vitest';
import {
  allocateEconomyPath,
  createEconomyGenerator,
  resolveEconomicAssumptions,
  type EconomyPath,
} from '../../../shared/engine/economy/index.js';
import { economyShock } from '../../../shared/engine/analysis/shocks.js';
import { PathRunner } from '../../../shared/engine/household/path-runner.js';
import { stylisedRetiree } from '../../../bench/stylised-retiree.js';

const YEARS = 30;
const SEED = 5;

const series = (p: EconomyPath) => ({
  shortRate: Array.from(p.shortRate),
  inflation: Array.from(p.inflation),
  cashReturn: Array.from(p.cashReturn),
  bondReturn: Array.from(p.bondReturn),
  equityReturn: Array.from(p.equityReturn),
  propertyReturn: Array.from(p.propertyReturn),
  cpi: Array.from(p.cpi),
  shortRateStart: Array.from(p.shortRateStart),
});

// Rates, inflation and property without volatility: the same on every path, kept in a buffer from one path to the next.
const fixedAssumptions = resolveEconomicAssumptions({
  shortRate: { initial: 0.01, longRunMean: 0.03, volatility: 0 },
  inflation: { initial: 0.04, longRunMean: 0.02, volatility: 0 },
  property: { volatility: 0 },
});

describe('fixed factors kept in a buffer from path to path', () => {
  it('a buffer reused for path after path holds what a fresh buffer gets, every series to the bit', () => {
    const g = createEconomyGenerator(fixedAssumptions, SEED, YEARS);
    const reused = allocateEconomyPath(YEARS);
    for (const [pathIndex, years] of [
      [3, YEARS],
      [4, 7],
      [9, YEARS],
      [3, 12],
    ]) {
      g.generate(pathIndex, reused, years);
      const fresh = allocateEconomyPath(YEARS);
      g.generate(pathIndex, fresh, years);
      const prefix = (p: EconomyPath) => {
        const all = series(p);
        return Object.fromEntries(
          Object.entries(all).map(([k, v]) => [k, v.slice(0, k === 'cpi' || k === 'shortRateStart' ? years + 1 : years)]),
        );
      };
      expect(prefix(reused)).toEqual(prefix(fresh));
    }
  });

  it('after `changed`, the next path writes the fixed series again', () => {
    const g = createEconomyGenerator(fixedAssumptions, SEED, YEARS);
    const buffer = allocateEconomyPath(YEARS);
    const expected = allocateEconomyPath(YEARS);
    g.generate(1, buffer);
    g.generate(2, expected);
    buffer.inflation.fill(0.5);
    buffer.cpi.fill(7);
    buffer.shortRate.fill(-1);
    buffer.cashReturn.fill(-1);
    g.changed(buffer);
    g.generate(2, buffer);
    expect(series(buffer)).toEqual(series(expected));
  });

  it('a stress shock on a plan whose inflation is fixed applies once to each path, however many paths ran before', () => {
    const plan = stylisedRetiree();
    const shock = economyShock({ type: 'HIGH_INFLATION', extra: 0.05, years: 10, fromYear: 0 }, plan);
    const runner = new PathRunner(plan, SEED, shock);
    runner.run(2, null, true);
    const first = series(runner.economy);
    expect(first.inflation[0]).toBe(0.05);
    for (let p = 3; p < 6; p++) runner.run(p, null, true);
    runner.run(2, null, true);
    expect(series(runner.economy)).toEqual(first);
    // The shocked paths' price index follows the shocked inflation.
    expect(first.cpi[10]).toBeCloseTo(1.05 ** 10, 12);
  });
});
