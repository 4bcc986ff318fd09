import { describe, expect, it } from 'vitest';
import {
  allocateEconomyPath,
  createEconomyGenerator,
  HISTORY_FIRST_YEAR,
  HISTORY_LAST_YEAR,
  resolveEconomicAssumptions,
} from '../../../shared/engine/economy/index.js';
import { HistoricalEconomyGenerator } from '../../../shared/engine/economy/historical-generator.js';
import history from '../../../shared/engine/economy/historical-returns.json' with { type: 'json' };

const data = (year: number) => year - history.firstYear;

describe('HISTORICAL economy', () => {
  it('ships January-to-January returns for every year of the data', () => {
    expect(HISTORY_FIRST_YEAR).toBe(1871);
    expect(HISTORY_LAST_YEAR).toBe(2022);
    const n = HISTORY_LAST_YEAR - HISTORY_FIRST_YEAR + 1;
    expect(history.equity).toHaveLength(n);
    expect(history.bonds).toHaveLength(n);
    expect(history.inflation).toHaveLength(n);
    // 2008 (Jan 2008 to Jan 2009): the S&P 500 lost about 38% with dividends; CPI rose a little.
    expect(history.equity[data(2008)]).toBeLessThan(-0.3);
    expect(Math.abs(history.inflation[data(2008)])).toBeLessThan(0.02);
  });

  it('SEQUENTIAL: path k, year t replays data year fromYear + k + t, wrapping to fromYear after toYear', () => {
    const fromYear = 1960;
    const toYear = 2000;
    const years = 50;
    const a = resolveEconomicAssumptions({ model: 'HISTORICAL', historical: { method: 'SEQUENTIAL', fromYear, toYear } });
    const g = createEconomyGenerator(a, 1, years);
    const p = allocateEconomyPath(years);
    const span = toYear - fromYear + 1;
    for (const k of [0, 1, 7, 40, 41, 100]) {
      g.generate(k, p);
      for (let t = 0; t < years; t++) {
        const year = fromYear + ((k + t) % span);
        expect(p.equityReturn[t]).toBe(history.equity[data(year)]);
        expect(p.bondReturn[t]).toBe(history.bonds[data(year)]);
        expect(p.inflation[t]).toBe(history.inflation[data(year)]);
        expect(p.cpi[t + 1] / p.cpi[t] - 1).toBeCloseTo(history.inflation[data(year)], 14);
      }
    }
  });

  it('BOOTSTRAP: draws blocks of consecutive data years inside [fromYear, toYear], starting anywhere', () => {
    const fromYear = 1900;
    const toYear = 1999;
    const blockYears = 4;
    const years = 30;
    const a = resolveEconomicAssumptions({ model: 'HISTORICAL', historical: { method: 'BOOTSTRAP', fromYear, toYear, blockYears } });
    const g = new HistoricalEconomyGenerator(a, 2, years);
    const picked = new Int32Array(years);
    const p = allocateEconomyPath(years);
    const starts = new Set<number>();
    for (let k = 0; k < 2000; k++) {
      g.pickIndices(k, picked);
      g.generate(k, p);
      for (let t = 0; t < years; t++) {
        const year = history.firstYear + picked[t];
        expect(year).toBeGreaterThanOrEqual(fromYear);
        expect(year).toBeLessThanOrEqual(toYear);
        if (t % blockYears !== 0) expect(picked[t]).toBe(picked[t - 1] + 1);
        else starts.add(year);
        expect(p.equityReturn[t]).toBe(history.equity[picked[t]]);
      }
    }
    // Every possible block start appears (97 of them, ~15,000 blocks drawn).
    expect(starts.size).toBe(toYear - blockYears + 1 - fromYear + 1);
  });

  it('is reproducible per path and draws property around the historical inflation', () => {
    const a = resolveEconomicAssumptions({ model: 'HISTORICAL' });
    const p = allocateEconomyPath(20);
    const q = allocateEconomyPath(20);
    createEconomyGenerator(a, 3, 20).generate(5, p);
    createEconomyGenerator(a, 3, 20).generate(5, q);
    expect(q).toEqual(p);
    for (let t = 0; t < 20; t++) expect(Number.isFinite(p.propertyReturn[t])).toBe(true);
  });
});
