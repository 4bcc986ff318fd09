import { ExactSum, encodeSingleValues, quantilesOf, SKETCH_MANTISSA_BITS, zeroedCounts } from '../stats/index.js';
import type { BucketReader, DenseBuckets, SketchJSON } from '../stats/index.js';
import type { DenseDistribution } from './dense-distribution.js';
import type { DistributionJson, MergedDistribution, SketchReading } from './shard-result.js';

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
/**
 * Values below this many units in magnitude round by roundHalfUp and go to the plain accumulator
 * (their rounding stays below DIRECT_LIMIT).
 */
const ROUND_FAST_LIMIT = 2 ** 40;
/** 1.5 * 2^52: adding it to a double of magnitude below 2^51 leaves a sum whose unit in the last place is 1. */
const ROUNDER = 1.5 * 2 ** 52;
const SETTLE_EVERY = 2 ** 11;
const EMPTY = new Uint8Array(0);
const NO_SINGLES = new Float64Array(0);

/**
 * A bucket's cell (one byte): its count modulo 128 in the low seven bits, and MIXED in the top bit
 * once the bucket has no single value (its values differ, or its first had more than two decimals).
 * The flag lives beside the count so that counting a value touches one byte: most values are
 * computed amounts (balances after a return) whose bucket is MIXED at once, and they never read
 * the bucket's single value, an array eight times the size of the counts, which missed the cache
 * while it was read for every value (the largest single cost of recording a young-family shard).
 */
export const MIXED = 128;
export const LOW = 127;
/** A cell whose count wraps: it carries 128 into the high counts. */
const FULL = MIXED | LOW;

/**
 * Math.round(x) for |x| < 2^51, computed without Math.round, which V8 runs slower
 * (docs/PERFORMANCE.md): x + ROUNDER - ROUNDER is x rounded to an integer, ties to even, and a tie
 * that went down is moved up, as Math.round moves ties towards +Infinity.
 */
function roundHalfUp(x: number): number {
  const k = x + ROUNDER - ROUNDER;
  return x - k === 0.5 ? k + 1 : k;
}

/**
 * Whether v may be a bucket's single value: an amount with at most two decimals, as a plan states
 * it. This is QuantileSketch's test (`nextSingle`: Math.round(v * 100) / 100 === v) with the
 * rounding done by roundHalfUp where that is exact. A bucket's first value takes this test, and a
 * young-family shard fills about half a million buckets: with Math.round, `addBatch` took about a
 * tenth longer there.
 */
function isPlainAmount(v: number): boolean {
  const y = v * 100;
  const rounded = y < ROUND_FAST_LIMIT && y > -ROUND_FAST_LIMIT ? roundHalfUp(y) : Math.round(y);
  return rounded / 100 === v;
}

/**
 * The buckets of one sign of one distribution: a cell per bucket (count modulo 128 and MIXED),
 * the counts' high parts for the few distributions that need them, and per bucket its single value,
 * NaN for none, as QuantileSketch keeps them (allocated when the first single value arrives: most
 * distributions never have one).
 */
export class Side implements BucketReader {
  cells: Uint8Array = EMPTY;
  high: Uint32Array | null = null;
  singles: Float64Array = NO_SINGLES;
  offset = 0;

  /** A copy that shares nothing with this one. */
  clone(): Side {
    const s = new Side();
    s.cells = this.cells.slice();
    s.high = this.high?.slice() ?? null;
    s.singles = this.singles.slice();
    s.offset = this.offset;
    return s;
  }

  /** Counts v in bucket j, outside the usual case (a MIXED cell that does not wrap). */
  countSlow(j: number, v: number): void {
    const c = this.cells[j];
    if (c === FULL) this.carry(j, MIXED, 1);
    else if (c >= MIXED) this.cells[j] = c + 1;
    else this.countOwn(j, v, 1);
  }

  /** Counts n copies of v in bucket j. */
  countMany(j: number, v: number, n: number): void {
    const c = this.cells[j];
    if (c >= MIXED) this.add(j, MIXED, (c & LOW) + n);
    else this.countOwn(j, v, n);
  }

  /** n values v into a bucket that is not MIXED: its first (a plain amount becomes its single value), or more. */
  private countOwn(j: number, v: number, n: number): void {
    const c = this.cells[j];
    const empty = c === 0 && (this.high === null || this.high[j] === 0);
    let flag = 0;
    if (empty && isPlainAmount(v)) this.singleValues()[j] = v;
    else if (empty || this.singles[j] !== v) {
      flag = MIXED;
      if (this.singles.length > 0) this.singles[j] = NaN;
    }
    this.add(j, flag, c + n);
  }

