import { describe, expect, it } from 'vitest';
import {
  baseDeathProbability,
  lifeExpectancyFromTable,
  MemberState,
  resolveLifeAssumptions,
  survivalProbabilities,
} from '../../../shared/engine/life/index.js';
import { member, meanAndError, mortalityOnly, proportionError, simulate, START_YEAR } from './helpers.js';

describe('mortality tables', () => {
  // Published by SSA: e65 of the 2017 period table (2020 Trustees Report) and of the 2021 table.
  it.each([
    ['US_SSA_2017', 'MALE', 17.89],
    ['US_SSA_2017', 'FEMALE', 20.45],
    ['US_SSA_2021', 'MALE', 16.95],
    ['US_SSA_2021', 'FEMALE', 19.75],
  ] as const)('%s %s e65 = %s as published', (table, sex, published) => {
    const a = resolveLifeAssumptions({ mortality: { table, improvement: 'NONE' } });
    const e = lifeExpectancyFromTable(a, member({ sex, birthYear: START_YEAR - 65 }), START_YEAR);
    // Published to two decimals; half a unit of the last digit plus float slack.
    expect(Math.abs(e - published)).toBeLessThanOrEqual(0.005 + 1e-6);
  });

  it('improvement lowers cohort mortality and lengthens life expectancy', () => {
    const a = resolveLifeAssumptions({ mortality: { improvement: 'US_SSA_ALT2' } });
    const flat = resolveLifeAssumptions({ mortality: { improvement: 'NONE' } });
    for (const sex of ['MALE', 'FEMALE'] as const) {
      expect(baseDeathProbability(a, sex, 65, 2017)).toBe(baseDeathProbability(flat, sex, 65, 2017));
      expect(baseDeathProbability(a, sex, 65, 2040)).toBeLessThan(0.9 * baseDeathProbability(flat, sex, 65, 2040));
      // Held flat after the last projected year.
      expect(baseDeathProbability(a, sex, 80, 2120)).toBe(baseDeathProbability(a, sex, 80, 2095));
      const m = member({ sex, birthYear: START_YEAR - 65 });
      expect(lifeExpectancyFromTable(a, m, START_YEAR)).toBeGreaterThan(lifeExpectancyFromTable(flat, m, START_YEAR) + 0.5);
    }
    // A 2021-based table improves relative to its own base year.
    const a21 = resolveLifeAssumptions({ mortality: { table: 'US_SSA_2021' } });
    const f21 = resolveLifeAssumptions({ mortality: { table: 'US_SSA_2021', improvement: 'NONE' } });
    expect(baseDeathProbability(a21, 'MALE', 70, 2021)).toBe(baseDeathProbability(f21, 'MALE', 70, 2021));
    expect(baseDeathProbability(a21, 'MALE', 70, 2050)).toBeLessThan(baseDeathProbability(f21, 'MALE', 70, 2050));
  });

  it('Gompertz follows its closed form and everyone dies by 120', () => {
    const a = resolveLifeAssumptions({ mortality: { law: 'GOMPERTZ', modalAge: 86, dispersion: 10 } });
    const s = survivalProbabilities(a, member({ birthYear: START_YEAR - 65 }), START_YEAR, 56);
    // Gompertz t-year survival from x: exp(exp((x - m)/b) (1 - exp(t/b))).
    for (const t of [1, 10, 25, 40]) {
      expect(s[t]).toBeCloseTo(Math.exp(Math.exp((65 - 86) / 10) * (1 - Math.exp(t / 10))), 12);
    }
    expect(baseDeathProbability(a, 'FEMALE', 120, 2030)).toBe(1);
    expect(s[56]).toBe(0);
  });

  it('health and smoking scale mortality (AVERAGE non-smoker keeps the table)', () => {
    const a = resolveLifeAssumptions();
    const e = (h: 'EXCELLENT' | 'GOOD' | 'AVERAGE' | 'POOR', smoker = false) =>
      lifeExpectancyFromTable(a, member({ health: h, smoker, birthYear: START_YEAR - 50 }), START_YEAR);
    expect(e('EXCELLENT')).toBeGreaterThan(e('GOOD'));
    expect(e('GOOD')).toBeGreaterThan(e('AVERAGE'));
    expect(e('AVERAGE')).toBeGreaterThan(e('POOR'));
    expect(e('AVERAGE') - e('AVERAGE', true)).toBeGreaterThan(5);
    const s = survivalProbabilities(a, member({ birthYear: START_YEAR - 50 }), START_YEAR, 2);
    expect(1 - s[1]).toBeCloseTo(baseDeathProbability(a, 'MALE', 50, START_YEAR), 15);
  });
});

describe('simulated mortality', () => {
  it.each([
    ['TABLE', mortalityOnly({})],
    ['GOMPERTZ', mortalityOnly({ mortality: { law: 'GOMPERTZ' } })],
  ] as const)('%s: survival curve and life expectancy match the exact values', (_law, input) => {
    const m = member({ birthYear: START_YEAR - 65, sex: 'FEMALE' });
    const years = 56;
    const n = 20_000;
    const alive = new Float64Array(years);
    const lifetimes = new Float64Array(n);
    let survivorsPast120 = 0;
    simulate(input, [m], years, n, 11, ([life], p) => {
      for (let t = 0; t < years; t++) if (life.state[t] !== MemberState.DEAD) alive[t]++;
      if (life.deathYear < 0) survivorsPast120++;
      lifetimes[p] = life.deathYear + 0.5;
    });
    expect(survivorsPast120).toBe(0); // everyone dies by the end of age 120
    const a = resolveLifeAssumptions(input);
    const exact = survivalProbabilities(a, m, START_YEAR, years);
    for (const t of [5, 10, 20, 30, 40]) {
      const sim = alive[t] / n;
      expect(Math.abs(sim - exact[t])).toBeLessThan(4 * proportionError(exact[t], n));
    }
    const { mean, se } = meanAndError(lifetimes);
    expect(Math.abs(mean - lifeExpectancyFromTable(a, m, START_YEAR))).toBeLessThan(4 * se);
  });

  it('a death in year t shows from t + 1; NONE never kills', () => {
    simulate(mortalityOnly({}), [member({ birthYear: START_YEAR - 90 })], 31, 200, 3, ([life]) => {
      const d = life.deathYear;
      if (d >= 0) {
        expect(life.state[d]).not.toBe(MemberState.DEAD);
        if (d + 1 < life.years) expect(life.state[d + 1]).toBe(MemberState.DEAD);
      }
    });
    simulate(mortalityOnly({ mortality: { law: 'NONE' } }), [member()], 40, 100, 3, ([life]) => {
      expect(life.deathYear).toBe(-1);
    });
  });
});
