/**
 * One path's simulated economy, year by year. Year t runs from the start of year t to the start of
 * year t+1; every array of returns and rates has one entry per year.
 */
export interface EconomyPath {
  readonly years: number;
  /**
   * Nominal short rate r_t over year t (annual, decimal, continuously compounded: the year's
   * average of the instantaneous rate). Cash earns it: cashReturn[t] = exp(shortRate[t]) - 1.
   */
  readonly shortRate: Float64Array;
  /**
   * The instantaneous short rate r(t) at the START of year t, length years + 1 (shortRateStart[0]
   * is the initial rate). Bond prices P(t, t + tau) follow from it in closed form.
   */
  readonly shortRateStart: Float64Array;
  /** Inflation i_t over year t (annual, decimal). */
  readonly inflation: Float64Array;
  /**
   * CPI index at the START of year t, length years + 1: cpi[0] = 1, cpi[t + 1] = cpi[t] * (1 + i_t).
   * An amount in today's money paid at the start of year t is `amount * cpi[t]` nominal; an
   * end-of-year-t nominal balance in year-0 money is `balance / cpi[t + 1]`.
   */
  readonly cpi: Float64Array;
  /** Simple nominal total returns over year t. */
  readonly cashReturn: Float64Array;
  readonly bondReturn: Float64Array;
  readonly equityReturn: Float64Array;
  readonly propertyReturn: Float64Array;
}

export function allocateEconomyPath(years: number): EconomyPath {
  return {
    years,
    shortRate: new Float64Array(years),
    shortRateStart: new Float64Array(years + 1),
    inflation: new Float64Array(years),
    cpi: new Float64Array(years + 1),
    cashReturn: new Float64Array(years),
    bondReturn: new Float64Array(years),
    equityReturn: new Float64Array(years),
    propertyReturn: new Float64Array(years),
  };
}

/** Refuses a year count beyond the generator's horizon or the buffer. */
export function checkYears(years: number, horizon: number, out: EconomyPath): void {
  if (!Number.isInteger(years) || years < 0 || years > horizon) throw new RangeError(`years: must be a whole number from 0 to ${horizon}`);
  if (out.years < years) throw new RangeError(`EconomyPath holds ${out.years} years, the generator needs ${years}`);
}
