/**
 * A mergeable quantile sketch with bounded relative error (log-linear buckets).
 *
 * A value's bucket is read straight from its IEEE-754 bits: the exponent and the top 6 mantissa
 * bits, i.e. 64 equal-width buckets per power of two. A bucket [lo, hi) has hi / lo <= 1 + 1/64,
 * and it is represented by 2 lo hi / (lo + hi), whose relative error is at most
 * (hi - lo) / (hi + lo) <= 1/129 (0.78%) for every value in it. Negative values use the same
 * buckets on |v|, zero has its own count, so values of both signs and zero are covered.
 * Counts are integers, so merging is exact, associative and order-independent: any split of the
 * same values gives the same sketch. Subnormal values (|v| < 2.2e-308) are not guaranteed the
 * relative bound (they sit in buckets starting at 0).
 *
 * quantile(q) estimates the linear interpolation between order statistics x_(k) and x_(k+1),
 * k = floor(q (n - 1)) (the usual "type 7" definition): each order statistic is estimated within
 * 0.78%, so the result is within 0.78% unless x_(k) and x_(k+1) have opposite signs.
 *
 * Values that are exact on the paths stay exact. Each bucket also keeps its single value while
 * every value it took is the same amount with at most two decimals (an amount as a plan states
 * it, a whole age): a constant spending of 50,000 reads 50,000, not the bucket's representative
 * 49,918.69. Merging keeps it exactly: a merged bucket has a single value only if every part had
 * that one. (Computed values, such as a balance after a return, have arbitrary digits: keeping
 * them too would quadruple a shard's size for buckets that rarely repeat a value.) And while every
 * value added is a whole number, quantile(q) is the order statistic x_(ceil(q n)) (1-based;
 * "type 1", the smallest value with F(x) >= q), and an order statistic read from a bucket of
 * several whole numbers is the whole number nearest its representative: whole-number figures
 * (ages) have whole-number percentiles. A bucket below 128 holds one whole number at most, so such
 * percentiles are exact there.
 */
const MANTISSA_BITS = 6;
const SHIFT = 20 - MANTISSA_BITS;
/** Key of +Infinity / NaN: values at or above it are rejected. */
const NON_FINITE_KEY = 0x7ff00000 >>> SHIFT;
const GROW_PAD = 1 << MANTISSA_BITS;
/** A bucket's single value before it has any (a finite value never equals it); NaN once its values differ. */
export const NO_VALUE = Infinity;

/**
 * The value a bucket holding `single` keeps after taking v: v if it is its first and has at most
 * two decimals, else NaN unless v is the same.
 */
export function nextSingle(single: number, v: number): number {
  if (single === v) return single;
  return single === NO_VALUE && Math.round(v * 100) / 100 === v ? v : NaN;
}

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0; // little-endian: high word at 1

/** Lower bound of bucket `key` (a non-negative double). */
function bucketLow(key: number): number {
  U32[HI] = key << SHIFT;
  U32[1 - HI] = 0;
  return F64[0];
}

/** Below this, 2 lo hi stays finite (at most 2^1023). */
const UNSCALED_LIMIT = 2 ** 511;
/** A power of two, so scaling by it is exact and gives the same representative as the unscaled formula would. */
const SCALE = 2 ** -512;

/** The bucket key of a finite value's magnitude (the sketch's own bucketing). */
export function magnitudeKey(v: number): number {
  F64[0] = v;
  return (U32[HI] & 0x7fffffff) >>> SHIFT;
}

/** The value a bucket of several values is read at (magnitudes). */
export function representative(key: number): number {
  const lo = bucketLow(key);
  const hi = bucketLow(key + 1);
  if (lo < UNSCALED_LIMIT) return (2 * lo * hi) / (lo + hi);
  // Above 2^512 the product lo hi overflows to Infinity: compute with both bounds scaled down.
  // The top bucket's upper bound is Infinity itself; its values reach at most the largest double.
  if (hi === Infinity) return Number.MAX_VALUE;
  const l = lo * SCALE;
  const h = hi * SCALE;
  return (2 * l * h) / (l + h) / SCALE;
}