  /** Sets bucket j's cell to flag and the low seven bits of `count`, carrying the rest into the high counts. */
  private add(j: number, flag: number, count: number): void {
    this.cells[j] = flag | (count & LOW);
    if (count > LOW) this.carry(j, flag | (count & LOW), count >>> 7);
  }

  /** Bucket j's count wrapped `times` times: 128 each in the high counts; its cell becomes `cell`. */
  private carry(j: number, cell: number, times: number): void {
    this.cells[j] = cell;
    const h = (this.high ??= new Uint32Array(this.cells.length));
    h[j] += times;
  }

  private singleValues(): Float64Array {
    if (this.singles.length === 0) this.singles = new Float64Array(this.cells.length).fill(NaN);
    return this.singles;
  }

  /** Widens the buckets to hold `key`, with their high counts and single values; returns key's index. */
  widen(key: number): number {
    this.cells = grow(this.cells, this.offset, key);
    this.moveSideArrays(lastOffset);
    return key - lastOffset;
  }

  /**
   * Widens the buckets to hold keys first .. last, exactly: a merge's, after which no values are
   * added (one allocation, of no more than the merge needs).
   */
  reserve(first: number, last: number): void {
    if (this.cells.length === 0) {
      this.cells = new Uint8Array(last - first + 1);
      this.offset = first;
      return;
    }
    const end = this.offset + this.cells.length;
    if (first >= this.offset && last < end) return;
    const offset = Math.min(first, this.offset);
    const cells = new Uint8Array(Math.max(last + 1, end) - offset);
    cells.set(this.cells, this.offset - offset);
    this.cells = cells;
    this.moveSideArrays(offset);
  }

  /** The high counts and single values moved to the cells' new range, which starts at key `offset`. */
  private moveSideArrays(offset: number): void {
    const shift = this.offset - offset;
    if (this.high !== null) {
      const wide = new Uint32Array(this.cells.length);
      wide.set(this.high, shift);
      this.high = wide;
    }
    if (this.singles.length > 0) {
      const wide = new Float64Array(this.cells.length).fill(NaN);
      wide.set(this.singles, shift);
      this.singles = wide;
    }
    this.offset = offset;
  }

  /** Bucket i's full count. */
  countAt(i: number): number {
    return (this.cells[i] & LOW) + (this.high !== null ? 128 * this.high[i] : 0);
  }

  get length(): number {
    return this.cells.length;
  }

  scan(i: number, step: 1 | -1, seen: Float64Array, rank: number): number {
    const cells = this.cells;
    const high = this.high;
    if (high !== null) {
      let n = seen[0];
      for (; i >= 0 && i < cells.length; i += step) {
        n += (cells[i] & LOW) + 128 * high[i];
        if (n > rank) break;
      }
      seen[0] = n;
      return i;
    }
    // Without high counts the buckets hold fewer than 2^24 values (2^17 buckets of at most 127):
    // they are summed as small integers rather than into a double. The output's quantile walks cover
    // most of every distribution's buckets, and building a young-family output took an eighth less.
    const room = rank - seen[0];
    let n = 0;
    for (; i >= 0 && i < cells.length; i += step) {
      n += cells[i] & LOW;
      if (n > room) break;
    }
    seen[0] += n;
    return i;
  }

  /** Bucket i's single value, NaN for none (as the sketch reads a non-empty bucket). */
  singleAt(i: number): number {
    return this.cells[i] < MIXED && this.singles.length > 0 ? this.singles[i] : NaN;
  }

  /**
   * Index of the first non-empty bucket (length when none): where the JSON form's buckets start.
   * The cells' ends are mostly room left for values to come (a young-family shard's 1.9 million
   * cells hold buckets over 1.2 million keys), so this reads the cells alone where it can.
   */
  firstNonEmpty(): number {
    const cells = this.cells;
    let i = 0;
    if (this.high === null) while (i < cells.length && (cells[i] & LOW) === 0) i++;
    else while (i < cells.length && this.countAt(i) === 0) i++;
    return i;
  }

  /** Index of the last non-empty bucket from `first` on (first - 1 when none): where the JSON form's buckets end. */
  lastNonEmpty(first: number): number {
    const cells = this.cells;
    let i = cells.length - 1;
    if (this.high === null) while (i >= first && (cells[i] & LOW) === 0) i--;
    else while (i >= first && this.countAt(i) === 0) i--;
    return i;
  }

