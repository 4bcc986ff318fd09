import { BASIC_EXCLUSION_AMOUNT, ESTATE_RATE_SCHEDULE, EXCLUSION_ROUNDING } from './data/us-estate-tax.js';

/** The tentative tax of IRC s.2001(c) on `amount`. */
export function tentativeTax(amount: number): number {
  let row = ESTATE_RATE_SCHEDULE[0];
  for (const r of ESTATE_RATE_SCHEDULE) if (amount > r.over) row = r;
  return amount <= 0 ? 0 : row.base + row.rate * (amount - row.over);
}

export const LAST_EXCLUSION_YEAR = BASIC_EXCLUSION_AMOUNT[BASIC_EXCLUSION_AMOUNT.length - 1].year;

/**
 * The basic exclusion amount for a death in `year`; after the last enacted year, that year's amount
 * times `index` (the inflation since), rounded to the nearest USD 10,000.
 */
export function basicExclusionAmount(year: number, index = 1): number {
  if (year < BASIC_EXCLUSION_AMOUNT[0].year)
    throw new RangeError(`basic exclusion amounts are kept from ${BASIC_EXCLUSION_AMOUNT[0].year}`);
  const row = BASIC_EXCLUSION_AMOUNT.find((r) => r.year === Math.min(year, LAST_EXCLUSION_YEAR))!;
  if (year <= LAST_EXCLUSION_YEAR) return row.value;
  return Math.round((row.value * index) / EXCLUSION_ROUNDING.value) * EXCLUSION_ROUNDING.value;
}

/**
 * Federal estate tax: the tentative tax on the taxable estate less the credit, the tentative tax on
 * the exclusion (the basic exclusion amount plus a late spouse's unused exclusion, ported).
 */
export function usEstateTax(taxableEstate: number, exclusion: number): number {
  return Math.max(0, tentativeTax(taxableEstate) - tentativeTax(exclusion));
}
