/**
 * A shard result's compact binary form (version 1), what a shard stores for the fan-in: a fifth of
 * the bytes of its JSON, and written and read without building or parsing text for the sketches.
 *
 *   bytes 0..3   "HSR" and the format version (1)
 *   bytes 4..7   H, uint32 little-endian: the head's length
 *   next H bytes the head: UTF-8 JSON of the shard result without its distributions (ShardHead)
 *   then         the distributions, in ShardPart's order (depletion age, terminal estate,
 *                series[metric][view][year], economy[factor][year], annualised[factor]), each:
 *                  n, zero                                   varints
 *                  flags                                     1 byte: 1 whole, 2 has min and max
 *                  min, max                                  float64 (only with flag 2)
 *                  unit                                      float64
 *                  partial count, then the partials           varint, float64 each
 *                  the positive side's buckets, then the negative side's, each:
 *                    span                                    varint (0: no buckets, nothing follows)
 *                    offset (first bucket's key), single count  varints
 *                    counts, zero runs as one entry          varints: 2 (count - 1), or 2 (run - 1) + 1
 *                    single values                           per one: varint index from offset, float64
 *
 * Varints are unsigned LEB128 (7 bits a byte, low first); float64s little-endian. Most bucket
 * counts of a shard are below 64 and take one byte.
 */
import { decodeVarint, lastVarintEnd, MAX_VARINT_BYTES, ShardBytesWriter } from './shard-bytes.js';
import { HeldShard } from './held-shard.js';
import type { DistributionGrid } from './distribution-grid.js';
import { lastRunsEnd, mergeRuns, writeSideRuns } from './side-runs.js';
import {
  type DenseDistribution,
  distributionCount,
  emptyDistribution,
  JsonShardPart,
  type ShardHead,
  type ShardPart,
} from './shard-part.js';
import { type DenseBuckets, zeroedCounts } from '../stats/index.js';
import type { ShardResult } from './shard-result.js';

const MAGIC = [0x48, 0x53, 0x52]; // "HSR"
export const SHARD_RESULT_FORMAT = 1;
const WHOLE = 1;
const HAS_RANGE = 2;

/** Whether `bytes` hold a shard result in the binary form this module reads. */
export function isShardResultBytes(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && bytes[0] === MAGIC[0] && bytes[1] === MAGIC[1] && bytes[2] === MAGIC[2] && bytes[3] === SHARD_RESULT_FORMAT;
}

/** The writer's buffer, kept between calls: a worker encodes one result at a time, and each result is copied out. */
let writer: ShardBytesWriter | undefined;

/**
 * The binary form of a shard result (see the module's comment): of its JSON, or of a result held in
 * memory (HeldShard), written from its accumulator's own arrays without building the JSON.
 */
export function encodeShardResult(result: ShardResult | HeldShard): Uint8Array {
  const part: ShardPart = result instanceof HeldShard ? result.part() : new JsonShardPart(result);
  const w = (writer ??= new ShardBytesWriter(1 << 20));
  w.reset();
  const headBytes = new TextEncoder().encode(JSON.stringify(part.head));
  w.room(8 + headBytes.length);
  w.bytes(MAGIC);
  w.byte(SHARD_RESULT_FORMAT);
  w.uint32(headBytes.length);
  w.bytes(headBytes);
  for (let k = distributionCount(part.head.years); k > 0; k--) {
    const inGrid = part.nextInGrid?.();
    if (inGrid) writeGridDistribution(w, inGrid.grid, inGrid.d);
    else writeDistribution(w, part.nextDistribution());
  }
  return w.result();
}

function writeDistribution(w: ShardBytesWriter, d: DenseDistribution): void {
  writeScalars(w, d);
  writeSide(w, d.pos);
  writeSide(w, d.neg);
}

/** A distribution a grid holds, its buckets written from its cells (side-runs.ts): the bytes writeDistribution writes of readDense. */
function writeGridDistribution(w: ShardBytesWriter, grid: DistributionGrid, d: number): void {
  writeScalars(w, grid.readScalars(d, gridScalars));
  writeSideRuns(w, grid.side(d, false));
  writeSideRuns(w, grid.side(d, true));
}

/** What writeGridDistribution reads of a distribution besides its buckets (whose arrays stay empty). */
const gridScalars = emptyDistribution();

/** The values of a distribution before its buckets: n, zero, flags, extremes, unit, partials. */
function writeScalars(w: ShardBytesWriter, d: DenseDistribution): void {
  w.room(3 * MAX_VARINT_BYTES + 1 + 8 * (3 + d.partialCount));
  w.varint(d.n);
  w.varint(d.zero);
  const ranged = Number.isFinite(d.min) && Number.isFinite(d.max);
  w.byte((d.whole ? WHOLE : 0) | (ranged ? HAS_RANGE : 0));
  if (ranged) {
    w.float64(d.min);
    w.float64(d.max);
  }
  w.float64(d.unit);
  w.varint(d.partialCount);
  for (let k = 0; k < d.partialCount; k++) w.float64(d.partials[k]);
}