/**
 * The estimate of an order statistic in bucket `key` (magnitudes): the bucket's single value if
 * it has one, else its representative, rounded to a whole number in the bucket when every value
 * is whole.
 */
export function bucketValue(key: number, single: number, whole: boolean): number {
  if (single === single && single !== NO_VALUE) return Math.abs(single);
  const rep = representative(key);
  if (!whole) return rep;
  const first = Math.ceil(bucketLow(key));
  const last = Math.ceil(bucketLow(key + 1)) - 1;
  if (first > last) return rep;
  const r = Math.round(rep);
  return r < first ? first : r > last ? last : r;
}

/**
 * Bucket single values in JSON, sparse: pairs (index from the first encoded bucket, value) for the
 * non-empty buckets that have one, flattened. Shared with recorders that keep their own arrays.
 */
export function encodeSingleValues(counts: (i: number) => number, single: ArrayLike<number>, first: number, last: number): number[] {
  const out: number[] = [];
  for (let i = first; i <= last; i++) {
    const v = single[i];
    if (v === v && v !== NO_VALUE && counts(i) !== 0) out.push(i - first, v);
  }
  return out;
}

/** Mantissa bits of the bucket key: a value's key is its IEEE-754 high word, sign cleared, shifted right by 20 - SKETCH_MANTISSA_BITS. */
export const SKETCH_MANTISSA_BITS = MANTISSA_BITS;

/**
 * One sign's bucket counts (counts[i] belongs to key offset + i) in the JSON form: zero runs
 * written as negative run lengths, leading and trailing zeros dropped. Shared with recorders that
 * keep their own count arrays, so that their JSON is the sketch's.
 */
export function encodeBucketCounts(c: ArrayLike<number>, offset: number): { o: number; c: number[] } {
  let first = 0;
  let last = c.length - 1;
  while (first <= last && c[first] === 0) first++;
  while (last >= first && c[last] === 0) last--;
  const out: number[] = [];
  for (let i = first; i <= last; i++) {
    if (c[i] !== 0) out.push(c[i]);
    else if (out.length > 0 && out[out.length - 1] < 0) out[out.length - 1]--;
    else out.push(-1);
  }
  return { o: offset + first, c: out };
}

/** How many buckets encoded counts span (zero runs written negative); throws on a count that is not a non-zero integer. */
function encodedLength(c: readonly number[]): number {
  let len = 0;
  for (let k = 0; k < c.length; k++) {
    const v = c[k];
    if (!Number.isInteger(v) || v === 0) throw new TypeError('QuantileSketch: bad bucket count');
    len += v < 0 ? -v : 1;
  }
  return len;
}

/** A counts buffer of at least `span` zeros: `counts` itself when it is large enough (zeroed), else a larger one. */
export function zeroedCounts(counts: ArrayLike<number>, span: number): Float64Array {
  if (counts instanceof Float64Array && counts.length >= span) {
    counts.fill(0, 0, span);
    return counts;
  }
  return new Float64Array(Math.max(span, 2 * counts.length));
}

/**
 * One sign's counts in the JSON form (encodeBucketCounts) into into.counts, reused when it is long
 * enough (zeroedCounts: an empty one gives an array of exactly their span), and their span into
 * into.span; returns the sum of the counts. Throws on a count that is not a non-zero integer.
 * Decoding reads them so, and so do the readers of shard results, into arrays they reuse.
 */
export function readBucketCounts(into: { counts: ArrayLike<number>; span: number }, c: readonly number[]): number {
  const span = encodedLength(c);
  const counts = zeroedCounts(into.counts, span);
  let i = 0;
  let total = 0;
  for (let k = 0; k < c.length; k++) {
    const v = c[k];
    if (v < 0) i -= v;
    else {
      counts[i++] = v;
      total += v;
    }
  }
  into.counts = counts;
  into.span = span;
  return total;
}

