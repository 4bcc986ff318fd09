/** Bytes of a binary shard result: a growing writer, and unsigned LEB128 varints (exact up to 2^53). */

/** The most bytes a varint of this module takes (2^53 needs 8). */
export const MAX_VARINT_BYTES = 8;

export class ShardBytesWriter {
  /** The bytes written from 0 to `at`; a loop writing many bytes (side-runs.ts) writes here itself after room(), and moves `at`. */
  buffer: Uint8Array;
  at = 0;
  private view: DataView;

  constructor(initialBytes: number) {
    this.buffer = new Uint8Array(initialBytes);
    this.view = new DataView(this.buffer.buffer);
  }

  /** Starts again at the buffer's beginning. */
  reset(): void {
    this.at = 0;
  }

  /** Makes room for n more bytes: every write below assumes it was made (one check per batch of writes, not per byte). */
  room(n: number): void {
    if (this.at + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(2 * this.buffer.length, this.at + n));
    grown.set(this.buffer.subarray(0, this.at));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  byte(b: number): void {
    this.buffer[this.at++] = b;
  }

  bytes(bs: ArrayLike<number>): void {
    this.buffer.set(bs, this.at);
    this.at += bs.length;
  }

  uint32(x: number): void {
    this.view.setUint32(this.at, x, true);
    this.at += 4;
  }

  float64(x: number): void {
    this.view.setFloat64(this.at, x, true);
    this.at += 8;
  }

  /** A non-negative integer below 2^53 (at most MAX_VARINT_BYTES). */
  varint(x: number): void {
    const buffer = this.buffer;
    const at = this.at;
    if (x < 128 && x >= 0) {
      buffer[at] = x;
      this.at = at + 1;
      return;
    }
    if (!Number.isSafeInteger(x) || x < 0) throw new RangeError(`cannot write ${x} as a varint`);
    this.at = putVarint(buffer, at, x);
  }

  /** The bytes written (a copy of exactly their length). */
  result(): Uint8Array {
    return this.buffer.slice(0, this.at);
  }
}

/**
 * Writes the non-negative integer x (below 2^53) as a varint into buf from `at` (room made); returns
 * the index after it. The writer's varint, and loops that write many into its buffer (side-runs.ts).
 */
export function putVarint(buf: Uint8Array, at: number, x: number): number {
  while (x >= 128) {
    buf[at++] = (x % 128) | 128;
    x = Math.floor(x / 128);
  }
  buf[at++] = x;
  return at;
}

// decodeVarint() reports where the varint ended here rather than in an allocated tuple.
let end = 0;

/** The varint starting at bytes[at]; lastVarintEnd() is then the index after it. */
export function decodeVarint(bytes: Uint8Array, at: number): number {
  let x = 0;
  let scale = 1;
  for (let k = 0; k < MAX_VARINT_BYTES; k++) {
    if (at >= bytes.length) throw new TypeError('shard result: truncated varint');
    const b = bytes[at++];
    x += (b & 127) * scale;
    if (b < 128) {
      end = at;
      return x;
    }
    scale *= 128;
  }
  throw new TypeError('shard result: varint too long');
}

export function lastVarintEnd(): number {
  return end;
}
