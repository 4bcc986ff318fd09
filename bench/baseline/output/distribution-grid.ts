import { ExactSum, encodeSingleValues, nextSingle, NO_VALUE, SKETCH_MANTISSA_BITS } from '../stats/index.js';
import type { SketchJSON } from '../stats/index.js';
import type { DistributionJson } from './shard-result.js';

// The bucket key of QuantileSketch (same bits, same JSON), computed inline here.
const SHIFT = 20 - SKETCH_MANTISSA_BITS;
const NON_FINITE_KEY = 0x7ff00000 >>> SHIFT;
const PAD = 1 << SKETCH_MANTISSA_BITS;
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/**
 * Rounded values (in units) of at most 2^41 in magnitude go to a plain double accumulator; every
 * distribution is settled into its exact sum before it has taken 2^11 of them, so the accumulator
 * stays below 2^52 and every addition is exact. Larger values go straight to the exact sum.
 */
const DIRECT_LIMIT = 2 ** 41;
const SETTLE_EVERY = 2 ** 11;
const EMPTY = new Uint8Array(0);
const NO_SINGLES = new Float64Array(0);

/**
 * A fixed number of distributions (quantile sketch + exact fixed-point sum each), stored flat:
 * per distribution one typed array of bucket counts per sign, and its offset, zero count,
 * min, max and running sum in typed arrays indexed by the distribution. Values arrive in batches
 * (`addBatch`), whose loop keeps the distribution's state in locals: no objects, no calls per
 * value. The JSON of each distribution is exactly a QuantileSketch's and a FixedPointSum's for the
 * same values, so merging and the output read it unchanged.
 *
 * Counts are kept in bytes, so that the buckets of many distributions stay in cache: a byte that
 * wraps carries 256 into a 32-bit array of high counts, allocated for the few distributions that
 * need it (a distribution takes at most one value per path, and a shard holds fewer than 2^32 paths).
 * Beside each count a bucket keeps its single value (NO_VALUE before any, NaN once they differ), and
 * each distribution whether every value was whole, as QuantileSketch does.
 */
export class DistributionGrid {
  private readonly pos: Uint8Array[];
  private readonly neg: Uint8Array[];
  private readonly posHigh: (Uint32Array | null)[];
  private readonly negHigh: (Uint32Array | null)[];
  private readonly posSingle: Float64Array[];
  private readonly negSingle: Float64Array[];
  private readonly whole: Uint8Array;
  private readonly posOffset: Int32Array;
  private readonly negOffset: Int32Array;
  private readonly zero: Float64Array;
  private readonly lo: Float64Array;
  private readonly hi: Float64Array;
  private readonly acc: Float64Array;
  private readonly pending: Int32Array;
  private readonly exact: (ExactSum | null)[];
  private readonly perUnit: number;

  constructor(
    readonly size: number,
    readonly unit: number,
  ) {
    this.pos = Array.from({ length: size }, () => EMPTY);
    this.neg = Array.from({ length: size }, () => EMPTY);
    this.posHigh = new Array<Uint32Array | null>(size).fill(null);
    this.negHigh = new Array<Uint32Array | null>(size).fill(null);
    this.posSingle = Array.from({ length: size }, () => NO_SINGLES);
    this.negSingle = Array.from({ length: size }, () => NO_SINGLES);
    this.whole = new Uint8Array(size).fill(1);
    this.posOffset = new Int32Array(size);
    this.negOffset = new Int32Array(size);
    this.zero = new Float64Array(size);
    this.lo = new Float64Array(size).fill(Infinity);
    this.hi = new Float64Array(size).fill(-Infinity);
    this.acc = new Float64Array(size);
    this.pending = new Int32Array(size);
    this.exact = new Array<ExactSum | null>(size).fill(null);
    // unit is a power of two, so multiplying by its inverse is exact.
    this.perUnit = 1 / unit;
  }

