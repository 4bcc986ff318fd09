import type { UsRules } from './us-rules.js';

/**
 * The taxable part of Social Security benefits (IRC s.86; IRS Publication 915, Worksheet 1):
 * provisional income is the other income plus half the benefits. Up to the base amount nothing is
 * taxable; up to the adjusted base amount, half the excess (at most half the benefits); above it,
 * 85% of the excess over the adjusted base amount plus the lesser of half the benefits and half
 * the gap between the two bases, at most 85% of the benefits. The bases never move.
 */
export function taxableBenefits(benefits: number, otherIncome: number, r: UsRules): number {
  if (benefits <= 0) return 0;
  const provisional = otherIncome + 0.5 * benefits;
  if (provisional <= r.benefitsBase) return 0;
  const half = 0.5 * benefits;
  if (provisional <= r.benefitsAdjustedBase) {
    const t = 0.5 * (provisional - r.benefitsBase);
    return t < half ? t : half;
  }
  const gap = 0.5 * (r.benefitsAdjustedBase - r.benefitsBase);
  const t = 0.85 * (provisional - r.benefitsAdjustedBase) + (half < gap ? half : gap);
  const cap = 0.85 * benefits;
  return t < cap ? t : cap;
}
