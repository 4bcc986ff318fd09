import { describe, expect, it } from 'vitest';
import { isoDate, parseDate } from '../../../shared/engine/pensions/dated.js';
import {
  earningsGrowth,
  fullNewStatePensionAnnual,
  fullRatePath,
  getsNewStatePension,
  qualifyingYearsShare,
  statePensionAgeDate,
  tripleLockRise,
} from '../../../shared/engine/pensions/uk-state-pension.js';

const spa = (birth: string) => isoDate(statePensionAgeDate(parseDate(birth)));

describe('UK new State Pension', () => {
  it('is GBP 11,973 a year in 2025-26 (GBP 230.25 a week; gov.uk, "The new State Pension: What you\'ll get")', () => {
    expect(fullNewStatePensionAnnual(2025)).toBeCloseTo(11_973, 9);
  });

  it('is GBP 241.30 a week in 2026-27 (gov.uk, "Benefit and pension rates 2026 to 2027")', () => {
    expect(fullNewStatePensionAnnual(2026)).toBeCloseTo(241.3 * 52, 9);
    expect(fullNewStatePensionAnnual(2016)).toBeCloseTo(155.65 * 52, 9);
  });

  it('rises by the triple lock floor past the last enacted rate', () => {
    expect(fullNewStatePensionAnnual(2028)).toBeCloseTo(241.3 * 52 * 1.025 ** 2, 9);
    expect(() => fullNewStatePensionAnnual(2015)).toThrow(RangeError);
  });

  it('pays qualifying years / 35, nothing below 10 years (gov.uk, "The new State Pension: Your National Insurance record")', () => {
    expect(qualifyingYearsShare(35)).toBe(1);
    expect(qualifyingYearsShare(45)).toBe(1);
    expect(qualifyingYearsShare(10)).toBeCloseTo(10 / 35, 15);
    expect(qualifyingYearsShare(9)).toBe(0);
    expect(qualifyingYearsShare(28) * fullNewStatePensionAnnual(2025)).toBeCloseTo((28 / 35) * 11_973, 9);
  });

  it('takes State Pension age from the date of birth (DWP State Pension age timetables; Pensions Acts 2007, 2011, 2014)', () => {
    expect(spa('1955-03-10')).toBe('2021-03-10'); // 66
    expect(spa('1960-04-05')).toBe('2026-04-05'); // last day of 66
    expect(spa('1960-04-06')).toBe('2026-05-06'); // 66 and 1 month
    expect(spa('1960-08-20')).toBe('2027-01-20'); // 66 and 5 months
    expect(spa('1961-03-05')).toBe('2028-02-05'); // 66 and 11 months
    expect(spa('1961-03-06')).toBe('2028-03-06'); // 67
    expect(spa('1970-07-01')).toBe('2037-07-01');
    expect(spa('1977-04-06')).toBe('2044-05-06'); // fixed dates between 67 and 68
    expect(spa('1977-12-25')).toBe('2045-09-06');
    expect(spa('1978-04-05')).toBe('2046-03-06');
    expect(spa('1978-04-06')).toBe('2046-04-06'); // 68
  });

  it('applies to men born from 6 April 1951 and women from 6 April 1953 (gov.uk, "The new State Pension: Eligibility")', () => {
    expect(getsNewStatePension(parseDate('1951-04-06'), 'MALE')).toBe(true);
    expect(getsNewStatePension(parseDate('1951-04-05'), 'MALE')).toBe(false);
    expect(getsNewStatePension(parseDate('1953-04-05'), 'FEMALE')).toBe(false);
    expect(getsNewStatePension(parseDate('1953-04-06'), 'FEMALE')).toBe(true);
  });

  it('uprates by the highest of inflation, earnings growth and 2.5% on each path', () => {
    expect(tripleLockRise(0.01, 0.02)).toBe(0.025);
    expect(tripleLockRise(0.05, 0.03)).toBe(0.05);
    expect(tripleLockRise(0.02, earningsGrowth(0.02))).toBeCloseTo(0.038, 12); // OBR: 3.8% earnings with 2% CPI
    const out = new Float64Array(3);
    fullRatePath(2026, [0.1, 0.0, 0.02], 3, out);
    expect(out[0]).toBeCloseTo(12_547.6, 9);
    expect(out[1]).toBeCloseTo(12_547.6 * (1 + earningsGrowth(0.1)), 9);
    expect(out[2]).toBeCloseTo(out[1] * 1.025, 9);
  });
});