/**
 * The arrays of buckets that have none yet: one shared pair, never written (ensure replaces them
 * before the first count), so a sketch about to be decoded or merged into does not allocate four
 * typed arrays it throws away (a tenth of the fan-in's merge and output build).
 */
const NO_BUCKETS = new Float64Array(0);

/** One sign's buckets: counts[i] belongs to key offset + i. */
class Buckets {
  offset = 0;
  counts = NO_BUCKETS;
  /**
   * single[i]: the one value bucket i has taken (NO_VALUE before any, NaN once they differ); or
   * empty beside non-empty counts when no bucket has one (as decoded, until the buckets change):
   * most sketches read from JSON have none, and are only read for their quantiles.
   */
  single = NO_BUCKETS;
  /** Sum of the counts, as decoded (kept by decode only). */
  total = 0;

  get length(): number {
    return this.counts.length;
  }

  scan(i: number, step: 1 | -1, seen: Float64Array, rank: number): number {
    const counts = this.counts;
    let n = seen[0];
    for (; i >= 0 && i < counts.length; i += step) {
      n += counts[i];
      if (n > rank) break;
    }
    seen[0] = n;
    return i;
  }

  /** Bucket i's single value, NO_VALUE or NaN, whether or not the array is held. */
  singleAt(i: number): number {
    if (this.single.length > 0) return this.single[i];
    return this.counts[i] !== 0 ? NaN : NO_VALUE;
  }

  /** Holds the single values as an array, before the buckets change. */
  private holdSingles(): void {
    if (this.single.length > 0 || this.counts.length === 0) return;
    const single = new Float64Array(this.counts.length).fill(NO_VALUE);
    for (let i = 0; i < single.length; i++) if (this.counts[i] !== 0) single[i] = NaN;
    this.single = single;
  }

  ensure(key: number): void {
    this.holdSingles();
    const end = this.offset + this.counts.length;
    if (this.counts.length === 0) {
      this.offset = Math.max(0, key - GROW_PAD);
      this.counts = new Float64Array(key + GROW_PAD - this.offset + 1);
      this.single = new Float64Array(this.counts.length).fill(NO_VALUE);
      return;
    }
    if (key >= this.offset && key < end) return;
    // Grow by at least half the current range, so a slowly widening range reallocates rarely.
    const pad = Math.max(GROW_PAD, this.counts.length >> 1);
    const newOffset = key < this.offset ? Math.max(0, key - pad) : this.offset;
    const newEnd = key >= end ? key + pad + 1 : end;
    const grown = new Float64Array(newEnd - newOffset);
    grown.set(this.counts, this.offset - newOffset);
    const single = new Float64Array(grown.length).fill(NO_VALUE);
    single.set(this.single, this.offset - newOffset);
    this.offset = newOffset;
    this.counts = grown;
    this.single = single;
  }

  /** Counts value v (|v| in bucket `key`, inside the array). */
  addAt(i: number, v: number): void {
    this.holdSingles();
    this.counts[i]++;
    this.single[i] = nextSingle(this.single[i], v);
  }

  mergeFrom(o: Buckets): void {
    if (o.counts.length === 0) return;
    this.holdSingles();
    this.ensure(o.offset);
    this.ensure(o.offset + o.counts.length - 1);
    const base = o.offset - this.offset;
    for (let i = 0; i < o.counts.length; i++) {
      if (o.counts[i] === 0) continue;
      this.counts[base + i] += o.counts[i];
      const mine = this.single[base + i];
      const theirs = o.singleAt(i);
      if (mine !== theirs) this.single[base + i] = mine === NO_VALUE ? theirs : NaN;
    }
  }

  /**
   * Sizes buckets that have none yet to keys first..last, counts only: a merge target holds single
   * values only once a part brings one (most merges have none), so it allocates half as much.
   */
  reserveKeys(first: number, last: number): void {
    if (this.counts.length > 0 || first > last) return;
    this.offset = first;
    this.counts = new Float64Array(last - first + 1);
  }

