import type { Dated } from '../dated.js';

/**
 * US Social Security (old-age, spouse's and survivor's benefits) parameters. US government works
 * (public domain); each value cites its source.
 */

const BEND_POINTS = 'https://www.ssa.gov/oact/cola/bendpoints.html';

/**
 * PIA formula bend points (USD of AIME a month) for workers first eligible (reaching 62, or
 * dying or disabled) in the year; the factors are 90%, 32% and 15% (42 U.S.C. 415(a)(1)(A)).
 */
export const PIA_BEND_POINTS: readonly { year: number; first: number; second: number; source: string }[] = [
  { year: 2015, first: 826, second: 4980, source: BEND_POINTS },
  { year: 2016, first: 856, second: 5157, source: BEND_POINTS },
  { year: 2017, first: 885, second: 5336, source: BEND_POINTS },
  { year: 2018, first: 895, second: 5397, source: BEND_POINTS },
  { year: 2019, first: 926, second: 5583, source: BEND_POINTS },
  { year: 2020, first: 960, second: 5785, source: BEND_POINTS },
  { year: 2021, first: 996, second: 6002, source: BEND_POINTS },
  { year: 2022, first: 1024, second: 6172, source: BEND_POINTS },
  { year: 2023, first: 1115, second: 6721, source: BEND_POINTS },
  { year: 2024, first: 1174, second: 7078, source: BEND_POINTS },
  { year: 2025, first: 1226, second: 7391, source: BEND_POINTS },
  { year: 2026, first: 1286, second: 7749, source: `${BEND_POINTS}; Federal Register 2025-19763` },
];
export const PIA_FACTORS = {
  first: 0.9,
  second: 0.32,
  third: 0.15,
  source: '42 U.S.C. 415(a)(1)(A); https://www.ssa.gov/oact/cola/piaformula.html',
};

const COLAS = 'https://www.ssa.gov/oact/cola/colaseries.html';

/** Cost-of-living adjustments, by the January from which they are paid (the COLA "for December" of the year before). */
export const COLA: readonly Dated<number>[] = [
  { from: '2016-01-01', value: 0.0, source: COLAS },
  { from: '2017-01-01', value: 0.003, source: COLAS },
  { from: '2018-01-01', value: 0.02, source: COLAS },
  { from: '2019-01-01', value: 0.028, source: COLAS },
  { from: '2020-01-01', value: 0.016, source: COLAS },
  { from: '2021-01-01', value: 0.013, source: COLAS },
  { from: '2022-01-01', value: 0.059, source: COLAS },
  { from: '2023-01-01', value: 0.087, source: COLAS },
  { from: '2024-01-01', value: 0.032, source: COLAS },
  { from: '2025-01-01', value: 0.025, source: COLAS },
  { from: '2026-01-01', value: 0.028, source: `${COLAS}; Federal Register 2025-19763` },
];

/**
 * Full retirement age (retirement age for full old-age benefits) by year of birth, Social Security
 * Act s.216(l). A person born on 1 January is treated as born in the year before (20 CFR 404.102).
 */
export const FULL_RETIREMENT_AGE: readonly { fromBirthYear: number; years: number; months: number }[] = [
  { fromBirthYear: 1943, years: 66, months: 0 },
  { fromBirthYear: 1955, years: 66, months: 2 },
  { fromBirthYear: 1956, years: 66, months: 4 },
  { fromBirthYear: 1957, years: 66, months: 6 },
  { fromBirthYear: 1958, years: 66, months: 8 },
  { fromBirthYear: 1959, years: 66, months: 10 },
  { fromBirthYear: 1960, years: 67, months: 0 },
];
export const FULL_RETIREMENT_AGE_SOURCE = 'https://www.ssa.gov/benefits/retirement/planner/ageincrease.html (Social Security Act s.216(l))';

/**
 * Survivor's full retirement age: the same steps two birth years later (born 1945-56: 66; 1957: 66
 * and 2 months; ...; 1962 on: 67). https://www.ssa.gov/benefits/survivors/survivorchartred.html
 */
export const SURVIVOR_FRA_BIRTH_YEAR_SHIFT = 2;

export const CLAIMING = {
  /** Earliest and latest ages at which the model claims old-age benefits (no credits accrue after 70). */
  earliestAge: 62,
  latestAge: 70,
  /** Old-age benefit: 5/9 of 1% a month for the first 36 months before FRA, 5/12 of 1% for each further month. */
  reductionFirst36: 5 / 9 / 100,
  reductionBeyond: 5 / 12 / 100,
  /** Spouse's benefit: 25/36 of 1% a month for the first 36 months, 5/12 of 1% beyond. */
  spouseReductionFirst36: 25 / 36 / 100,
  spouseReductionBeyond: 5 / 12 / 100,
  /** Delayed retirement credit for those born 1943 or later: 2/3 of 1% a month (8% a year) from FRA to 70. */
  delayedCreditMonthly: 2 / 3 / 100,
  /** The spouse's benefit is up to half the worker's PIA. */
  spouseShare: 0.5,
  /** A survivor's benefit at the survivor's FRA is 100% of the deceased's benefit; at 60, 71.5% (28.5% less). */
  survivorMaxReduction: 0.285,
  survivorEarliestAge: 60,
  /** The widow(er)'s limit: at least 82.5% of the deceased's PIA when the deceased claimed early. */
  widowLimit: 0.825,
  source:
    '20 CFR 404.410 (reductions), 20 CFR 404.313 (delayed credits), 20 CFR 404.333 and 404.338 (spouse and survivor); ' +
    'https://www.ssa.gov/benefits/retirement/planner/agereduction.html, https://www.ssa.gov/oact/quickcalc/early_late.html',
} as const;
