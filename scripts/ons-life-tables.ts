/**
 * The UK life tables the engine ships: the ONS national life tables (period, ages 0-100) extended
 * to age 119 by a Kannisto law, and the ONS 2024-based projected period q(x) that give their
 * cohort improvement. docs/LIFE.md describes both; build-life-data.ts writes what these return.
 */

/** Contains public sector information licensed under the Open Government Licence v3.0 (the attribution the licence asks for). */
export const OGL_ATTRIBUTION =
  'Contains public sector information licensed under the Open Government Licence v3.0 ' +
  '(https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/). Source: Office for National Statistics';

type Row = Record<string, string>;
type Sex = 'male' | 'female';
const SEXES: Sex[] = ['male', 'female'];

/** Each shipped period, the engine's name for it and its base year (the middle of the three years pooled). */
export const ONS_PERIODS = [
  { period: '2022-2024', name: 'UK_ONS_2022_2024', baseYear: 2023 },
  { period: '2021-2023', name: 'UK_ONS_2021_2023', baseYear: 2022 },
  { period: '2020-2022', name: 'UK_ONS_2020_2022', baseYear: 2021 },
] as const;

/** The ONS tables stop at 100; the law continues them to this age, beyond which the engine sets q = 1. */
const LAST_TABLE_AGE = 100;
const TABLE_AGES = 120;
/** The Kannisto slope is fitted to the central death rates of these ages. */
const FIT_FROM_AGE = 90;

/**
 * Kannisto's logistic force of mortality, mu(x) = c(x) / (1 + c(x)) with c(x) = exp(lnA + b x):
 * the one-year death probability from exact age x is 1 - ((1 + c(x)) / (1 + c(x + 1)))^(1/b).
 */
export function kannistoDeathProbability(age: number, lnA: number, b: number): number {
  const c0 = Math.exp(lnA + b * age);
  const c1 = Math.exp(lnA + b * (age + 1));
  return -Math.expm1(Math.log((1 + c0) / (1 + c1)) / b);
}

/** Life expectancy at the first age of q by the engine's convention, e(x) = 1/2 + p(x) (e(x+1) + 1/2), q = 1 after the last age. */
export function lifeExpectancyOf(q: readonly number[]): number {
  let e = 0.5; // the year of death at TABLE_AGES, where q = 1
  for (let i = q.length - 1; i >= 0; i--) e = 0.5 + (1 - q[i]) * (e + 0.5);
  return e;
}

/** Ordinary least squares slope of y on x. */
function slope(x: number[], y: number[]): number {
  const mx = x.reduce((s, v) => s + v, 0) / x.length;
  const my = y.reduce((s, v) => s + v, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
  }
  return sxy / sxx;
}

const millionths = (q: number) => Math.round(q * 1e6);

/**
 * The extension of one table: Kannisto's slope b from the least-squares line of logit m(x) on the
 * mid-year age x + 1/2 over ages 90-100, its level lnA then solved (bisection) so that the life
 * expectancy at 100 from the table's q(100) and the law's q(101..119) is the published e(100).
 */
export function kannistoExtension(rows: Row[]): { b: number; lnA: number; q: number[] } {
  const byAge = (age: number) => rows.find((r) => Number(r.age) === age) as Row;
  const ages: number[] = [];
  const logits: number[] = [];
  for (let age = FIT_FROM_AGE; age <= LAST_TABLE_AGE; age++) {
    const m = Number(byAge(age).mx);
    ages.push(age + 0.5);
    logits.push(Math.log(m / (1 - m)));
  }
  const b = slope(ages, logits);
  const q100 = Number(byAge(LAST_TABLE_AGE).qx);
  const e100 = Number(byAge(LAST_TABLE_AGE).ex);
  const extension = (lnA: number) => {
    const q: number[] = [];
    for (let age = LAST_TABLE_AGE + 1; age < TABLE_AGES; age++) q.push(kannistoDeathProbability(age, lnA, b));
    return q;
  };
  // e(100) falls as the level lnA rises.
  let lo = -40;
  let hi = 0;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (lifeExpectancyOf([q100, ...extension(mid)]) > e100) lo = mid;
    else hi = mid;
  }
  const lnA = (lo + hi) / 2;
  return { b, lnA, q: extension(lnA) };
}

/** q(x) of every shipped period and sex, ages 0-119, in millionths, with each extension's parameters. */
export function onsPeriodTables(rows: Row[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    source:
      'ONS National life tables, UK (2022 to 2024 release): period q(x) by sex, ages 0-100 as published, 101-119 ' +
      `from a Kannisto law reproducing the published e(100); q(x) in millionths. ${OGL_ATTRIBUTION}`,
  };
  for (const { period, name, baseYear } of ONS_PERIODS) {
    const table: Record<string, unknown> = { baseYear };
    const kannisto: Record<string, { b: number; lnA: number }> = {};
    for (const sex of SEXES) {
      const own = rows.filter((r) => r.period === period && r.sex === sex);
      const q = new Array<number>(LAST_TABLE_AGE + 1);
      for (const r of own) q[Number(r.age)] = millionths(Number(r.qx));
      if (q.length !== LAST_TABLE_AGE + 1 || q.some((v) => v === undefined)) throw new Error(`ONS ${period} ${sex}: missing ages`);
      const ext = kannistoExtension(own);
      table[sex] = [...q, ...ext.q.map(millionths)];
      kannisto[sex] = { b: Number(ext.b.toPrecision(8)), lnA: Number(ext.lnA.toPrecision(8)) };
    }
    out[name] = { ...table, kannisto };
  }
  return out;
}

/** The staged years of the ONS 2024-based projection, q(x) in millionths by year (rows) and age 16-100 (columns). */
export function onsProjection(rows: Row[]): Record<string, unknown> {
  const years = [...new Set(rows.map((r) => Number(r.year)))].sort((a, b) => a - b);
  const ages = [...new Set(rows.map((r) => Number(r.age)))].sort((a, b) => a - b);
  const firstAge = ages[0];
  const lastAge = ages[ages.length - 1];
  if (ages.length !== lastAge - firstAge + 1) throw new Error('ONS projection: ages are not consecutive');
  const grid = (column: string) =>
    years.map((year) => {
      const row = new Array<number>(ages.length);
      for (const r of rows) if (Number(r.year) === year) row[Number(r.age) - firstAge] = millionths(Number(r[column]));
      if (row.some((v) => v === undefined)) throw new Error(`ONS projection ${year}: missing ages`);
      return row;
    });
  return {
    source:
      'ONS Mortality rates (qx), principal projection, UK, 2024-based: period q(x) by sex for the calendar years ' +
      `listed, ages ${firstAge}-${lastAge}, in millionths. ${OGL_ATTRIBUTION}`,
    years,
    firstAge,
    lastAge,
    male: grid('qx_male'),
    female: grid('qx_female'),
  };
}