  /**
   * Adds buckets given as plain arrays (DenseBuckets) into these, as mergeFrom adds decoded ones, to
   * the same bits; returns the sum of the counts added. Throws on a single value listed for an empty
   * or missing bucket, or out of ascending order.
   */
  mergeDense(d: DenseBuckets): number {
    if (d.span === 0) return 0;
    if (!Number.isInteger(d.offset) || d.offset < 0) throw new TypeError('QuantileSketch: bad bucket offset');
    if (d.singleCount > 0) this.holdSingles();
    if (d.offset < this.offset || d.offset + d.span > this.offset + this.counts.length || this.counts.length === 0) {
      this.ensure(d.offset);
      this.ensure(d.offset + d.span - 1);
    }
    const counts = this.counts;
    const base = d.offset - this.offset;
    const from = d.counts;
    let total = 0;
    if (this.single.length === 0) {
      // No bucket on either side has a single value: every non-empty bucket stays mixed.
      for (let i = 0; i < d.span; i++) {
        const k = from[i];
        counts[base + i] += k;
        total += k;
      }
      return total;
    }
    const single = this.single;
    const values = d.singles;
    const listed = 2 * d.singleCount;
    let next = 0;
    for (let i = 0; i < d.span; i++) {
      const k = from[i];
      if (k === 0) continue;
      // A non-empty bucket without a listed single value has mixed values (NaN).
      let theirs = NaN;
      if (next < listed && values[next] === i) {
        theirs = values[next + 1];
        if (!Number.isFinite(theirs) || theirs === 0) throw new TypeError('QuantileSketch: bad bucket value');
        next += 2;
      }
      const mine = single[base + i];
      if (mine !== theirs) single[base + i] = mine === NO_VALUE ? theirs : NaN;
      counts[base + i] += k;
      total += k;
    }
    if (next !== listed) throw new TypeError('QuantileSketch: bad bucket value');
    return total;
  }

  encode(): { o: number; c: number[]; v?: number[] } {
    const c = this.counts;
    const json: { o: number; c: number[]; v?: number[] } = encodeBucketCounts(c, this.offset);
    const v = this.single.length > 0 ? encodeSingleValues((i) => c[i], this.single, json.o - this.offset, c.length - 1) : [];
    if (v.length > 0) json.v = v;
    return json;
  }

  static decode(j: { o: number; c: number[]; v?: number[] } | undefined): Buckets {
    const b = new Buckets();
    if (!j || j.c.length === 0) return b;
    if (!Number.isInteger(j.o) || j.o < 0) throw new TypeError('QuantileSketch.fromJSON: bad bucket offset');
    // The total counted as the counts are read (decoding is most of the output's cost); an empty array read into gives an exact one.
    const read = { counts: NO_BUCKETS, span: 0 };
    const total = readBucketCounts(read, j.c);
    b.offset = j.o;
    const counts = (b.counts = read.counts);
    const len = read.span;
    const values = j.v ?? [];
    if (!Array.isArray(values) || values.length % 2 !== 0) throw new TypeError('QuantileSketch.fromJSON: bad bucket values');
    // A non-empty bucket without a listed single value has mixed values (singleAt without the array).
    if (values.length > 0) b.holdSingles();
    const single = b.single;
    for (let k = 0; k < values.length; k += 2) {
      const at = values[k];
      const v = values[k + 1];
      if (!Number.isInteger(at) || at < 0 || at >= len || counts[at] === 0 || typeof v !== 'number' || !Number.isFinite(v) || v === 0) {
        throw new TypeError('QuantileSketch.fromJSON: bad bucket value');
      }
      single[at] = v;
    }
    b.total = total;
    return b;
  }
}