function writeSide(w: ShardBytesWriter, b: DenseBuckets): void {
  if (b.span === 0) {
    w.room(1);
    w.varint(0);
    return;
  }
  w.room(MAX_VARINT_BYTES * (3 + b.span) + (MAX_VARINT_BYTES + 8) * b.singleCount);
  w.varint(b.span);
  w.varint(b.offset);
  w.varint(b.singleCount);
  const c = b.counts;
  for (let i = 0; i < b.span; ) {
    if (c[i] > 0) {
      w.varint(2 * (c[i] - 1));
      i++;
      continue;
    }
    let run = 0;
    while (i < b.span && c[i] === 0) {
      run++;
      i++;
    }
    w.varint(2 * (run - 1) + 1);
  }
  for (let k = 0; k < 2 * b.singleCount; k += 2) {
    w.varint(b.singles[k]);
    w.float64(b.singles[k + 1]);
  }
}

/** A shard result's binary form read as a ShardPart, straight into reused arrays (no JSON, no objects per distribution). */
export class BinaryShardPart implements ShardPart {
  readonly head: ShardHead;
  private readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at: number;
  private left: number;
  private readonly out = emptyDistribution();

  constructor(bytes: Uint8Array) {
    if (!isShardResultBytes(bytes)) throw new TypeError(`not a shard result of binary format ${SHARD_RESULT_FORMAT}`);
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const headLength = this.view.getUint32(4, true);
    this.head = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headLength))) as ShardHead;
    this.at = 8 + headLength;
    this.left = distributionCount(this.head.years);
  }

  nextDistribution() {
    const out = this.readScalars();
    this.readSide(out.pos);
    this.readSide(out.neg);
    this.checkEnd();
    return out;
  }

  /**
   * Merges the next distribution into distribution d of `grid`, as grid.mergeDense(d, nextDistribution())
   * does, to the same bits: a side without single values (nearly all) is added from its runs straight
   * into the grid's cells (side-runs.ts), not read into an array of its whole span first.
   */
  mergeNextInto(grid: DistributionGrid, d: number): void {
    const out = this.readScalars();
    grid.checkUnit(out.unit);
    const pos = this.mergeSide(grid, d, false, out.pos);
    const neg = this.mergeSide(grid, d, true, out.neg);
    grid.mergeRest(d, out, pos + neg);
    this.checkEnd();
  }

  /** The next distribution's values before its buckets (n, zero, flags, extremes, unit, partials) into `out`; returns `out`. */
  private readScalars(): DenseDistribution {
    if (this.left-- <= 0) throw new TypeError('shard result: no distribution left');
    const out = this.out;
    out.n = this.varint();
    out.zero = this.varint();
    const flags = this.bytes[this.at++];
    out.whole = (flags & WHOLE) !== 0;
    out.min = (flags & HAS_RANGE) !== 0 ? this.float64() : Infinity;
    out.max = (flags & HAS_RANGE) !== 0 ? this.float64() : -Infinity;
    out.unit = this.float64();
    const partialCount = this.varint();
    const partials =
      out.partials instanceof Float64Array && out.partials.length >= partialCount ? out.partials : new Float64Array(partialCount + 4);
    for (let k = 0; k < partialCount; k++) partials[k] = this.float64();
    out.partials = partials;
    out.partialCount = partialCount;
    return out;
  }

  private checkEnd(): void {
    if (this.left === 0 && this.at !== this.bytes.length) throw new TypeError('shard result: bytes left over');
  }

  /**
   * One side's buckets merged into distribution d's (returns the sum of their counts): from the runs,
   * or read into `into` first when the side has single values.
   */
  private mergeSide(grid: DistributionGrid, d: number, negative: boolean, into: DenseBuckets): number {
    const start = this.at;
    const span = this.varint();
    if (span === 0) return 0;
    const offset = this.varint();
    if (this.varint() > 0) {
      this.at = start;
      this.readSide(into);
      return grid.side(d, negative).mergeDense(into);
    }
    const total = mergeRuns(grid.side(d, negative), this.bytes, this.at, offset, span);
    this.at = lastRunsEnd();
    return total;
  }

  private readSide(into: DenseBuckets): void {
    const span = this.varint();
    into.span = span;
    into.singleCount = 0;
    if (span === 0) return;
    into.offset = this.varint();
    const singleCount = this.varint();
    const counts = zeroedCounts(into.counts, span);
    const bytes = this.bytes;
    let at = this.at;
    let i = 0;
    while (i < span) {
      // One byte for most entries: a count below 65 or a zero run below 65.
      let x = bytes[at];
      if (x < 128) at++;
      else {
        x = decodeVarint(bytes, at);
        at = lastVarintEnd();
      }
      if (x % 2 === 0) counts[i++] = x / 2 + 1;
      else i += (x - 1) / 2 + 1;
    }
    this.at = at;
    if (i !== span || at > bytes.length) throw new TypeError('shard result: bucket counts overrun their span');
    const singles =
      into.singles instanceof Float64Array && into.singles.length >= 2 * singleCount ? into.singles : new Float64Array(2 * singleCount + 8);
    for (let k = 0; k < 2 * singleCount; k += 2) {
      singles[k] = this.varint();
      singles[k + 1] = this.float64();
    }
    into.counts = counts;
    into.singles = singles;
    into.singleCount = singleCount;
  }

  private varint(): number {
    const x = decodeVarint(this.bytes, this.at);
    this.at = lastVarintEnd();
    return x;
  }

  private float64(): number {
    if (this.at + 8 > this.bytes.length) throw new TypeError('shard result: truncated');
    const x = this.view.getFloat64(this.at, true);
    this.at += 8;
    return x;
  }
}
