/**
 * The household's formulas, one function each, shared by every step of the year that needs them.
 */

/**
 * The level payment that repays `balance` over `years` yearly payments at `rate` (annual, ≥ 0),
 * the first one year from now: P = B·r / (1 − (1 + r)^−n), and P = B / n at r = 0.
 * `discount`, when given, is (1 + r)^−n computed ahead (a fixed-rate loan's table).
 */
export function annuityPayment(balance: number, rate: number, years: number, discount: number = Math.pow(1 + rate, -years)): number {
  return rate === 0 ? balance / years : (balance * rate) / (1 - discount);
}

/**
 * The share of an unemployment spell's k-th year (k = 1, 2, …) that still lies within the benefit's
 * `benefitYears` (which may be fractional): min(1, max(0, benefitYears − (k − 1))).
 */
export function benefitShare(benefitYears: number, spellYear: number): number {
  return Math.min(1, Math.max(0, benefitYears - (spellYear - 1)));
}

/**
 * The equity weight of a glide path at `age`: `start` equity until `startAge`, `end` from `endAge`,
 * linear in between.
 */
export function glideEquity(age: number, startAge: number, endAge: number, start: number, end: number): number {
  return age <= startAge ? start : age >= endAge ? end : start + ((end - start) * (age - startAge)) / (endAge - startAge);
}

/**
 * The guardrails factor on discretionary spending after a year whose portfolio returned `ret`:
 * cut by `cut` (down to `floor`) after a bad year (ret < badYear), restored by `cut` (up to 1)
 * otherwise.
 */
export function guardrailFactor(factor: number, ret: number, badYear: number, cut: number, floor: number): number {
  return ret < badYear ? Math.max(floor, factor - cut) : Math.min(1, factor + cut);
}