export interface SketchJSON {
  /** Mantissa bits of the bucket key (format version of the buckets). */
  m: number;
  n: number;
  zero: number;
  min: number | null;
  max: number | null;
  /** True while every value added is a whole number (percentiles are then order statistics, type 1). */
  whole?: boolean;
  /** Buckets: offset, counts (zero runs negative), and (index, single value) pairs of the buckets that have one. */
  pos?: { o: number; c: number[]; v?: number[] };
  neg?: { o: number; c: number[]; v?: number[] };
}

/**
 * One sign's buckets as plain arrays: counts[i] (i < span) belongs to key offset + i; singles
 * holds singleCount pairs (i, value), ascending in i, for the buckets that have a single value.
 */
export interface DenseBuckets {
  offset: number;
  span: number;
  counts: ArrayLike<number>;
  singles: ArrayLike<number>;
  singleCount: number;
}

/** A sketch's state as plain values and arrays (the fan-in's merge input, read from either form of a shard result). */
export interface DenseSketch {
  n: number;
  zero: number;
  /** Infinity and -Infinity when empty. */
  min: number;
  max: number;
  whole: boolean;
  pos: DenseBuckets;
  neg: DenseBuckets;
}

export class QuantileSketch {
  /** Largest relative error of an estimated order statistic (1/129). */
  static readonly RELATIVE_ACCURACY = 1 / (2 * (1 << MANTISSA_BITS) + 1);

  private pos = new Buckets();
  private neg = new Buckets();
  private zero = 0;
  private n = 0;
  private lo = Infinity;
  private hi = -Infinity;
  private whole = true;

  get count(): number {
    return this.n;
  }
  get min(): number {
    return this.n > 0 ? this.lo : NaN;
  }
  get max(): number {
    return this.n > 0 ? this.hi : NaN;
  }

  add(v: number): void {
    F64[0] = v;
    const word = U32[HI];
    const key = (word & 0x7fffffff) >>> SHIFT;
    if (key >= NON_FINITE_KEY) throw new RangeError(`QuantileSketch: cannot add ${v}`);
    if (v === 0) {
      this.zero++;
    } else {
      const b = word >>> 31 ? this.neg : this.pos;
      let i = key - b.offset;
      if (i < 0 || i >= b.counts.length) {
        b.ensure(key);
        i = key - b.offset;
      }
      b.addAt(i, v);
      if (this.whole && Math.floor(v) !== v) this.whole = false;
    }
    this.n++;
    if (v < this.lo) this.lo = v;
    if (v > this.hi) this.hi = v;
  }

  merge(o: QuantileSketch): void {
    if (o === this) throw new RangeError('QuantileSketch: cannot merge a sketch into itself');
    this.pos.mergeFrom(o.pos);
    this.neg.mergeFrom(o.neg);
    this.zero += o.zero;
    this.n += o.n;
    this.whole &&= o.whole;
    if (o.lo < this.lo) this.lo = o.lo;
    if (o.hi > this.hi) this.hi = o.hi;
  }

  /** The q-quantile (0 <= q <= 1) by linear interpolation between order statistics; NaN if empty. */
  quantile(q: number): number {
    return this.quantiles([q])[0];
  }

  /** quantile(q) for each of `qs` (ascending, each in [0, 1]), from one walk over the buckets; NaNs if empty. */
  quantiles(qs: readonly number[]): number[] {
    return quantilesOf({ n: this.n, zero: this.zero, lo: this.lo, hi: this.hi, whole: this.whole, pos: this.pos, neg: this.neg }, qs);
  }

  toJSON(): SketchJSON {
    const json: SketchJSON = {
      m: MANTISSA_BITS,
      n: this.n,
      zero: this.zero,
      min: this.n > 0 ? this.lo : null,
      max: this.n > 0 ? this.hi : null,
      whole: this.whole,
    };
    const pos = this.pos.encode();
    const neg = this.neg.encode();
    if (pos.c.length > 0) json.pos = pos;
    if (neg.c.length > 0) json.neg = neg;
    return json;
  }

