import { ExactSum } from '../stats/index.js';
import type { ExactSumJson } from './shard-result.js';

/** Quanta (powers of two, so scaling is exact): money to below a cent; rates and ratios to about 1e-12. */
export const MONEY_UNIT = 2 ** -7;
export const RATE_UNIT = 2 ** -40;
const LIMIT = 2 ** 52;

/**
 * A sum, exact and independent of order, of values rounded to a multiple of `unit`: the rounded
 * values are integers (in units), whose double sum is exact while it stays below 2^53, so a plain
 * double accumulates them and spills into an ExactSum before it could round. Far cheaper per value
 * than an ExactSum alone; 1 shard and 7 shards give the same bits.
 */
export class FixedPointSum {
  private acc = 0;
  private readonly spill = new ExactSum();
  private readonly perUnit: number;
  constructor(readonly unit: number) {
    this.perUnit = 1 / unit;
  }

  add(x: number): void {
    // unit is a power of two, so multiplying by its inverse is exact.
    const k = Math.round(x * this.perUnit);
    if (Math.abs(this.acc) + Math.abs(k) < LIMIT) {
      this.acc += k;
    } else {
      this.spill.add(this.acc);
      this.acc = 0;
      if (Math.abs(k) < LIMIT) this.acc = k;
      else this.spill.add(k);
    }
  }

  /** The exact sum in units (an ExactSum's JSON); the value is sum * unit. */
  toJSON(): ExactSumJson {
    const total = ExactSum.fromJSON(this.spill.toJSON());
    total.add(this.acc);
    return total.toJSON();
  }
}
