import { describe, expect, it } from 'vitest';
import {
  allocateEconomyPath,
  createEconomyGenerator,
  resolveEconomicAssumptions,
  type EconomicAssumptionsInput,
  type EconomyPath,
} from '../../../shared/engine/economy/index.js';

const YEARS = 30;
const SEED = 99;

const yearly = (p: EconomyPath, years: number) => ({
  shortRate: Array.from(p.shortRate.subarray(0, years)),
  inflation: Array.from(p.inflation.subarray(0, years)),
  cashReturn: Array.from(p.cashReturn.subarray(0, years)),
  bondReturn: Array.from(p.bondReturn.subarray(0, years)),
  equityReturn: Array.from(p.equityReturn.subarray(0, years)),
  propertyReturn: Array.from(p.propertyReturn.subarray(0, years)),
  cpi: Array.from(p.cpi.subarray(0, years + 1)),
  shortRateStart: Array.from(p.shortRateStart.subarray(0, years + 1)),
});

describe('generating only the first years of a path', () => {
  for (const [name, overrides] of [
    ['STOCHASTIC GBM', {}],
    ['STOCHASTIC RSLN2', { equity: { model: 'RSLN2' } }],
    ['HISTORICAL BOOTSTRAP', { model: 'HISTORICAL' }],
    ['HISTORICAL SEQUENTIAL', { model: 'HISTORICAL', historical: { method: 'SEQUENTIAL' } }],
  ] as [string, EconomicAssumptionsInput][]) {
    it(`${name}: the first T years equal those of the full-horizon generation`, () => {
      const g = createEconomyGenerator(resolveEconomicAssumptions(overrides), SEED, YEARS);
      const full = allocateEconomyPath(YEARS);
      const part = allocateEconomyPath(YEARS);
      for (const pathIndex of [0, 7, 123]) {
        g.generate(pathIndex, full);
        for (const years of [0, 1, 13, YEARS - 1, YEARS]) {
          // Fill the buffer with another path first, so that a year left unwritten would show.
          g.generate(pathIndex + 1000, part);
          g.generate(pathIndex, part, years);
          expect(yearly(part, years)).toEqual(yearly(full, years));
        }
      }
    });
  }

  it('gives factors without volatility the same values on every path, by the same arithmetic', () => {
    const a = resolveEconomicAssumptions({
      shortRate: { initial: 0.01, longRunMean: 0.03, volatility: 0 },
      inflation: { initial: 0.04, longRunMean: 0.02, volatility: 0 },
      property: { volatility: 0 },
    });
    const g = createEconomyGenerator(a, SEED, YEARS);
    const first = allocateEconomyPath(YEARS);
    const other = allocateEconomyPath(YEARS);
    g.generate(0, first);
    g.generate(5, other, 17);
    const fixed = (p: EconomyPath, years: number) => ({ ...yearly(p, years), equityReturn: [] });
    expect(fixed(other, 17)).toEqual(fixed(first, 17));
    expect(other.equityReturn[3]).not.toBe(first.equityReturn[3]);
    for (let t = 0; t < YEARS; t++) {
      expect(first.cashReturn[t]).toBe(Math.expm1(first.shortRate[t]));
      expect(first.cpi[t + 1]).toBe(first.cpi[t] * (1 + first.inflation[t]));
      expect(first.propertyReturn[t]).toBe(Math.expm1(first.inflation[t] + a.property.realGrowth));
    }
    // The inflation path decays from its initial value to its long-run mean.
    expect(first.inflation[0]).toBeCloseTo(0.02 + 0.02 * Math.exp(-a.inflation.meanReversion), 12);
  });

  it('refuses a year count beyond the horizon', () => {
    const g = createEconomyGenerator(resolveEconomicAssumptions({}), SEED, YEARS);
    const p = allocateEconomyPath(YEARS);
    expect(() => g.generate(0, p, YEARS + 1)).toThrow(/years/);
    expect(() => g.generate(0, p, -1)).toThrow(/years/);
  });
});