  /** These buckets as plain arrays (their JSON form's: from the first non-empty bucket to the last) into `into`. */
  readDense(into: DenseBuckets): void {
    const first = this.firstNonEmpty();
    const last = this.lastNonEmpty(first);
    const span = last - first + 1;
    into.span = span;
    into.singleCount = 0;
    if (span <= 0) {
      into.span = 0;
      return;
    }
    into.offset = this.offset + first;
    const counts = zeroedCounts(into.counts, span);
    for (let i = 0; i < span; i++) counts[i] = this.countAt(first + i);
    into.counts = counts;
    if (this.singles.length === 0) return;
    let singles = into.singles instanceof Float64Array ? into.singles : new Float64Array(0);
    let listed = 0;
    for (let i = 0; i < span; i++) {
      const v = this.singles[first + i];
      if (v !== v || v === Infinity || counts[i] === 0) continue;
      if (listed + 2 > singles.length) {
        const wider = new Float64Array(Math.max(16, 2 * singles.length));
        wider.set(singles.subarray(0, listed));
        singles = wider;
      }
      singles[listed++] = i;
      singles[listed++] = v;
    }
    into.singles = singles;
    into.singleCount = listed / 2;
  }

  /**
   * Adds another sketch's buckets of this sign (as plain arrays) into these, as QuantileSketch's
   * mergeDense adds them to its own (a bucket keeps its single value only if both sides had that
   * one); returns the sum of the counts added.
   */
  mergeDense(b: DenseBuckets): number {
    if (b.span === 0) return 0;
    if (!Number.isInteger(b.offset) || b.offset < 0) throw new TypeError('shard result: bad bucket offset');
    this.reserve(b.offset, b.offset + b.span - 1);
    const base = b.offset - this.offset;
    const from = b.counts;
    const values = b.singles;
    const listed = 2 * b.singleCount;
    let next = 0;
    let total = 0;
    for (let i = 0; i < b.span; i++) {
      const k = from[i];
      if (k === 0) continue;
      total += k;
      let theirs = NaN;
      if (next < listed && values[next] === i) {
        theirs = values[next + 1];
        if (!Number.isFinite(theirs) || theirs === 0) throw new TypeError('shard result: bad bucket value');
        next += 2;
      }
      const j = base + i;
      const c = this.cells[j];
      // The usual case: a mixed bucket on both sides whose count does not wrap.
      if (c >= MIXED && theirs !== theirs && (c & LOW) + k <= LOW) this.cells[j] = c + k;
      else this.mergeBucket(j, k, theirs);
    }
    if (next !== listed) throw new TypeError('shard result: bad bucket value');
    return total;
  }

  /** Adds k values to bucket j from a bucket whose single value is `theirs` (NaN for none). */
  mergeBucket(j: number, k: number, theirs: number): void {
    const c = this.cells[j];
    const high = this.high === null ? 0 : this.high[j];
    const had = (c & LOW) + 128 * high;
    let flag = MIXED;
    if (had === 0 && theirs === theirs) {
      this.singleValues()[j] = theirs;
      flag = 0;
    } else if (had !== 0 && c < MIXED && this.singles[j] === theirs) flag = 0;
    else if (this.singles.length > 0) this.singles[j] = NaN;
    const count = had + k;
    this.cells[j] = flag | (count % 128);
    const up = Math.floor(count / 128);
    if (up !== high) (this.high ??= new Uint32Array(this.cells.length))[j] = up;
  }
}

/**
 * A fixed number of distributions (quantile sketch + exact fixed-point sum each), stored flat:
 * per distribution the buckets of each sign (`Side`), and its zero count, min, max and running sum
 * in typed arrays indexed by the distribution. Values arrive in batches (`addBatch`), whose loop
 * keeps the distribution's state in locals: no objects, no calls per value in the usual case. The
 * JSON of each distribution is exactly a QuantileSketch's and a FixedPointSum's for the same
 * values, so merging and the output read it unchanged.
 *
 * Counts are kept in bytes (see MIXED), so that the buckets of many distributions stay in cache:
 * a byte that wraps carries 128 into a 32-bit array of high counts, allocated for the few
 * distributions that need it (a distribution takes at most one value per path, and a shard holds
 * fewer than 2^32 paths). Each distribution also keeps whether every value was whole, as
 * QuantileSketch does.
 */
export class DistributionGrid {
  private readonly pos: Side[];
  private readonly neg: Side[];
  private readonly whole: Uint8Array;
  private readonly zero: Float64Array;
  private readonly lo: Float64Array;
  private readonly hi: Float64Array;
  private readonly acc: Float64Array;
  private readonly pending: Int32Array;
  /** Values taken, per distribution (the sketch's n, kept so that reading it does not walk the buckets). */
  private readonly counted: Float64Array;
  private readonly exact: (ExactSum | null)[];
  private readonly perUnit: number;