  /**
   * The merge of sketches given as plain arrays (DenseSketch), to the same bits as merging them
   * decoded (fromJSON then merge): each sign's counts are allocated once for every part, and single
   * values only if a part has one.
   */
  static mergedFromDense(parts: readonly DenseSketch[]): QuantileSketch {
    const s = new QuantileSketch();
    for (const negative of [false, true]) {
      let first = Infinity;
      let last = -Infinity;
      for (const part of parts) {
        const side = negative ? part.neg : part.pos;
        if (side.span === 0) continue;
        first = Math.min(first, side.offset);
        last = Math.max(last, side.offset + side.span - 1);
      }
      (negative ? s.neg : s.pos).reserveKeys(first, last);
    }
    for (const part of parts) s.mergeDense(part);
    return s;
  }

  /** Adds a sketch given as plain arrays (DenseSketch) into this one, as merge adds it decoded, to the same bits. */
  mergeDense(part: DenseSketch): void {
    const total = part.zero + this.pos.mergeDense(part.pos) + this.neg.mergeDense(part.neg);
    if (total !== part.n) throw new TypeError('QuantileSketch: bucket counts do not add up to n');
    this.zero += part.zero;
    this.n += part.n;
    this.whole &&= part.whole;
    if (part.min < this.lo) this.lo = part.min;
    if (part.max > this.hi) this.hi = part.max;
  }

  static fromJSON(json: SketchJSON): QuantileSketch {
    if (!json || json.m !== MANTISSA_BITS) throw new TypeError(`QuantileSketch.fromJSON: expected m = ${MANTISSA_BITS}`);
    const s = new QuantileSketch();
    s.pos = Buckets.decode(json.pos);
    s.neg = Buckets.decode(json.neg);
    s.zero = json.zero;
    s.n = json.n;
    s.lo = json.min ?? Infinity;
    s.hi = json.max ?? -Infinity;
    // A sketch written without the flag (an older one) is read as not whole: interpolated, as it was.
    s.whole = json.whole === true;
    const total = s.zero + s.pos.total + s.neg.total;
    if (total !== s.n) throw new TypeError('QuantileSketch.fromJSON: bucket counts do not add up to n');
    return s;
  }
}

