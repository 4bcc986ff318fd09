import type { Dated } from '../dated.js';

/**
 * UK new State Pension parameters (Pensions Act 2014, Part 1). Every value cites its source;
 * contains public sector information licensed under the Open Government Licence v3.0.
 */

const rates = (year: number) => `https://www.gov.uk/government/publications/benefit-and-pension-rates-${year}-to-${year + 1}`;

/** Full rate of the new State Pension, GBP a week, from 6 April of each tax year (uprated each April). */
export const NEW_STATE_PENSION_FULL_WEEKLY: readonly Dated<number>[] = [
  { from: '2016-04-06', value: 155.65, source: rates(2016) },
  { from: '2017-04-06', value: 159.55, source: rates(2017) },
  { from: '2018-04-06', value: 164.35, source: rates(2018) },
  { from: '2019-04-06', value: 168.6, source: rates(2019) },
  { from: '2020-04-06', value: 175.2, source: rates(2020) },
  { from: '2021-04-06', value: 179.6, source: rates(2021) },
  { from: '2022-04-06', value: 185.15, source: rates(2022) },
  { from: '2023-04-06', value: 203.85, source: rates(2023) },
  { from: '2024-04-06', value: 221.2, source: rates(2024) },
  { from: '2025-04-06', value: 230.25, source: 'https://www.gov.uk/new-state-pension/what-youll-get' },
  { from: '2026-04-06', value: 241.3, source: rates(2026) },
];

/**
 * Weeks in the annual figure: gov.uk states the yearly full new State Pension as the weekly rate
 * times 52 (GBP 230.25 a week, GBP 11,973 a year in 2025-26).
 */
export const WEEKS_PER_YEAR = { value: 52, source: 'https://www.gov.uk/new-state-pension/what-youll-get' } as const;

/** Qualifying years for the full rate, and the fewest that give any new State Pension (Pensions Act 2014 ss.2-4). */
export const QUALIFYING_YEARS = {
  full: 35,
  minimum: 10,
  source: 'https://www.gov.uk/new-state-pension/your-national-insurance-record (Pensions Act 2014 ss.2, 4)',
} as const;

/**
 * The triple lock's floor: the new State Pension rises each April by the highest of CPI inflation,
 * average earnings growth and 2.5% (the government's commitment; the Social Security
 * Administration Act 1992 s.150A itself requires at least earnings growth).
 */
export const TRIPLE_LOCK_FLOOR = {
  value: 0.025,
  source: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2026-to-2027 (uprating statement)',
} as const;

/**
 * Average earnings growth in excess of CPI inflation, for the triple lock on a simulated path (the
 * economy has no wage index of its own): the OBR's long-term determinants of 3.8% average earnings
 * growth and 2.0% CPI a year, so (1.038 / 1.02) - 1.
 */
export const REAL_EARNINGS_GROWTH = {
  value: 1.038 / 1.02 - 1,
  source: 'OBR, Fiscal risks and sustainability, September 2024, supplementary tables, table 1.1 (https://obr.uk/frs/)',
} as const;

/** Men born before this date and women born before 6 April 1953 reached State Pension age before the new State Pension began. */
export const NEW_STATE_PENSION_BIRTH_DATE = {
  MALE: '1951-04-06',
  FEMALE: '1953-04-06',
  source: 'https://www.gov.uk/new-state-pension/eligibility (Pensions Act 2014 s.1)',
} as const;

/**
 * State Pension age by date of birth, for dates of birth from 6 October 1954 (the earlier timetables
 * ended in October 2020). A row gives an age (years, months) or, where the law fixes a date, that
 * date. https://www.gov.uk/government/publications/state-pension-age-timetables
 */
export interface PensionAgeRow {
  /** First and last dates of birth of the row (inclusive; to: undefined = no end). */
  from: string;
  to?: string;
  age?: { years: number; months: number };
  date?: string;
  source: string;
}

const PA2011 = 'Pensions Act 2011 s.1 (Pensions Act 1995 Sch. 4)';
const PA2014 = 'Pensions Act 2014 s.26 (Pensions Act 1995 Sch. 4 Part 1)';
const PA2007 = 'Pensions Act 2007 s.13 and Sch. 3 (Pensions Act 1995 Sch. 4 Part 1)';

const monthsPast66 = (n: number): PensionAgeRow => {
  // Born 6 April 1960 + (n - 1) months to 5 May 1960 + (n - 1) months: 66 years and n months.
  const start = new Date(Date.UTC(1960, 3 + n - 1, 6));
  const end = new Date(Date.UTC(1960, 3 + n, 5));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10), age: { years: 66, months: n }, source: PA2014 };
};

const fixedDates: [string, string, string][] = [
  ['1977-04-06', '1977-05-05', '2044-05-06'],
  ['1977-05-06', '1977-06-05', '2044-07-06'],
  ['1977-06-06', '1977-07-05', '2044-09-06'],
  ['1977-07-06', '1977-08-05', '2044-11-06'],
  ['1977-08-06', '1977-09-05', '2045-01-06'],
  ['1977-09-06', '1977-10-05', '2045-03-06'],
  ['1977-10-06', '1977-11-05', '2045-05-06'],
  ['1977-11-06', '1977-12-05', '2045-07-06'],
  ['1977-12-06', '1978-01-05', '2045-09-06'],
  ['1978-01-06', '1978-02-05', '2045-11-06'],
  ['1978-02-06', '1978-03-05', '2046-01-06'],
  ['1978-03-06', '1978-04-05', '2046-03-06'],
];

export const STATE_PENSION_AGE: readonly PensionAgeRow[] = [
  { from: '1954-10-06', to: '1960-04-05', age: { years: 66, months: 0 }, source: PA2011 },
  ...Array.from({ length: 11 }, (_, k) => monthsPast66(k + 1)),
  { from: '1961-03-06', to: '1977-04-05', age: { years: 67, months: 0 }, source: PA2014 },
  ...fixedDates.map(([from, to, date]) => ({ from, to, date, source: PA2007 })),
  { from: '1978-04-06', age: { years: 68, months: 0 }, source: PA2007 },
];

/**
 * Members born before 6 October 1954 reached State Pension age by 6 September 2020 under the
 * Pensions Acts 1995 and 2011 (at 65 for men; between 60 and 66 for women, by date of birth). Those
 * timetables are not kept: such a member is taken to reach it at 65, which matters only to a
 * scenario starting before 2021.
 */
export const EARLIER_STATE_PENSION_AGE = { years: 65, months: 0, source: PA2011 } as const;
