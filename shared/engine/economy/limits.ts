/**
 * Bounds that keep every simulated figure finite for every accepted input (docs/ECONOMY.md,
 * "Bounds"). The accepted parameters allow processes that wander without limit (a random-walk
 * short rate or inflation rate with volatility up to 1, RSLN2 monthly means of +-50%), and
 * over 150 years they would overflow a double or, for inflation, drive the price index through
 * zero. The bounds act on a year's figures only, never on the factors' own states, and are
 * far outside anything the calibrated defaults produce (an equity log return of 3 is about 19
 * standard deviations away), so ordinary scenarios never meet them.
 */

/** Largest magnitude of a year's continuously compounded return or cash yield: a factor of e^3 (about 20) up or down. */
export const MAX_ANNUAL_LOG_RETURN = 3;
/** Lowest annual inflation rate: prices at most halve in a year, so the price index stays positive. */
export const MIN_ANNUAL_INFLATION = -0.5;
/** Highest annual inflation rate: the price index grows at most by e^MAX_ANNUAL_LOG_RETURN in a year. */
export const MAX_ANNUAL_INFLATION = Math.expm1(MAX_ANNUAL_LOG_RETURN);

/*
 * The bounds clamp with Math.min and Math.max, which give the same value as comparisons for every
 * input (NaN, -0 and the bounds themselves included) and are raw doubles to V8's optimiser. A
 * conditional that chose a module constant made the generator box each bounded figure in a heap
 * number (docs/PERFORMANCE.md has what this saves).
 */

/** A continuously compounded rate held within +-MAX_ANNUAL_LOG_RETURN. */
export function boundLogReturn(x: number): number {
  return Math.min(Math.max(x, -MAX_ANNUAL_LOG_RETURN), MAX_ANNUAL_LOG_RETURN);
}

/** The simple return of a bounded log return. */
export function boundedSimpleReturn(logReturn: number): number {
  return Math.expm1(boundLogReturn(logReturn));
}

/** An annual inflation rate held within [MIN_ANNUAL_INFLATION, MAX_ANNUAL_INFLATION]. */
export function boundInflation(i: number): number {
  return Math.min(Math.max(i, MIN_ANNUAL_INFLATION), MAX_ANNUAL_INFLATION);
}