/** 0-based rank of the type-1 q-quantile of n values: x_(ceil(q n)) in 1-based terms. */
function wholeRank(q: number, n: number): number {
  const x = q * n;
  // q n is often whole in exact arithmetic (0.1 x 30) but not in floating point (3.0000000000000004).
  const nearest = Math.round(x);
  const up = Math.abs(x - nearest) <= 1e-9 * Math.max(1, x) ? nearest : Math.ceil(x);
  return Math.max(0, up - 1);
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** One sign's buckets as the quantile walk reads them: bucket i (0 <= i < length) belongs to key offset + i. */
export interface BucketReader {
  readonly offset: number;
  readonly length: number;
  /**
   * From bucket i on, by `step`, adds each bucket's count to seen[0] until it exceeds `rank`;
   * returns the bucket where it did, or -1 or `length` when none did (one loop over the reader's
   * own arrays, because a call per bucket would dominate the output's walks).
   */
  scan(i: number, step: 1 | -1, seen: Float64Array, rank: number): number;
  /** Bucket i's single value; NaN or NO_VALUE for none (read only for a non-empty bucket). */
  singleAt(i: number): number;
}

/** A sketch's state as the quantile walk reads it (a QuantileSketch's, or a recorder's that keeps its own arrays). */
export interface SketchReader {
  n: number;
  zero: number;
  /** The smallest and largest value (Infinity and -Infinity when empty). */
  lo: number;
  hi: number;
  whole: boolean;
  pos: BucketReader;
  neg: BucketReader;
}

/**
 * QuantileSketch.quantiles of a sketch's state, kept in a sketch or a recorder's own arrays: every
 * reader gives the same bits for the same counts, single values, extremes and whole flag.
 */
export function quantilesOf(s: SketchReader, qs: readonly number[]): number[] {
  // The levels are checked first, so that an empty sketch refuses the ones a full one would.
  for (let i = 0; i < qs.length; i++) {
    const q = qs[i];
    if (!(q >= 0 && q <= 1)) throw new RangeError(`QuantileSketch: quantile ${q} is outside [0, 1]`);
    if (i > 0 && q < qs[i - 1]) throw new RangeError('QuantileSketch: quantiles must be ascending');
  }
  const out = new Array<number>(qs.length);
  const n = s.n;
  if (n === 0) return out.fill(NaN);
  // The order statistics needed: k and, unless the rank is whole, k + 1 for each q; k + 1 of one
  // quantile may exceed k of the next, so they are kept distinct and in order as they are added.
  const ks = neededRanks(2 * qs.length);
  let count = 0;
  for (let i = 0; i < qs.length; i++) {
    const q = qs[i];
    if (s.whole) {
      count = addRank(ks, count, wholeRank(q, n));
      continue;
    }
    const rank = q * (n - 1);
    const k = Math.floor(rank);
    count = addRank(ks, count, k);
    if (rank - k !== 0) count = addRank(ks, count, k + 1);
  }
  const values = orderStatistics(s, ks, count);
  const at = (k: number) => values[ks.indexOf(k)];
  for (let i = 0; i < qs.length; i++) {
    if (s.whole) {
      out[i] = at(wholeRank(qs[i], n));
      continue;
    }
    const rank = qs[i] * (n - 1);
    const k = Math.floor(rank);
    const frac = rank - k;
    const a = at(k);
    out[i] = frac === 0 ? a : a + frac * (at(k + 1) - a);
  }
  return out;
}

/**
 * The ranks quantilesOf needs, reused from call to call: the output reads seven quantiles of each of
 * about two thousand distributions, and a Set, a sort and their arrays per call took about a tenth
 * of building it (a young-family output, Node.js 24). At least `size` long.
 */
let ranks = new Float64Array(16);

function neededRanks(size: number): Float64Array {
  if (ranks.length < size) ranks = new Float64Array(size);
  return ranks;
}

/** Adds k to the ascending, distinct ks[0 .. count) unless it is there; returns the new count. */
function addRank(ks: Float64Array, count: number, k: number): number {
  let i = count;
  while (i > 0 && ks[i - 1] > k) i--;
  if (i > 0 && ks[i - 1] === k) return count;
  ks.copyWithin(i + 1, i, count);
  ks[i] = k;
  return count + 1;
}

/** The count seen by a walk (BucketReader.scan). */
const seen = new Float64Array(1);

/** The k-th smallest value (0-based, exact at the two ends) for each of the strictly ascending ks[0 .. count), in one walk. */
function orderStatistics(s: SketchReader, ks: Float64Array, count: number): number[] {
  const out = new Array<number>(count);
  const { lo, hi, whole, pos, neg } = s;
  let j = 0;
  // Exact ends first.
  while (j < count && ks[j] <= 0) out[j++] = lo;
  let end = count;
  while (end > j && ks[end - 1] >= s.n - 1) out[--end] = hi;
  seen[0] = 0;
  for (let i = neg.length - 1; j < end; i--) {
    i = neg.scan(i, -1, seen, ks[j]);
    if (i < 0) break;
    const v = clamp(-bucketValue(neg.offset + i, neg.singleAt(i), whole), lo, hi);
    while (j < end && seen[0] > ks[j]) out[j++] = v;
  }
  seen[0] += s.zero;
  while (j < end && seen[0] > ks[j]) out[j++] = 0;
  for (let i = 0; j < end; i++) {
    i = pos.scan(i, 1, seen, ks[j]);
    if (i >= pos.length) break;
    const v = clamp(bucketValue(pos.offset + i, pos.singleAt(i), whole), lo, hi);
    while (j < end && seen[0] > ks[j]) out[j++] = v;
  }
  while (j < end) out[j++] = hi;
  return out;
}
