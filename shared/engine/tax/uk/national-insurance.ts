import type { Breakdown } from '../types.js';
import type { UkRules } from './uk-rules.js';

/**
 * Employee Class 1 National Insurance on a year's earnings, taken as one annual earnings period:
 * the main rate between the primary threshold and the upper earnings limit, the upper rate above.
 * None from state pension age (the caller says whether the person has reached it).
 */
export function classOneEmployee(earnings: number, r: UkRules, pastStatePensionAge: boolean, b: Breakdown | null = null): number {
  if (pastStatePensionAge || earnings <= r.niPrimaryThreshold) return 0;
  const main = (earnings < r.niUpperEarningsLimit ? earnings : r.niUpperEarningsLimit) - r.niPrimaryThreshold;
  const upper = earnings > r.niUpperEarningsLimit ? earnings - r.niUpperEarningsLimit : 0;
  const ni = main * r.niMainRate + upper * r.niUpperRate;
  if (b !== null) {
    b.lines.push({
      step: 'National Insurance: primary threshold to upper earnings limit',
      amount: main,
      rate: r.niMainRate,
      tax: main * r.niMainRate,
    });
    if (upper > 0)
      b.lines.push({
        step: 'National Insurance: above upper earnings limit',
        amount: upper,
        rate: r.niUpperRate,
        tax: upper * r.niUpperRate,
      });
  }
  return ni;
}

/**
 * State pension age by year of birth for Class 1 purposes, in whole years (Pensions Act 2014 s.26,
 * Pensions Act 2007 s.13): 66 for those born up to 1960, 67 for 1961 to 1977, 68 from 1978. The
 * months of the transitions are not modelled (docs/TAX.md).
 */
export function statePensionAgeForNi(birthYear: number): number {
  return birthYear <= 1960 ? 66 : birthYear <= 1977 ? 67 : 68;
}
