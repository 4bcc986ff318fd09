/**
 * The UK assumption set's mortality against ONS's published figures, and its cohort improvement
 * against a computation made here, independently of the engine, from the shipped ONS files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  allocateMemberLifePath,
  baseDeathProbability,
  createLifeModel,
  lifeExpectancyFromTable,
  resolveLifeAssumptions,
} from '../../../shared/engine/life/index.js';
import { meanAndError, member, mortalityOnly, START_YEAR } from './helpers.js';

type Row = Record<string, string>;
function csv(name: string): Row[] {
  const [header, ...lines] = readFileSync(new URL(`../../../data/life/ons/${name}`, import.meta.url), 'utf8')
    .trim()
    .split(/\r?\n/);
  const cols = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [cols[i], v])));
}
const periodRows = csv('ons_national_life_tables_uk_2020_2024.csv');
const projectionRows = csv('ons_2024based_projected_period_qx_selected_years.csv');
const published = (period: string, sex: string, age: number, column: string) =>
  Number(periodRows.find((r) => r.period === period && r.sex === sex && Number(r.age) === age)?.[column]);

const period = (table: string) => resolveLifeAssumptions({ mortality: { table: table as never, improvement: 'NONE' } }, 'UK');
const e = (a: ReturnType<typeof resolveLifeAssumptions>, sex: 'MALE' | 'FEMALE', age: number, year = START_YEAR) =>
  lifeExpectancyFromTable(a, member({ sex, birthYear: year - age }), year);
/** Published to two decimals: half a unit of the last digit, plus float slack. */
const TWO_DECIMALS = 0.005 + 1e-9;

describe('UK mortality: the ONS national life tables', () => {
  it('the default UK table gives the ONS 2022-2024 life expectancies at birth and at 65, improvements off', () => {
    const a = resolveLifeAssumptions({ mortality: { improvement: 'NONE' } }, 'UK');
    expect(a.mortality.table).toBe('UK_ONS_2022_2024');
    // ONS, National life tables, UK: 2022 to 2024.
    expect(Math.abs(e(a, 'MALE', 65) - 18.73)).toBeLessThanOrEqual(TWO_DECIMALS);
    expect(Math.abs(e(a, 'FEMALE', 65) - 21.16)).toBeLessThanOrEqual(TWO_DECIMALS);
    expect(Math.abs(e(a, 'MALE', 0) - 79.12)).toBeLessThanOrEqual(TWO_DECIMALS);
    expect(Math.abs(e(a, 'FEMALE', 0) - 83.02)).toBeLessThanOrEqual(TWO_DECIMALS);
  });

  it.each([
    ['UK_ONS_2022_2024', '2022-2024'],
    ['UK_ONS_2021_2023', '2021-2023'],
    ['UK_ONS_2020_2022', '2020-2022'],
  ])('%s: e(0), e(65) and e(100) are the published e(x), the extension past 100 included', (table, years) => {
    const a = period(table);
    for (const [sex, key] of [
      ['MALE', 'male'],
      ['FEMALE', 'female'],
    ] as const) {
      for (const age of [0, 65, 100]) expect(Math.abs(e(a, sex, age) - published(years, key, age, 'ex'))).toBeLessThanOrEqual(TWO_DECIMALS);
      // Ages 0-100 are the published q(x) (kept in millionths, the six decimals ONS publishes).
      for (const age of [0, 40, 65, 90, 100])
        expect(baseDeathProbability(a, sex, age, START_YEAR)).toBeCloseTo(published(years, key, age, 'qx'), 12);
    }
  });

  it('the extension rises smoothly past 100 towards Kannisto plateau and ends at 120', () => {
    const a = period('UK_ONS_2022_2024');
    for (const sex of ['MALE', 'FEMALE'] as const) {
      let previous = baseDeathProbability(a, sex, 100, START_YEAR);
      for (let age = 101; age < 120; age++) {
        const q = baseDeathProbability(a, sex, age, START_YEAR);
        expect(q).toBeGreaterThan(previous);
        expect(q).toBeLessThan(1 - Math.exp(-1)); // a Kannisto force stays below 1
        previous = q;
      }
      expect(baseDeathProbability(a, sex, 120, START_YEAR)).toBe(1);
    }
  });
});

