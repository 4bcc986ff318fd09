import { describe, expect, it } from 'vitest';
import { allocateEconomyPath, createEconomyGenerator, resolveEconomicAssumptions } from '../../../shared/engine/economy/index.js';
import { MAX_ANNUAL_LOG_RETURN, MIN_ANNUAL_INFLATION } from '../../../shared/engine/economy/limits.js';

const PATHS = 2000;
const YEARS = 50;

describe('bounds on a year of the economy', () => {
  it('keep the price index positive at an inflation volatility of 0.3 (the OU rate alone crosses -100% on about 1.5% of paths)', () => {
    const a = resolveEconomicAssumptions({ inflation: { volatility: 0.3 } });
    const g = createEconomyGenerator(a, 5, YEARS);
    const p = allocateEconomyPath(YEARS);
    let floored = 0;
    let belowFloor = 0;
    let badIndex = 0;
    for (let k = 0; k < PATHS; k++) {
      g.generate(k, p);
      for (let t = 0; t < YEARS; t++) {
        if (p.inflation[t] < MIN_ANNUAL_INFLATION) belowFloor++;
        if (p.inflation[t] === MIN_ANNUAL_INFLATION) floored++;
        if (!(p.cpi[t + 1] > 0 && Number.isFinite(p.cpi[t + 1]))) badIndex++;
      }
    }
    expect(belowFloor).toBe(0);
    expect(badIndex).toBe(0);
    // The floor acts here (the OU law, stationary sd 0.32 around 3.8%, puts a few percent of years below -50%).
    expect(floored).toBeGreaterThan(0);
  });

  it('never bind under the calibrated defaults', () => {
    const g = createEconomyGenerator(resolveEconomicAssumptions(), 5, 60);
    const p = allocateEconomyPath(60);
    let largest = 0;
    let lowestInflation = Infinity;
    for (let k = 0; k < PATHS; k++) {
      g.generate(k, p);
      for (let t = 0; t < 60; t++) {
        for (const r of [p.cashReturn[t], p.bondReturn[t], p.equityReturn[t], p.propertyReturn[t]])
          largest = Math.max(largest, Math.abs(Math.log1p(r)));
        lowestInflation = Math.min(lowestInflation, p.inflation[t]);
      }
    }
    expect(largest).toBeLessThan(MAX_ANNUAL_LOG_RETURN / 2);
    expect(lowestInflation).toBeGreaterThan(MIN_ANNUAL_INFLATION / 2);
  });
});
