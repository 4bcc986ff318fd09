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
 */
const MANTISSA_BITS = 6;
const SHIFT = 20 - MANTISSA_BITS;
/** Key of +Infinity / NaN: values at or above it are rejected. */
const NON_FINITE_KEY = 0x7ff00000 >>> SHIFT;
const GROW_PAD = 1 << MANTISSA_BITS;

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0; // little-endian: high word at 1

/** Lower bound of bucket `key` (a non-negative double). */
function bucketLow(key: number): number {
  U32[HI] = key << SHIFT;
  U32[1 - HI] = 0;
  return F64[0];
}

function representative(key: number): number {
  const lo = bucketLow(key);
  const hi = bucketLow(key + 1);
  return (2 * lo * hi) / (lo + hi);
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

/** One sign's buckets: counts[i] belongs to key offset + i. */
class Buckets {
  offset = 0;
  counts = new Float64Array(0);
  /** Sum of the counts, as decoded (kept by decode only). */
  total = 0;

  ensure(key: number): void {
    const end = this.offset + this.counts.length;
    if (this.counts.length === 0) {
      this.offset = Math.max(0, key - GROW_PAD);
      this.counts = new Float64Array(key + GROW_PAD - this.offset + 1);
      return;
    }
    if (key >= this.offset && key < end) return;
    // Grow by at least half the current range, so a slowly widening range reallocates rarely.
    const pad = Math.max(GROW_PAD, this.counts.length >> 1);
    const newOffset = key < this.offset ? Math.max(0, key - pad) : this.offset;
    const newEnd = key >= end ? key + pad + 1 : end;
    const grown = new Float64Array(newEnd - newOffset);
    grown.set(this.counts, this.offset - newOffset);
    this.offset = newOffset;
    this.counts = grown;
  }

  mergeFrom(o: Buckets): void {
    if (o.counts.length === 0) return;
    this.ensure(o.offset);
    this.ensure(o.offset + o.counts.length - 1);
    const base = o.offset - this.offset;
    for (let i = 0; i < o.counts.length; i++) this.counts[base + i] += o.counts[i];
  }

  encode(): { o: number; c: number[] } {
    return encodeBucketCounts(this.counts, this.offset);
  }

  static decode(j: { o: number; c: number[] } | undefined): Buckets {
    const b = new Buckets();
    if (!j || j.c.length === 0) return b;
    if (!Number.isInteger(j.o) || j.o < 0) throw new TypeError('QuantileSketch.fromJSON: bad bucket offset');
    // Indexed loops, and the total counted here: decoding is most of the output's cost.
    const c = j.c;
    let len = 0;
    for (let k = 0; k < c.length; k++) {
      const v = c[k];
      if (!Number.isInteger(v) || v === 0) throw new TypeError('QuantileSketch.fromJSON: bad bucket count');
      len += v < 0 ? -v : 1;
    }
    b.offset = j.o;
    const counts = (b.counts = new Float64Array(len));
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
  pos?: { o: number; c: number[] };
  neg?: { o: number; c: number[] };
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
      const i = key - b.offset;
      if (i >= 0 && i < b.counts.length) b.counts[i]++;
      else {
        b.ensure(key);
        b.counts[key - b.offset]++;
      }
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
    if (o.lo < this.lo) this.lo = o.lo;
    if (o.hi > this.hi) this.hi = o.hi;
  }

  /** The q-quantile (0 <= q <= 1) by linear interpolation between order statistics; NaN if empty. */
  quantile(q: number): number {
    if (!(q >= 0 && q <= 1)) throw new RangeError(`QuantileSketch: quantile ${q} is outside [0, 1]`);
    const n = this.n;
    if (n === 0) return NaN;
    const rank = q * (n - 1);
    const k = Math.floor(rank);
    const frac = rank - k;
    const a = this.orderStatistic(k);
    if (frac === 0) return a;
    const b = this.orderStatistic(k + 1);
    return a + frac * (b - a);
  }

  /**
   * quantile(q) for each of `qs` (ascending, each in [0, 1]), to the same bits, from one walk over
   * the buckets instead of one or two per quantile; NaNs if empty.
   */
  quantiles(qs: readonly number[]): number[] {
    const out = new Array<number>(qs.length);
    const n = this.n;
    if (n === 0) return out.fill(NaN);
    // The order statistics needed: k and, unless the rank is whole, k + 1 for each q.
    const ks: number[] = [];
    for (let i = 0; i < qs.length; i++) {
      const q = qs[i];
      if (!(q >= 0 && q <= 1)) throw new RangeError(`QuantileSketch: quantile ${q} is outside [0, 1]`);
      if (i > 0 && q < qs[i - 1]) throw new RangeError('QuantileSketch: quantiles must be ascending');
      const rank = q * (n - 1);
      const k = Math.floor(rank);
      ks.push(k);
      if (rank - k !== 0) ks.push(k + 1);
    }
    // k + 1 of one quantile may exceed k of the next: walk the distinct ks in order.
    const distinct = [...new Set(ks)].sort((a, b) => a - b);
    const values = this.orderStatistics(distinct);
    const at = (k: number) => values[distinct.indexOf(k)];
    for (let i = 0; i < qs.length; i++) {
      const rank = qs[i] * (n - 1);
      const k = Math.floor(rank);
      const frac = rank - k;
      const a = at(k);
      out[i] = frac === 0 ? a : a + frac * (at(k + 1) - a);
    }
    return out;
  }

  /** orderStatistic(k) for each of the strictly ascending `ks`, in one walk. */
  private orderStatistics(ks: readonly number[]): number[] {
    const out = new Array<number>(ks.length);
    let j = 0;
    // Exact ends first, as orderStatistic has them.
    while (j < ks.length && ks[j] <= 0) out[j++] = this.lo;
    let end = ks.length;
    while (end > j && ks[end - 1] >= this.n - 1) out[--end] = this.hi;
    let seen = 0;
    const neg = this.neg.counts;
    for (let i = neg.length - 1; i >= 0 && j < end; i--) {
      seen += neg[i];
      if (seen > ks[j]) {
        const v = clamp(-representative(this.neg.offset + i), this.lo, this.hi);
        while (j < end && seen > ks[j]) out[j++] = v;
      }
    }
    seen += this.zero;
    while (j < end && seen > ks[j]) out[j++] = 0;
    const pos = this.pos.counts;
    for (let i = 0; i < pos.length && j < end; i++) {
      seen += pos[i];
      if (seen > ks[j]) {
        const v = clamp(representative(this.pos.offset + i), this.lo, this.hi);
        while (j < end && seen > ks[j]) out[j++] = v;
      }
    }
    while (j < end) out[j++] = this.hi;
    return out;
  }

  /** Estimate of the k-th smallest value (0-based); exact at the two ends. */
  private orderStatistic(k: number): number {
    if (k <= 0) return this.lo;
    if (k >= this.n - 1) return this.hi;
    let seen = 0;
    const neg = this.neg.counts;
    for (let i = neg.length - 1; i >= 0; i--) {
      seen += neg[i];
      if (seen > k) return clamp(-representative(this.neg.offset + i), this.lo, this.hi);
    }
    seen += this.zero;
    if (seen > k) return 0;
    const pos = this.pos.counts;
    for (let i = 0; i < pos.length; i++) {
      seen += pos[i];
      if (seen > k) return clamp(representative(this.pos.offset + i), this.lo, this.hi);
    }
    return this.hi;
  }

  toJSON(): SketchJSON {
    const json: SketchJSON = {
      m: MANTISSA_BITS,
      n: this.n,
      zero: this.zero,
      min: this.n > 0 ? this.lo : null,
      max: this.n > 0 ? this.hi : null,
    };
    const pos = this.pos.encode();
    const neg = this.neg.encode();
    if (pos.c.length > 0) json.pos = pos;
    if (neg.c.length > 0) json.neg = neg;
    return json;
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
    const total = s.zero + s.pos.total + s.neg.total;
    if (total !== s.n) throw new TypeError('QuantileSketch.fromJSON: bucket counts do not add up to n');
    return s;
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