  constructor(
    readonly size: number,
    readonly unit: number,
  ) {
    this.pos = Array.from({ length: size }, () => new Side());
    this.neg = Array.from({ length: size }, () => new Side());
    this.whole = new Uint8Array(size).fill(1);
    this.zero = new Float64Array(size);
    this.lo = new Float64Array(size).fill(Infinity);
    this.hi = new Float64Array(size).fill(-Infinity);
    this.acc = new Float64Array(size);
    this.pending = new Int32Array(size);
    this.counted = new Float64Array(size);
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
    if (same === end) {
      this.addRepeated(d, first, n);
      return;
    }
    this.pending[d] += n;
    this.counted[d] += n;
    const perUnit = this.perUnit;
    const pos = this.pos[d];
    const neg = this.neg[d];
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
      const x = v * perUnit;
      if (x < ROUND_FAST_LIMIT && x > -ROUND_FAST_LIMIT) acc += roundHalfUp(x);
      else acc += this.addLarge(d, Math.round(x));
      const side = word >>> 31 === 0 ? pos : neg;
      let j = key - side.offset;
      if (j < 0 || j >= side.cells.length) j = side.widen(key);
      // The usual case, one byte read and written: a bucket whose values already differ.
      const c = side.cells[j];
      if (c >= MIXED && c < FULL) side.cells[j] = c + 1;
      else side.countSlow(j, v);
    }
    this.lo[d] = lo;
    this.hi[d] = hi;
    this.acc[d] = acc;
    this.whole[d] = whole;
    this.zero[d] += zeros;
  }

  /** Adds n copies of v to distribution d: the same as `addBatch` of n values equal to v. */
  addCopies(d: number, v: number, n: number): void {
    for (let at = 0; at < n; at += SETTLE_EVERY) {
      const m = Math.min(SETTLE_EVERY, n - at);
      if (this.pending[d] + m > SETTLE_EVERY) this.settle(d);
      this.addRepeated(d, v, m);
    }
  }

  /** Adds n copies of v to distribution d (whose pending count has room for them). */
  private addRepeated(d: number, v: number, n: number): void {
    this.pending[d] += n;
    this.counted[d] += n;
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
    const side = word >>> 31 === 0 ? this.pos[d] : this.neg[d];
    let j = key - side.offset;
    if (j < 0 || j >= side.cells.length) j = side.widen(key);
    side.countMany(j, v, n);
  }

  /**
   * A value of k units beyond ROUND_FAST_LIMIT: returns it for the plain accumulator while that stays
   * exact, else adds it to the exact sum and returns 0.
   */
  private addLarge(d: number, k: number): number {
    if (k < DIRECT_LIMIT && k > -DIRECT_LIMIT) return k;
    this.exactSum(d).add(k);
    return 0;
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
    this.pos[to] = this.pos[from].clone();
    this.neg[to] = this.neg[from].clone();
    this.whole[to] = this.whole[from];
    this.zero[to] = this.zero[from];
    this.lo[to] = this.lo[from];
    this.hi[to] = this.hi[from];
    this.acc[to] = this.acc[from];
    this.pending[to] = this.pending[from];
    this.counted[to] = this.counted[from];
    const exact = this.exact[from];
    this.exact[to] = exact === null ? null : ExactSum.fromJSON(exact.toJSON());
  }

  count(d: number): number {
    return this.counted[d];
  }

  /**
   * Adds another shard's distribution (as plain arrays, ShardPart) into distribution d, in place:
   * its counts, extremes and exact sum are then those of the merge of both (the fan-in's merge
   * into the completing shard's own grid). Values added after a merge are not supported.
   */
  mergeDense(d: number, part: DenseDistribution): void {
    this.checkUnit(part.unit);
    this.mergeRest(d, part, this.pos[d].mergeDense(part.pos) + this.neg[d].mergeDense(part.neg));
  }

  /** Refuses another shard's distribution in another unit (its sums would not add). */
  checkUnit(unit: number): void {
    if (unit !== this.unit) throw new TypeError('shard result: distributions of different units');
  }

  /** Distribution d's buckets of one sign (for the binary form's reader and writer, side-runs.ts). */
  side(d: number, negative: boolean): Side {
    return negative ? this.neg[d] : this.pos[d];
  }

  /**
   * The rest of a merge into distribution d once both signs' buckets are in (`bucketTotal` their
   * counts): the zero count, n, extremes, whole flag and exact sum of `part` (whose buckets are not read).
   */
  mergeRest(d: number, part: DenseDistribution, bucketTotal: number): void {
    if (part.zero + bucketTotal !== part.n) throw new TypeError('shard result: bucket counts do not add up to n');
    this.zero[d] += part.zero;
    this.counted[d] += part.n;
    if (part.min < this.lo[d]) this.lo[d] = part.min;
    if (part.max > this.hi[d]) this.hi[d] = part.max;
    if (!part.whole) this.whole[d] = 0;
    this.settle(d);
    if (part.partialCount === 0) return;
    const sum = this.exactSum(d);
    for (let k = 0; k < part.partialCount; k++) sum.add(part.partials[k]);
  }

  /** QuantileSketch.quantiles of distribution d, read from the grid's own arrays, to the same bits. */
  quantiles(d: number, qs: readonly number[]): number[] {
    return quantilesOf(
      {
        n: this.counted[d],
        zero: this.zero[d],
        lo: this.lo[d],
        hi: this.hi[d],
        whole: this.whole[d] === 1,
        pos: this.pos[d],
        neg: this.neg[d],
      },
      qs,
    );
  }

  /** Distribution d as the output reads a merged one: a view of its buckets, and its exact sum (the grid's own). */
  merged(d: number): MergedDistribution {
    this.settle(d);
    return { sketch: new GridSketch(this, d), sum: this.exactSum(d), unit: this.unit };
  }

  toJSON(d: number): DistributionJson {
    const pos = encodeCounts(this.pos[d]);
    const neg = encodeCounts(this.neg[d]);
    const n = this.counted[d];
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
    return { sketch, sum: this.total(d).toJSON(), unit: this.unit };
  }

  /** Distribution d as plain values and arrays (ShardPart's form, the same as reading its JSON) into `out`; returns `out`. */
  readDense(d: number, out: DenseDistribution): DenseDistribution {
    this.readScalars(d, out);
    this.pos[d].readDense(out.pos);
    this.neg[d].readDense(out.neg);
    return out;
  }

  /** readDense without the buckets (`out`'s are left as they are): n, zero, extremes, whole flag, unit and partials. */
  readScalars(d: number, out: DenseDistribution): DenseDistribution {
    const n = this.counted[d];
    out.n = n;
    out.zero = this.zero[d];
    out.min = n > 0 ? this.lo[d] : Infinity;
    out.max = n > 0 ? this.hi[d] : -Infinity;
    out.whole = this.whole[d] === 1;
    out.unit = this.unit;
    const total = this.total(d, scratchTotal).partials();
    // Copied into out's own array: a merge reads the distributions of several parts at once.
    const partials =
      out.partials instanceof Float64Array && out.partials.length >= total.length ? out.partials : new Float64Array(total.length + 4);
    partials.set(total);
    out.partials = partials;
    out.partialCount = total.length;
    return out;
  }

  /** Distribution d's exact sum, in units, into `into` (a new ExactSum unless given; the grid's own is not changed). */
  private total(d: number, into = new ExactSum()): ExactSum {
    into.clear();
    const exact = this.exact[d];
    if (exact !== null) into.merge(exact);
    into.add(this.acc[d]);
    return into;
  }
}