  /** Adds values[start .. start + n) to distribution d. Throws a RangeError on a non-finite value. */
  addBatch(d: number, values: Float64Array, start: number, n: number): void {
    if (n <= 0) return;
    if (n > SETTLE_EVERY) {
      for (let at = 0; at < n; at += SETTLE_EVERY) this.addBatch(d, values, start + at, Math.min(SETTLE_EVERY, n - at));
      return;
    }
    if (this.pending[d] + n > SETTLE_EVERY) this.settle(d);
    // Many series take one value on every path of a batch (no income yet, no tax, the spending of
    // paths that never fall short): such a batch is counted at once. A batch of varying values
    // leaves this scan at its second value.
    const first = values[start];
    let same = start + 1;
    const end = start + n;
    while (same < end && values[same] === first) same++;
    if (same === end) return this.addRepeated(d, first, n);
    this.pending[d] += n;
    const perUnit = this.perUnit;
    let pos = this.pos[d];
    let posOff = this.posOffset[d];
    let posSingle = this.posSingle[d];
    let neg = this.neg[d];
    let negOff = this.negOffset[d];
    let negSingle = this.negSingle[d];
    let lo = this.lo[d];
    let hi = this.hi[d];
    let acc = this.acc[d];
    let whole = this.whole[d];
    let zeros = 0;
    for (let i = start; i < end; i++) {
      const v = values[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      if (v === 0) {
        zeros++;
        continue;
      }
      if (whole === 1 && Math.floor(v) !== v) whole = 0;
      F64[0] = v;
      const word = U32[HI];
      const key = (word & 0x7fffffff) >>> SHIFT;
      if (key >= NON_FINITE_KEY) throw new RangeError(`cannot record ${v}`);
      const k = Math.round(v * perUnit);
      if (k < DIRECT_LIMIT && k > -DIRECT_LIMIT) acc += k;
      else this.exactSum(d).add(k);
      if (word >>> 31 === 0) {
        let j = key - posOff;
        if (j < 0 || j >= pos.length) {
          pos = this.widen(d, this.pos, this.posHigh, this.posSingle, this.posOffset, key);
          posOff = this.posOffset[d];
          posSingle = this.posSingle[d];
          j = key - posOff;
        }
        if (++pos[j] > 255) this.carry(this.posHigh, d, pos.length, j);
        const s = posSingle[j];
        if (s !== v && s === s) posSingle[j] = nextSingle(s, v);
      } else {
        let j = key - negOff;
        if (j < 0 || j >= neg.length) {
          neg = this.widen(d, this.neg, this.negHigh, this.negSingle, this.negOffset, key);
          negOff = this.negOffset[d];
          negSingle = this.negSingle[d];
          j = key - negOff;
        }
        if (++neg[j] > 255) this.carry(this.negHigh, d, neg.length, j);
        const s = negSingle[j];
        if (s !== v && s === s) negSingle[j] = nextSingle(s, v);
      }
    }
    this.lo[d] = lo;
    this.hi[d] = hi;
    this.acc[d] = acc;
    this.whole[d] = whole;
    this.zero[d] += zeros;
  }

  /** Adds n copies of v to distribution d (whose pending count has room for them). */
  private addRepeated(d: number, v: number, n: number): void {
    this.pending[d] += n;
    if (v < this.lo[d]) this.lo[d] = v;
    if (v > this.hi[d]) this.hi[d] = v;
    if (v === 0) {
      this.zero[d] += n;
      return;
    }
    F64[0] = v;
    const word = U32[HI];
    const key = (word & 0x7fffffff) >>> SHIFT;
    if (key >= NON_FINITE_KEY) throw new RangeError(`cannot record ${v}`);
    const k = Math.round(v * this.perUnit);
    // n k stays exact: |k| < 2^41 and n <= 2^11 (the settled accumulator's own bound).
    if (k < DIRECT_LIMIT && k > -DIRECT_LIMIT) this.acc[d] += n * k;
    else for (let i = 0; i < n; i++) this.exactSum(d).add(k);
    if (Math.floor(v) !== v) this.whole[d] = 0;
    const positive = word >>> 31 === 0;
    const low = positive ? this.pos : this.neg;
    const high = positive ? this.posHigh : this.negHigh;
    const singles = positive ? this.posSingle : this.negSingle;
    const offsets = positive ? this.posOffset : this.negOffset;
    let counts = low[d];
    if (key < offsets[d] || key - offsets[d] >= counts.length) counts = this.widen(d, low, high, singles, offsets, key);
    const j = key - offsets[d];
    const total = counts[j] + n;
    counts[j] = total & 255;
    if (total > 255) this.carry(high, d, counts.length, j, total >>> 8);
    const single = singles[d];
    single[j] = nextSingle(single[j], v);
  }

  /** Widens distribution d's counts of one sign to hold `key`, and its high counts and single values with them. */
  private widen(
    d: number,
    low: Uint8Array[],
    high: (Uint32Array | null)[],
    singles: Float64Array[],
    offsets: Int32Array,
    key: number,
  ): Uint8Array {
    const offset = offsets[d];
    const grown = grow(low[d], offset, key);
    const h = high[d];
    if (h !== null) {
      const wide = new Uint32Array(grown.length);
      wide.set(h, offset - lastOffset);
      high[d] = wide;
    }
    const single = new Float64Array(grown.length).fill(NO_VALUE);
    if (singles[d].length > 0) single.set(singles[d], offset - lastOffset);
    singles[d] = single;
    offsets[d] = lastOffset;
    return (low[d] = grown);
  }

  /** A byte count wrapped past 255 `times` times: 256 each in the high counts. */
  private carry(high: (Uint32Array | null)[], d: number, length: number, j: number, times = 1): void {
    const h = (high[d] ??= new Uint32Array(length));
    h[j] += times;
  }

  private exactSum(d: number): ExactSum {
    return (this.exact[d] ??= new ExactSum());
  }

  private settle(d: number): void {
    if (this.acc[d] !== 0) this.exactSum(d).add(this.acc[d]);
    this.acc[d] = 0;
    this.pending[d] = 0;
  }

  /** Makes distribution `to` a copy of distribution `from` (every value `from` has taken so far). */
  copy(from: number, to: number): void {
    this.pos[to] = this.pos[from].slice();
    this.neg[to] = this.neg[from].slice();
    this.posHigh[to] = this.posHigh[from]?.slice() ?? null;
    this.negHigh[to] = this.negHigh[from]?.slice() ?? null;
    this.posSingle[to] = this.posSingle[from].slice();
    this.negSingle[to] = this.negSingle[from].slice();
    this.whole[to] = this.whole[from];
    this.posOffset[to] = this.posOffset[from];
    this.negOffset[to] = this.negOffset[from];
    this.zero[to] = this.zero[from];
    this.lo[to] = this.lo[from];
    this.hi[to] = this.hi[from];
    this.acc[to] = this.acc[from];
    this.pending[to] = this.pending[from];
    const exact = this.exact[from];
    this.exact[to] = exact === null ? null : ExactSum.fromJSON(exact.toJSON());
  }

  count(d: number): number {
    return this.zero[d] + total(this.pos[d], this.posHigh[d]) + total(this.neg[d], this.negHigh[d]);
  }

  toJSON(d: number): DistributionJson {
    const pos = encodeCounts(this.pos[d], this.posHigh[d], this.posSingle[d], this.posOffset[d]);
    const posTotal = lastTotal;
    const neg = encodeCounts(this.neg[d], this.negHigh[d], this.negSingle[d], this.negOffset[d]);
    const n = this.zero[d] + posTotal + lastTotal;
    const sketch: SketchJSON = {
      m: SKETCH_MANTISSA_BITS,
      n,
      zero: this.zero[d],
      min: n > 0 ? this.lo[d] : null,
      max: n > 0 ? this.hi[d] : null,
      whole: this.whole[d] === 1,
    };
    if (pos.c.length > 0) sketch.pos = pos;
    if (neg.c.length > 0) sketch.neg = neg;
    const total = new ExactSum();
    const exact = this.exact[d];
    if (exact !== null) total.merge(exact);
    total.add(this.acc[d]);
    return { sketch, sum: total.toJSON(), unit: this.unit };
  }
}

/** Sum of one sign's full counts (low bytes plus 256 times the high counts). */
function total(low: Uint8Array, high: Uint32Array | null): number {
  let n = 0;
  for (let i = 0; i < low.length; i++) n += low[i];
  if (high !== null) for (let i = 0; i < high.length; i++) n += 256 * high[i];
  return n;
}

// encodeCounts() reports the sign's total count here rather than in an allocated tuple.
let lastTotal = 0;

/**
 * One sign's full counts in the sketch's JSON form, exactly as encodeBucketCounts writes them,
 * straight from the byte and high counts (no intermediate array of the whole range); sets lastTotal.
 */
function encodeCounts(
  low: Uint8Array,
  high: Uint32Array | null,
  single: Float64Array,
  offset: number,
): { o: number; c: number[]; v?: number[] } {
  const at = (i: number) => low[i] + (high !== null ? 256 * high[i] : 0);
  let first = 0;
  let last = low.length - 1;
  while (first <= last && at(first) === 0) first++;
  while (last >= first && at(last) === 0) last--;
  const out: number[] = [];
  let n = 0;
  for (let i = first; i <= last; i++) {
    const c = at(i);
    n += c;
    if (c !== 0) out.push(c);
    else if (out[out.length - 1] < 0) out[out.length - 1]--;
    else out.push(-1);
  }
  lastTotal = n;
  const json: { o: number; c: number[]; v?: number[] } = { o: offset + first, c: out };
  const v = encodeSingleValues(at, single, first, last);
  if (v.length > 0) json.v = v;
  return json;
}

// grow() reports the new offset here rather than in an allocated tuple.
let lastOffset = 0;

/** Counts widened to hold `key`, by at least half their range so that a widening range reallocates rarely; sets lastOffset. */
function grow(counts: Uint8Array, offset: number, key: number): Uint8Array {
  if (counts.length === 0) {
    lastOffset = Math.max(0, key - PAD);
    return new Uint8Array(key + PAD - lastOffset + 1);
  }
  const end = offset + counts.length;
  const pad = Math.max(PAD, counts.length >> 1);
  const newOffset = key < offset ? Math.max(0, key - pad) : offset;
  const newEnd = key >= end ? key + pad + 1 : end;
  const grown = new Uint8Array(newEnd - newOffset);
  grown.set(counts, offset - newOffset);
  lastOffset = newOffset;
  return grown;
}