/**
 * The cohort reading of the staged projection, written out here: log q linear in the year between
 * staged years, years held within the staged range, ages outside 16-100 at the nearest age; the
 * factor on the base table is q_proj(x, y) / q_proj(x, base year), 1 up to the base year.
 */
function projected(sex: 'male' | 'female', age: number, year: number): number {
  const years = [...new Set(projectionRows.map((r) => Number(r.year)))].sort((x, y) => x - y);
  const y = Math.min(Math.max(year, years[0]), years[years.length - 1]);
  const a = Math.min(Math.max(age, 16), 100);
  const at = (yy: number) => Number(projectionRows.find((r) => Number(r.year) === yy && Number(r.age) === a)?.[`qx_${sex}`]);
  const upper = years.findIndex((yy) => yy >= y);
  if (years[upper] === y) return at(y);
  const [y0, y1] = [years[upper - 1], years[upper]];
  const w = (y - y0) / (y1 - y0);
  return Math.exp((1 - w) * Math.log(at(y0)) + w * Math.log(at(y1)));
}

describe('UK mortality: cohort improvement from the ONS 2024-based projection', () => {
  it.each([2026, 2035])('cohort e(65) from %s exceeds the period e(65) by what the projected rates imply', (year) => {
    const withImprovement = resolveLifeAssumptions({}, 'UK');
    expect(withImprovement.mortality.improvement).toBe('UK_ONS_2024');
    const flat = period('UK_ONS_2022_2024');
    for (const [sex, key] of [
      ['MALE', 'male'],
      ['FEMALE', 'female'],
    ] as const) {
      // The period table's q for the cohort's ages (0-100 from the ONS file; the extension from the engine, checked above).
      const base = (age: number) => (age <= 100 ? published('2022-2024', key, age, 'qx') : baseDeathProbability(flat, sex, age, year));
      const periodQ: number[] = [];
      const cohortQ: number[] = [];
      for (let age = 65; age < 120; age++) {
        const y = year + age - 65;
        periodQ.push(base(age));
        cohortQ.push(y <= 2023 ? base(age) : (base(age) * projected(key, age, y)) / projected(key, age, 2023));
      }
      const expectancy = (q: number[]) => q.reduceRight((next, qx) => 0.5 + (1 - qx) * (next + 0.5), 0.5);
      const implied = expectancy(cohortQ) - expectancy(periodQ);
      const engine = e(withImprovement, sex, 65, year) - e(flat, sex, 65, year);
      expect(implied).toBeGreaterThan(0.3);
      expect(engine).toBeCloseTo(implied, 9);
    }
  });
});

describe('UK mortality: simulated lives', () => {
  it.each(['FEMALE', 'MALE'] as const)('100,000 UK lives (%s) from 65 live as long as the table says, within sampling error', (sex) => {
    const a = resolveLifeAssumptions(mortalityOnly({}), 'UK');
    const m = member({ sex, birthYear: START_YEAR - 65 });
    const years = 56;
    const n = 100_000;
    const model = createLifeModel(a, [m], START_YEAR, years, 27);
    const out = [allocateMemberLifePath(years)];
    const lifetimes = new Float64Array(n);
    for (let p = 0; p < n; p++) {
      model.simulatePath(p, out);
      expect(out[0].deathYear).toBeGreaterThanOrEqual(0); // everyone dies by the end of age 120
      lifetimes[p] = out[0].deathYear + 0.5;
    }
    const { mean, se } = meanAndError(lifetimes);
    const exact = lifeExpectancyFromTable(a, m, START_YEAR);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
    expect(se).toBeLessThan(0.03);
  });
});
