/**
 * UK inheritance tax parameters (Inheritance Tax Act 1984). Contains public sector information
 * licensed under the Open Government Licence v3.0.
 */
export const UK_IHT = {
  /** Nil-rate band, GBP (IHTA 1984 s.7, Sch. 1). */
  nilRateBand: { value: 325_000, source: 'https://www.gov.uk/inheritance-tax' },
  /** Residence nil-rate band, GBP, for a home passed to direct descendants (IHTA 1984 ss.8D-8M). */
  residenceNilRateBand: { value: 175_000, source: 'https://www.gov.uk/guidance/inheritance-tax-residence-nil-rate-band' },
  /** The residence band falls by GBP 1 for every GBP 2 of net estate above this. */
  taperThreshold: { value: 2_000_000, source: 'https://www.gov.uk/guidance/inheritance-tax-residence-nil-rate-band' },
  rate: { value: 0.4, source: 'https://www.gov.uk/inheritance-tax' },
  /**
   * The bands are frozen to 5 April 2031 (Budget 2025); after that the Act's default applies: they
   * rise each April with the CPI of the September before (IHTA 1984 s.8), taken here as the
   * path's CPI over the calendar year before.
   */
  frozenUntilTaxYear: {
    value: 2030,
    source: 'https://www.gov.uk/government/publications/budget-2025-document (Budget 2025, 26 November 2025); IHTA 1984 s.8',
  },
  /** Unused pension funds and death benefits form part of the estate for deaths on or after this date. */
  pensionsInEstateFrom: {
    value: '2027-04-06',
    source: 'https://www.gov.uk/government/publications/inheritance-tax-on-unused-pension-funds-and-death-benefits (Autumn Budget 2024)',
  },
} as const;