/** Distribution d of a grid read as a sketch, from the grid's arrays (no sketch of its own is built). */
class GridSketch implements SketchReading {
  constructor(
    private readonly grid: DistributionGrid,
    private readonly d: number,
  ) {}

  get count(): number {
    return this.grid.count(this.d);
  }

  quantiles(qs: readonly number[]): number[] {
    return this.grid.quantiles(this.d, qs);
  }

  quantile(q: number): number {
    return this.quantiles([q])[0];
  }

  toJSON(): SketchJSON {
    return this.grid.toJSON(this.d).sketch;
  }
}

/**
 * One sign's full counts in the sketch's JSON form, exactly as encodeBucketCounts writes them,
 * straight from the cells and high counts (no intermediate array of the whole range).
 */
function encodeCounts(side: Side): { o: number; c: number[]; v?: number[] } {
  const first = side.firstNonEmpty();
  const last = side.lastNonEmpty(first);
  const out: number[] = [];
  for (let i = first; i <= last; i++) {
    const c = side.countAt(i);
    if (c !== 0) out.push(c);
    else if (out[out.length - 1] < 0) out[out.length - 1]--;
    else out.push(-1);
  }
  const json: { o: number; c: number[]; v?: number[] } = { o: side.offset + first, c: out };
  // Most distributions have no single value at all: their buckets are not read again.
  const v = side.singles.length > 0 ? encodeSingleValues((i) => side.countAt(i), side.singles, first, last) : [];
  if (v.length > 0) json.v = v;
  return json;
}

/** readScalars' exact sum, reused (its partials are copied out). */
const scratchTotal = new ExactSum();

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
