/** US federal estate tax parameters (Internal Revenue Code, subtitle B). US government works (public domain). */

/** Basic exclusion amount (IRC s.2010(c)(3)), USD, by year of death. */
export const BASIC_EXCLUSION_AMOUNT: readonly { year: number; value: number; source: string }[] = [
  { year: 2025, value: 13_990_000, source: 'IRS Rev. Proc. 2024-40, s.3.41 (https://www.irs.gov/pub/irs-drop/rp-24-40.pdf)' },
  { year: 2026, value: 15_000_000, source: 'P.L. 119-21 s.70106; IRS Rev. Proc. 2025-32 (https://www.irs.gov/pub/irs-drop/rp-25-32.pdf)' },
];

/**
 * After 2026 the basic exclusion amount rises with inflation (chained CPI, IRC s.2010(c)(3)(B) as
 * amended by P.L. 119-21), rounded to the nearest multiple of USD 10,000.
 */
export const EXCLUSION_ROUNDING = { value: 10_000, source: 'IRC s.2010(c)(3)(B)' } as const;

/** The unified rate schedule of IRC s.2001(c): tax = base + rate x (amount over `over`). */
export const ESTATE_RATE_SCHEDULE: readonly { over: number; base: number; rate: number }[] = [
  { over: 0, base: 0, rate: 0.18 },
  { over: 10_000, base: 1_800, rate: 0.2 },
  { over: 20_000, base: 3_800, rate: 0.22 },
  { over: 40_000, base: 8_200, rate: 0.24 },
  { over: 60_000, base: 13_000, rate: 0.26 },
  { over: 80_000, base: 18_200, rate: 0.28 },
  { over: 100_000, base: 23_800, rate: 0.3 },
  { over: 150_000, base: 38_800, rate: 0.32 },
  { over: 250_000, base: 70_800, rate: 0.34 },
  { over: 500_000, base: 155_800, rate: 0.37 },
  { over: 750_000, base: 248_300, rate: 0.39 },
  { over: 1_000_000, base: 345_800, rate: 0.4 },
];
export const ESTATE_RATE_SCHEDULE_SOURCE = 'IRC s.2001(c); https://www.irs.gov/instructions/i706 (Table A)';
