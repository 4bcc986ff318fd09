/**
 * An exact sum of doubles (Shewchuk's non-overlapping partials, as in Python's math.fsum).
 *
 * The partials represent the sum of every value added or merged EXACTLY (no rounding at all), and
 * value() returns that exact sum correctly rounded to the nearest double. So the result depends
 * only on the multiset of values: any order, any split into shards merged in any order gives the
 * same double bit for bit. A mean computed as value() / count is therefore identical too.
 * Values must be finite, and the exact sum must stay below about 1e308 in magnitude.
 */
export interface ExactSumJSON {
  /** The non-overlapping partials, smallest magnitude first. */
  partials: number[];
}

export class ExactSum {
  private p = new Float64Array(4);
  private n = 0;

  add(x: number): void {
    if (!Number.isFinite(x)) throw new RangeError(`ExactSum: cannot add ${x}`);
    const p = this.p;
    let i = 0;
    for (let j = 0; j < this.n; j++) {
      let y = p[j];
      if (Math.abs(x) < Math.abs(y)) {
        const t = x;
        x = y;
        y = t;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) p[i++] = lo;
      x = hi;
    }
    if (i === p.length) this.grow();
    this.p[i] = x;
    this.n = i + 1;
  }

  /** Back to zero (a sum reused for another). */
  clear(): void {
    this.n = 0;
  }

  merge(other: ExactSum): void {
    // Copy first: merging a sum into itself must add its value once.
    const partials = other.p.slice(0, other.n);
    for (let k = 0; k < partials.length; k++) this.add(partials[k]);
  }

  /** The exact sum, correctly rounded (round half to even) to a double. */
  value(): number {
    const p = this.p;
    let n = this.n;
    if (n === 0) return 0;
    let hi = p[--n];
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = p[--n];
      hi = x + y;
      const yr = hi - x;
      lo = y - yr;
      if (lo !== 0) break;
    }
    // Round half-even correction: if the discarded tail pushes lo beyond a half ulp, adjust.
    if (n > 0 && ((lo < 0 && p[n - 1] < 0) || (lo > 0 && p[n - 1] > 0))) {
      const y = lo * 2;
      const x = hi + y;
      const yr = x - hi;
      if (y === yr) hi = x;
    }
    return hi;
  }

  /** The partials as toJSON lists them, in a view of this sum's own array (valid until it next changes). */
  partials(): Float64Array {
    return this.p.subarray(0, this.n);
  }

  toJSON(): ExactSumJSON {
    return { partials: Array.from(this.p.subarray(0, this.n)) };
  }

  static fromJSON(json: ExactSumJSON): ExactSum {
    const s = new ExactSum();
    if (!json || !Array.isArray(json.partials)) throw new TypeError('ExactSum.fromJSON: partials must be an array');
    for (const v of json.partials) s.add(v);
    return s;
  }

  private grow(): void {
    const bigger = new Float64Array(this.p.length * 2);
    bigger.set(this.p);
    this.p = bigger;
  }
}
