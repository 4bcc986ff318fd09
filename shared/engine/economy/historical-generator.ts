import { RandomStream } from '../random/index.js';
import type { ResolvedEconomicAssumptions } from './assumptions.js';
import { propertyLogDrift } from './property.js';
import { checkYears, type EconomyPath } from './economy-path.js';
import history from './historical-returns.json' with { type: 'json' };
import calibrated from './calibrated-defaults.json' with { type: 'json' };
import { ECONOMY_STREAMS } from './streams.js';
import { boundedSimpleReturn } from './limits.js';

/**
 * The HISTORICAL economy: equity, bond and CPI figures of real years from the shipped data.
 *   SEQUENTIAL: path k year t is data year fromYear + ((k + t) mod N), N = toYear - fromYear + 1:
 *     path k starts in fromYear + k and walks forward, wrapping from toYear back to fromYear.
 *   BOOTSTRAP: consecutive blocks of blockYears data years, each block's first year uniform over
 *     [fromYear, toYear - blockYears + 1] so a block never leaves the range.
 * Cash earns the January 10-year yield less the calibration's term spread (the data hold no bill
 * rate); property follows the stochastic property model around the historical inflation.
 */
export class HistoricalEconomyGenerator {
  private readonly yearIndex: Int32Array;
  private readonly pickStream = new RandomStream();
  private readonly propertyStream = new RandomStream();
  private readonly from: number;
  private readonly span: number;
  private readonly block: number;
  private readonly sequential: boolean;
  private readonly propertyDrift: number;
  private readonly propertySd: number;

  constructor(
    a: ResolvedEconomicAssumptions,
    private readonly seed: number,
    readonly years: number,
  ) {
    const h = a.historical;
    if (h.fromYear < history.firstYear || h.toYear > history.lastYear || h.fromYear > h.toYear) {
      throw new RangeError('historical: fromYear..toYear must lie within the shipped history');
    }
    this.from = h.fromYear - history.firstYear;
    this.span = h.toYear - h.fromYear + 1;
    this.block = Math.min(h.blockYears, this.span);
    this.sequential = h.method === 'SEQUENTIAL';
    this.propertyDrift = propertyLogDrift(a.property);
    this.propertySd = a.property.volatility;
    this.yearIndex = new Int32Array(years);
  }

  /** Data-table index (0 = the history's first year) of each path year. */
  pickIndices(pathIndex: number, out: Int32Array, years: number = this.years): void {
    if (this.sequential) {
      const start = pathIndex % this.span;
      for (let t = 0; t < years; t++) out[t] = this.from + ((start + t) % this.span);
      return;
    }
    this.pickStream.reset(this.seed, pathIndex, ECONOMY_STREAMS.historical);
    const starts = this.span - this.block + 1;
    for (let t = 0; t < years; ) {
      const first = this.from + Math.floor(this.pickStream.uniform() * starts);
      for (let j = 0; j < this.block && t < years; j++, t++) out[t] = first + j;
    }
  }

  /** Nothing to forget: every path writes every series. */
  changed(_out: EconomyPath): void {}

  /** Fills the first `years` years (default all): a prefix of the full path (the year picks do not depend on how many are used). */
  generate(pathIndex: number, out: EconomyPath, years: number = this.years): void {
    checkYears(years, this.years, out);
    const idx = this.yearIndex;
    // One year more than asked when there is one, for the rate at the start of the next year.
    const picked = Math.min(years + 1, this.years);
    this.pickIndices(pathIndex, idx, picked);
    const drawProperty = this.propertySd > 0;
    if (drawProperty) this.propertyStream.reset(this.seed, pathIndex, ECONOMY_STREAMS.property);
    const spread = calibrated.historical.termSpread;
    let index = 1;
    out.cpi[0] = 1;
    for (let t = 0; t < years; t++) {
      const k = idx[t];
      const infl = history.inflation[k];
      const rate = history.longRate[k] - spread;
      out.shortRateStart[t] = rate;
      out.shortRate[t] = rate;
      out.cashReturn[t] = Math.expm1(rate);
      out.bondReturn[t] = history.bonds[k];
      out.equityReturn[t] = history.equity[k];
      out.inflation[t] = infl;
      index *= 1 + infl;
      out.cpi[t + 1] = index;
      const shock = drawProperty ? this.propertySd * this.propertyStream.normal() : 0;
      out.propertyReturn[t] = boundedSimpleReturn(infl + this.propertyDrift + shock);
    }
    out.shortRateStart[years] =
      years < picked ? history.longRate[idx[years]] - spread : years > 0 ? history.longRate[idx[years - 1] + 1] - spread : 0;
  }
}
