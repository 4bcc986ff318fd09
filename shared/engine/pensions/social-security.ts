import { addYearsMonths, type CalendarDate, valueOn } from './dated.js';
import {
  CLAIMING,
  COLA,
  FULL_RETIREMENT_AGE,
  PIA_BEND_POINTS,
  PIA_FACTORS,
  SURVIVOR_FRA_BIRTH_YEAR_SHIFT,
} from './data/us-social-security.js';

/**
 * The day a person attains their ages: the day before each birthday (20 CFR 404.2(c)(4)). So one
 * born on 1 January attains their ages in the year before, and takes that birth year's full
 * retirement age.
 */
export function attainsAgesFrom(birth: CalendarDate): CalendarDate {
  const d = new Date(Date.UTC(birth.year, birth.month - 1, birth.day - 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Full retirement age in months, by the year in which ages are attained (Social Security Act s.216(l)). */
export function fullRetirementAgeMonths(birth: CalendarDate, birthYearShift = 0): number {
  const year = attainsAgesFrom(birth).year - birthYearShift;
  let row = FULL_RETIREMENT_AGE[0];
  for (const r of FULL_RETIREMENT_AGE) if (r.fromBirthYear <= year) row = r;
  if (year < FULL_RETIREMENT_AGE[0].fromBirthYear) throw new RangeError('full retirement ages are kept for births from 1943');
  return row.years * 12 + row.months;
}

/** The survivor's full retirement age in months: the worker's table two birth years on. */
export function survivorFullRetirementAgeMonths(birth: CalendarDate): number {
  const year = attainsAgesFrom(birth).year;
  // Births 1945-1956 have a survivor FRA of 66, which the shifted table gives from 1945 (1943 rows).
  if (year < FULL_RETIREMENT_AGE[0].fromBirthYear + SURVIVOR_FRA_BIRTH_YEAR_SHIFT) return 66 * 12;
  return fullRetirementAgeMonths(birth, SURVIVOR_FRA_BIRTH_YEAR_SHIFT);
}

/** The year of first eligibility for old-age benefits: the year the person attains 62. */
export function eligibilityYear(birth: CalendarDate): number {
  return attainsAgesFrom(birth).year + CLAIMING.earliestAge;
}

/** The month (calendar date, first of the month) in which a person attains `years` and `months` of age. */
export function monthAttaining(birth: CalendarDate, years: number, months: number): CalendarDate {
  const d = addYearsMonths(attainsAgesFrom(birth), years, months);
  return { year: d.year, month: d.month, day: 1 };
}

/** The bend points for workers first eligible in `year`; past the last published year, the last (see docs/TAX.md). */
export function bendPoints(year: number): { first: number; second: number; year: number; source: string } {
  if (year < PIA_BEND_POINTS[0].year) throw new RangeError(`bend points are kept from ${PIA_BEND_POINTS[0].year}`);
  let row = PIA_BEND_POINTS[0];
  for (const r of PIA_BEND_POINTS) if (r.year <= year) row = r;
  return row;
}

/** The last year with published bend points. */
export const LAST_BEND_POINT_YEAR = PIA_BEND_POINTS[PIA_BEND_POINTS.length - 1].year;

/**
 * The primary insurance amount (USD a month) of an average indexed monthly earnings figure: 90% of
 * the AIME up to the first bend point, 32% between the bend points, 15% above, rounded down to a
 * multiple of 10 cents.
 */
export function primaryInsuranceAmount(aime: number, points: { first: number; second: number }): number {
  const a = Math.floor(aime);
  const pia =
    PIA_FACTORS.first * Math.min(a, points.first) +
    PIA_FACTORS.second * Math.max(0, Math.min(a, points.second) - points.first) +
    PIA_FACTORS.third * Math.max(0, a - points.second);
  // Cents first, so that a product such as 4020.9000000000005 does not round down a dime.
  return Math.floor(Math.round(pia * 100) / 10) / 10;
}

/** The product of the COLAs paid from January of each year after `fromYear` up to `toYear`. */
export function colaFactor(fromYear: number, toYear: number): number {
  let f = 1;
  for (let y = fromYear + 1; y <= toYear; y++) {
    const cola = valueOn(COLA, `${y}-01-01`);
    if (cola === undefined || cola.from !== `${y}-01-01`) throw new RangeError(`no COLA is kept for January ${y}`);
    f *= 1 + cola.value;
  }
  return f;
}

/** The last January with a published COLA. */
export const LAST_COLA_YEAR = Number(COLA[COLA.length - 1].from.slice(0, 4));

/**
 * The old-age benefit as a share of the PIA, claimed `monthsFromFra` months after full retirement
 * age (negative: before it): 5/9 of 1% less for each of the first 36 months early, 5/12 of 1% for
 * each further month; 2/3 of 1% more for each month late (births 1943 on), up to age 70.
 */
export function retirementBenefitFactor(monthsFromFra: number): number {
  if (monthsFromFra >= 0) return 1 + CLAIMING.delayedCreditMonthly * monthsFromFra;
  const early = -monthsFromFra;
  return 1 - CLAIMING.reductionFirst36 * Math.min(early, 36) - CLAIMING.reductionBeyond * Math.max(0, early - 36);
}

/** The spouse's benefit as a share of its full amount: 25/36 of 1% less a month for the first 36 months early, 5/12 beyond; no credits. */
export function spouseBenefitFactor(monthsFromFra: number): number {
  if (monthsFromFra >= 0) return 1;
  const early = -monthsFromFra;
  return 1 - CLAIMING.spouseReductionFirst36 * Math.min(early, 36) - CLAIMING.spouseReductionBeyond * Math.max(0, early - 36);
}

/**
 * The survivor's benefit as a share of the deceased's amount, started at `ageMonths`: 100% at the
 * survivor's full retirement age or later, 71.5% at 60, in equal monthly steps between.
 */
export function survivorBenefitFactor(ageMonths: number, survivorFraMonths: number): number {
  if (ageMonths >= survivorFraMonths) return 1;
  const span = survivorFraMonths - CLAIMING.survivorEarliestAge * 12;
  const early = Math.min(span, survivorFraMonths - ageMonths);
  return 1 - (CLAIMING.survivorMaxReduction * early) / span;
}

/**
 * The amount (as a share of the deceased's PIA) on which a survivor's benefit is based: what the
 * deceased was paid if they had claimed (at least 82.5% of the PIA), or the PIA with the credits
 * earned up to the death (no later than 70) if they had not.
 */
export function survivorBaseFactor(claimedFactor: number | null, monthsPastFraAtDeath: number, fraMonths: number): number {
  if (claimedFactor !== null) return Math.max(claimedFactor, CLAIMING.widowLimit);
  return retirementBenefitFactor(Math.max(0, Math.min(monthsPastFraAtDeath, CLAIMING.latestAge * 12 - fraMonths)));
}
