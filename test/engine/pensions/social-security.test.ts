import { describe, expect, it } from 'vitest';
import { parseDate } from '../../../shared/engine/pensions/dated.js';
import {
  bendPoints,
  colaFactor,
  eligibilityYear,
  fullRetirementAgeMonths,
  primaryInsuranceAmount,
  retirementBenefitFactor,
  spouseBenefitFactor,
  survivorBaseFactor,
  survivorBenefitFactor,
  survivorFullRetirementAgeMonths,
} from '../../../shared/engine/pensions/social-security.js';

const fra = (birth: string) => fullRetirementAgeMonths(parseDate(birth));
const claimedAt = (age: number, fraMonths: number) => retirementBenefitFactor(age * 12 - fraMonths);

describe('Social Security', () => {
  it('has the full retirement age by year of birth, 1 January counting as the year before (SSA, "Retirement age calculator")', () => {
    expect(fra('1950-06-01')).toBe(66 * 12);
    expect(fra('1955-06-15')).toBe(66 * 12 + 2);
    expect(fra('1957-06-15')).toBe(66 * 12 + 6);
    expect(fra('1959-06-15')).toBe(66 * 12 + 10);
    expect(fra('1960-01-02')).toBe(67 * 12);
    expect(fra('1960-01-01')).toBe(66 * 12 + 10);
    expect(fra('1985-03-03')).toBe(67 * 12);
    expect(eligibilityYear(parseDate('1963-05-10'))).toBe(2025);
    expect(eligibilityYear(parseDate('1963-01-01'))).toBe(2024);
  });

  it('gives SSA\'s percentages of the PIA by claiming age for FRA 67 (SSA, "Retirement age and benefit reduction")', () => {
    const percent = [62, 63, 64, 65, 66, 67, 68, 69, 70].map((age) => Math.round(claimedAt(age, 67 * 12) * 100_000) / 1000);
    expect(percent).toEqual([70, 75, 80, 86.667, 93.333, 100, 108, 116, 124]);
  });

  it('gives 75% at 62 and 132% at 70 for FRA 66, and 72.5% at 62 for FRA 66 and 6 months (SSA, same page; 20 CFR 404.410, 404.313)', () => {
    expect(claimedAt(62, 66 * 12)).toBeCloseTo(0.75, 12);
    expect(claimedAt(70, 66 * 12)).toBeCloseTo(1.32, 12);
    expect(claimedAt(62, 66 * 12 + 6)).toBeCloseTo(0.725, 12);
  });

  it("gives a spouse 32.5% of the worker's PIA at 62 with FRA 67, 35% with FRA 66, 50% at FRA and no credits (SSA, same page)", () => {
    expect(0.5 * spouseBenefitFactor(62 * 12 - 67 * 12)).toBeCloseTo(0.325, 12);
    expect(0.5 * spouseBenefitFactor(62 * 12 - 66 * 12)).toBeCloseTo(0.35, 12);
    expect(0.5 * spouseBenefitFactor(0)).toBe(0.5);
    expect(0.5 * spouseBenefitFactor(36)).toBe(0.5);
  });

  it('computes the PIA from the bend points: AIME 13,689 in 2025 gives 4,020.90 (SSA OACT, "Benefit calculation examples")', () => {
    const points = bendPoints(2025);
    expect([points.first, points.second]).toEqual([1226, 7391]);
    expect(primaryInsuranceAmount(13_689, points)).toBe(4020.9);
    // 90% of the first bend point exactly, and the rounding down to the dime.
    expect(primaryInsuranceAmount(1226, points)).toBe(1103.4);
    expect(primaryInsuranceAmount(1000.99, points)).toBe(900);
    expect(primaryInsuranceAmount(2000, bendPoints(2026))).toBe(Math.floor((0.9 * 1286 + 0.32 * 714) * 10) / 10);
    expect(bendPoints(2040).year).toBe(2026);
  });

  it('applies the COLAs paid from January after the eligibility year (SSA OACT, "Cost-of-living adjustments")', () => {
    expect(colaFactor(2024, 2026)).toBeCloseTo(1.025 * 1.028, 15);
    expect(colaFactor(2026, 2026)).toBe(1);
  });

  it('pays a survivor 71.5% of the deceased\'s benefit at 60, 100% at the survivor\'s FRA (SSA, "Survivors benefits")', () => {
    const survivorFra = survivorFullRetirementAgeMonths(parseDate('1962-06-10'));
    expect(survivorFra).toBe(67 * 12);
    expect(survivorFullRetirementAgeMonths(parseDate('1957-06-10'))).toBe(66 * 12 + 2);
    expect(survivorFullRetirementAgeMonths(parseDate('1950-06-10'))).toBe(66 * 12);
    expect(survivorBenefitFactor(60 * 12, survivorFra)).toBeCloseTo(0.715, 12);
    expect(survivorBenefitFactor(67 * 12, survivorFra)).toBe(1);
    // The widow(er)'s limit: at least 82.5% of the PIA when the deceased claimed at 62.
    expect(survivorBaseFactor(0.7, 0, 67 * 12)).toBe(0.825);
    expect(survivorBaseFactor(1.24, 36, 67 * 12)).toBe(1.24);
    expect(survivorBaseFactor(null, 60, 67 * 12)).toBeCloseTo(1.24, 12);
  });
});
