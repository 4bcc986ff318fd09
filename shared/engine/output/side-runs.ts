/**
 * One sign's buckets of a grid's distribution (Side) in the binary shard result's form
 * (shard-result-binary.ts): written from the grid's cells, and merged into them, with no array of
 * the buckets' whole span in between. A young-family shard's buckets span about 1.2 million keys,
 * of which about 0.5 million are not empty: going through such an array (the JSON form's reading)
 * took about twice the time of the encoding or merge itself. The side's form (span, offset, single
 * count, runs, single values) is in shard-result-binary.ts's comment.
 */
import { LOW, MIXED, type Side } from './distribution-grid.js';
import { decodeVarint, lastVarintEnd, MAX_VARINT_BYTES, putVarint, type ShardBytesWriter } from './shard-bytes.js';

/** The largest run entry mergeRuns reads: 2^30, beyond any span of keys (2^17) and any count (a run has at most 10^5 paths). */
const MAX_RUN_ENTRY = 2 ** 30;

/** Writes the side's buckets, from its first non-empty one to its last, as the binary form holds them. */
export function writeSideRuns(w: ShardBytesWriter, side: Side): void {
  const first = side.firstNonEmpty();
  const last = side.lastNonEmpty(first);
  if (last < first) {
    w.room(1);
    w.varint(0);
    return;
  }
  const span = last - first + 1;
  const singles = singleCount(side, first, last);
  w.room(MAX_VARINT_BYTES * (3 + span) + (MAX_VARINT_BYTES + 8) * singles);
  w.varint(span);
  w.varint(side.offset + first);
  w.varint(singles);
  w.at = writeCounts(w.buffer, w.at, side, first, last);
  if (singles > 0) writeSingles(w, side, first, last);
}

/** Buckets first .. last's counts as run entries into buf from `at` (room made); returns the index after them. */
function writeCounts(buf: Uint8Array, at: number, side: Side, first: number, last: number): number {
  if (side.high !== null) return writeWideCounts(buf, at, side, first, last);
  const cells = side.cells;
  let i = first;
  while (i <= last) {
    const c = cells[i] & LOW;
    if (c !== 0) {
      // A count below 65: one byte.
      const x = 2 * (c - 1);
      if (x < 128) buf[at++] = x;
      else at = putVarint(buf, at, x);
      i++;
      continue;
    }
    // The last bucket is not empty: a run of empty ones ends before it.
    const start = i;
    do i++;
    while ((cells[i] & LOW) === 0);
    const x = 2 * (i - start - 1) + 1;
    if (x < 128) buf[at++] = x;
    else at = putVarint(buf, at, x);
  }
  return at;
}

/** writeCounts of a side with high counts (a few hundred of a young-family shard's two thousand). */
function writeWideCounts(buf: Uint8Array, at: number, side: Side, first: number, last: number): number {
  let i = first;
  while (i <= last) {
    const c = side.countAt(i);
    let x: number;
    if (c !== 0) {
      x = 2 * (c - 1);
      i++;
    } else {
      const start = i;
      do i++;
      while (side.countAt(i) === 0);
      x = 2 * (i - start - 1) + 1;
    }
    at = putVarint(buf, at, x);
  }
  return at;
}

/** How many of buckets first .. last have a single value (as readDense lists them: a number, in a non-empty bucket). */
function singleCount(side: Side, first: number, last: number): number {
  if (side.singles.length === 0) return 0;
  let n = 0;
  for (let i = first; i <= last; i++) if (isListed(side, i)) n++;
  return n;
}

function isListed(side: Side, i: number): boolean {
  const v = side.singles[i];
  return v === v && v !== Infinity && side.countAt(i) !== 0;
}

function writeSingles(w: ShardBytesWriter, side: Side, first: number, last: number): void {
  for (let i = first; i <= last; i++) {
    if (!isListed(side, i)) continue;
    w.varint(i - first);
    w.float64(side.singles[i]);
  }
}

/**
 * Whether bucket j, whose cell is 0, is empty: a single-valued bucket whose count is a multiple of
 * 128 has a cell of 0 too. An empty bucket's single value is NaN (buckets only fill), so it needs no
 * clearing when it becomes mixed.
 */
function isEmpty(side: Side, j: number): boolean {
  return side.high === null || side.high[j] === 0;
}

// mergeRuns() reports where the runs ended here rather than in an allocated tuple.
let runsEnd = 0;

/** The index after the runs the last mergeRuns read. */
export function lastRunsEnd(): number {
  return runsEnd;
}

/**
 * Adds another shard's counts of this sign, none with a single value, to the side's buckets from
 * key `offset` on, read from the runs at bytes[at]: each count goes from its byte into its cell,
 * and a run of empty buckets is one step. Returns the sum of the counts; lastRunsEnd() is then the
 * index after the runs.
 */
export function mergeRuns(side: Side, bytes: Uint8Array, at: number, offset: number, span: number): number {
  side.reserve(offset, offset + span - 1);
  const cells = side.cells;
  let j = offset - side.offset;
  const end = j + span;
  let total = 0;
  while (j < end) {
    // One byte for most entries: 2 (count - 1) for a count below 65, 2 (run - 1) + 1 for a shorter zero run.
    let x = bytes[at];
    if (x < 128) at++;
    else {
      x = decodeVarint(bytes, at);
      at = lastVarintEnd();
      // Larger than any span or count (the loop keeps small integers): refused as an overrun would be.
      if (x > MAX_RUN_ENTRY) break;
    }
    if ((x & 1) === 1) {
      j += (x >> 1) + 1;
      continue;
    }
    const k = (x >> 1) + 1;
    total += k;
    const c = cells[j];
    // The usual cases, which mergeBucket would leave mixed with a count below 128: a mixed bucket, or
    // an empty one (half the counts of a young-family merge land in buckets the held shard left empty).
    if ((c >= MIXED || (c === 0 && isEmpty(side, j))) && (c & LOW) + k <= LOW) cells[j] = MIXED + (c & LOW) + k;
    else side.mergeBucket(j, k, NaN);
    j++;
  }
  if (j !== end) throw new TypeError('shard result: bucket counts overrun their span');
  runsEnd = at;
  return total;
}
