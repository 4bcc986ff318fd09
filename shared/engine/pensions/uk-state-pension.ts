import { addYearsMonths, type CalendarDate, isoDate, parseDate, valueOn } from './dated.js';
import {
  EARLIER_STATE_PENSION_AGE,
  NEW_STATE_PENSION_BIRTH_DATE,
  NEW_STATE_PENSION_FULL_WEEKLY,
  QUALIFYING_YEARS,
  REAL_EARNINGS_GROWTH,
  STATE_PENSION_AGE,
  TRIPLE_LOCK_FLOOR,
  WEEKS_PER_YEAR,
} from './data/uk-state-pension.js';

/** The date a person born on `birth` reaches State Pension age. */
export function statePensionAgeDate(birth: CalendarDate): CalendarDate {
  const iso = isoDate(birth);
  const row = STATE_PENSION_AGE.find((r) => r.from <= iso && (r.to === undefined || iso <= r.to));
  if (row?.date !== undefined) return parseDate(row.date);
  const age = row?.age ?? EARLIER_STATE_PENSION_AGE;
  return addYearsMonths(birth, age.years, age.months);
}

/** Whether a person born on `birth` comes under the new State Pension (reached State Pension age on or after 6 April 2016). */
export function getsNewStatePension(birth: CalendarDate, sex: 'FEMALE' | 'MALE'): boolean {
  return isoDate(birth) >= NEW_STATE_PENSION_BIRTH_DATE[sex];
}

/** The first tax year with a known full rate, and the last. */
export const FIRST_RATE_YEAR = parseDate(NEW_STATE_PENSION_FULL_WEEKLY[0].from).year;
export const LAST_RATE_YEAR = parseDate(NEW_STATE_PENSION_FULL_WEEKLY[NEW_STATE_PENSION_FULL_WEEKLY.length - 1].from).year;

/**
 * The full new State Pension a year (GBP), in the tax year starting 6 April of `taxYear`: the weekly
 * rate times 52. Past the last enacted rate, each missing year rises by the triple lock's floor
 * (2.5%): the least the commitment gives, since those years' inflation and earnings are not known.
 */
export function fullNewStatePensionAnnual(taxYear: number): number {
  if (taxYear < FIRST_RATE_YEAR)
    throw new RangeError(`the new State Pension starts in the tax year ${FIRST_RATE_YEAR}-${FIRST_RATE_YEAR + 1}`);
  const year = Math.min(taxYear, LAST_RATE_YEAR);
  const weekly = valueOn(NEW_STATE_PENSION_FULL_WEEKLY, `${year}-04-06`)!.value;
  return weekly * WEEKS_PER_YEAR.value * Math.pow(1 + TRIPLE_LOCK_FLOOR.value, taxYear - year);
}

/** The share of the full rate earned by `qualifyingYears`: years / 35, none below 10, at most the full rate. */
export function qualifyingYearsShare(qualifyingYears: number): number {
  if (qualifyingYears < QUALIFYING_YEARS.minimum) return 0;
  return Math.min(qualifyingYears, QUALIFYING_YEARS.full) / QUALIFYING_YEARS.full;
}

/** Average earnings growth over a year with inflation `inflation`: inflation plus the assumed real earnings growth. */
export function earningsGrowth(inflation: number, realEarningsGrowth = REAL_EARNINGS_GROWTH.value): number {
  return (1 + inflation) * (1 + realEarningsGrowth) - 1;
}

/** The triple lock: the highest of CPI inflation, earnings growth and 2.5%. */
export function tripleLockRise(inflation: number, earnings: number): number {
  return Math.max(inflation, earnings, TRIPLE_LOCK_FLOOR.value);
}

/** The year-0 rate of the last start year asked for: every path of a run asks for the same one. */
let cachedYear = Number.NaN;
let cachedRate = 0;

/**
 * The full new State Pension a year (nominal) in each simulated year t of one path: the year-0
 * rate (the tax year starting in April of `startYear`), then each April the triple lock on the
 * previous year's inflation and earnings growth. Writes out[0 … years - 1].
 */
export function fullRatePath(startYear: number, inflation: ArrayLike<number>, years: number, out: Float64Array): void {
  if (years === 0) return;
  let rate = startYear === cachedYear ? cachedRate : ((cachedYear = startYear), (cachedRate = fullNewStatePensionAnnual(startYear)));
  const real = 1 + REAL_EARNINGS_GROWTH.value;
  const floor = TRIPLE_LOCK_FLOOR.value;
  for (let t = 0; t < years; t++) {
    out[t] = rate;
    const i = inflation[t];
    // The triple lock (tripleLockRise) on the inflation and earnings growth (earningsGrowth) of year t.
    const earnings = (1 + i) * real - 1;
    rate *= 1 + (i > earnings ? (i > floor ? i : floor) : earnings > floor ? earnings : floor);
  }
}
