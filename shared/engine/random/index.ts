/**
 * Random numbers for the simulation.
 *
 * Every stream is a xoshiro128** generator (period 2^128 - 1, 32-bit output, passes BigCrush)
 * whose 128-bit state is a hash of (seed, pathIndex, stream). A path's numbers are therefore a
 * pure function of those three values: they do not depend on how paths are split into shards,
 * on the order paths run in, or on which other streams exist (one stream per risk factor and
 * per member). The state words come from four differently-seeded MurmurHash3 passes over the
 * four input words, so nearby inputs (path 7 vs path 8, stream 1 vs stream 2) land on
 * unrelated points of the generator's cycle.
 *
 * Uniforms have 32 bits of resolution (enough for any probability the engine compares with);
 * normals come from a 128-layer ziggurat (Marsaglia and Tsang, 2000) that takes the layer
 * index and the value from disjoint bits of one 32-bit draw.
 */

const TWO_POW_32 = 4294967296;
const INV_TWO_POW_32 = 1 / TWO_POW_32;

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** MurmurHash3 (x86, 32-bit) finaliser: a bijection on uint32 with full avalanche. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** MurmurHash3's mix of one input block, which does not depend on the running hash. */
function mixBlock(k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = rotl(k, 15);
  return Math.imul(k, 0x1b873593);
}

/** MurmurHash3's step that takes one mixed block into the running hash. */
function absorb(h: number, mixed: number): number {
  h ^= mixed;
  h = rotl(h, 13);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/**
 * The end of MurmurHash3_x86_32 of four 32-bit words (seed low, seed high, path, stream): `h` has
 * absorbed the seed's two words, p and s are the path's and the stream's mixed blocks.
 */
function finishHash4(h: number, p: number, s: number): number {
  h = absorb(h, p);
  h = absorb(h, s);
  h ^= 16; // input length in bytes
  return fmix32(h);
}

// Four unrelated hash seeds (fractional digits of sqrt(2), sqrt(3), sqrt(5), sqrt(7)).
const STATE_SEEDS = Int32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a);
/** The four state words of a reset, before they go to the stream's fields. */
const STATE_WORDS = new Int32Array(4);

// ---- Ziggurat tables (128 layers; values carried as signed 25-bit integers). ----
const ZIG_R = 3.442619855899;
const ZIG_INV_R = 1 / ZIG_R;
const ZIG_V = 9.91256303526217e-3;
const ZIG_SCALE = 16777216; // 2^24: |value| < 2^24 after the 7 index bits are shifted out
const ZIG_K = new Float64Array(128);
const ZIG_W = new Float64Array(128);
const ZIG_F = new Float64Array(128);
{
  let dn = ZIG_R;
  let tn = dn;
  const q = ZIG_V / Math.exp(-0.5 * dn * dn);
  ZIG_K[0] = (dn / q) * ZIG_SCALE;
  ZIG_K[1] = 0;
  ZIG_W[0] = q / ZIG_SCALE;
  ZIG_W[127] = dn / ZIG_SCALE;
  ZIG_F[0] = 1;
  ZIG_F[127] = Math.exp(-0.5 * dn * dn);
  for (let i = 126; i >= 1; i--) {
    dn = Math.sqrt(-2 * Math.log(ZIG_V / dn + Math.exp(-0.5 * dn * dn)));
    ZIG_K[i + 1] = (dn / tn) * ZIG_SCALE;
    tn = dn;
    ZIG_F[i] = Math.exp(-0.5 * dn * dn);
    ZIG_W[i] = dn / ZIG_SCALE;
  }
}

/**
 * The slow path's normal passes through here: read back from a Float64Array, it is a raw double
 * to V8's optimiser. Returned straight from the call, it merged with the fast path's double into
 * a tagged value, and every normal drawn by an inlined normal() was boxed in a heap number
 * (docs/PERFORMANCE.md has what this saves).
 */
const SLOW = new Float64Array(1);

export class RandomStream {
  private s0 = 1;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(seed = 0, pathIndex = 0, stream = 0) {
    this.reset(seed, pathIndex, stream);
  }

  /**
   * Positions the stream at the start of the sequence for (seed, pathIndex, stream).
   * seed: non-negative safe integer; pathIndex: 0..2^32-1; stream: uint32.
   */
  reset(seed: number, pathIndex: number, stream: number): this {
    if (seed !== this.seed) this.absorbSeed(seed);
    const p = mixBlock(pathIndex >>> 0);
    const s = mixBlock(stream >>> 0);
    // One call site, so that V8 inlines the hash's end once rather than run out of its inlining
    // budget and box the returned words in heap numbers; an Int32Array holds them unboxed.
    const words = STATE_WORDS;
    for (let k = 0; k < 4; k++) words[k] = finishHash4(this.prefix[k], p, s);
    this.s0 = words[0];
    this.s1 = words[1];
    this.s2 = words[2];
    this.s3 = words[3];
    // The all-zero state is the generator's one fixed point; it has probability 2^-128.
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
    return this;
  }

  // The four state hashes after the seed's two words: a stream is reset for path after path with
  // one seed, so only the path's and the stream's words are hashed on each reset (half the work).
  private seed = NaN;
  private readonly prefix = new Int32Array(4);

  private absorbSeed(seed: number): void {
    const lo = mixBlock(seed >>> 0);
    const hi = mixBlock(Math.floor(seed / TWO_POW_32) >>> 0);
    for (let k = 0; k < 4; k++) this.prefix[k] = absorb(absorb(STATE_SEEDS[k], lo), hi);
    this.seed = seed;
  }

  /**
   * The next raw 32-bit output as a signed int32 (xoshiro128**). Written in few bytecodes (products
   * that stay below 2^53 truncated with | 0 for Math.imul, rotations as shifts) so that V8 inlines
   * it into every draw of a hot loop: at 144 bytes of bytecode it ran out of V8's inlining budget in
   * the life model, and each draw's int32, returned from a call, was boxed in a heap number half of
   * the time (a family's lives allocated 527 bytes per path).
   */
  nextInt32(): number {
    const s0 = this.s0;
    const s1 = this.s1;
    const x = (s1 * 5) | 0;
    const result = (((x << 7) | (x >>> 25)) * 9) | 0;
    const s2 = this.s2 ^ s0;
    const s3 = this.s3 ^ s1;
    this.s0 = s0 ^ s3;
    this.s1 = s1 ^ s2;
    this.s2 = s2 ^ (s1 << 9);
    this.s3 = (s3 << 11) | (s3 >>> 21);
    return result;
  }

  /** Uniform on the open interval (0, 1): (k + 1/2) / 2^32 for a uniform 32-bit k. */
  uniform(): number {
    return (this.nextInt32() >>> 0) * INV_TWO_POW_32 + 0.5 * INV_TWO_POW_32;
  }

  /** Standard normal (ziggurat). */
  normal(): number {
    const bits = this.nextInt32();
    const iz = bits & 127;
    const hz = bits >> 7;
    if (Math.abs(hz) < ZIG_K[iz]) return hz * ZIG_W[iz];
    SLOW[0] = this.normalSlow(hz, iz);
    return SLOW[0];
  }

  private normalSlow(hz: number, iz: number): number {
    for (;;) {
      if (iz === 0) {
        // Tail beyond R (Marsaglia's exponential rejection).
        let x: number;
        let y: number;
        do {
          x = -Math.log(this.uniform()) * ZIG_INV_R;
          y = -Math.log(this.uniform());
        } while (y + y < x * x);
        return hz > 0 ? ZIG_R + x : -ZIG_R - x;
      }
      const x = hz * ZIG_W[iz];
      if (ZIG_F[iz] + this.uniform() * (ZIG_F[iz - 1] - ZIG_F[iz]) < Math.exp(-0.5 * x * x)) return x;
      const bits = this.nextInt32();
      iz = bits & 127;
      hz = bits >> 7;
      if (Math.abs(hz) < ZIG_K[iz]) return hz * ZIG_W[iz];
    }
  }
}

/**
 * A stable uint32 identifier of a stream name (FNV-1a over UTF-16 code units, then the murmur
 * finaliser), e.g. streamId('life:mortality:' + memberId). Stable across releases: changing it
 * would change every simulated path.
 */
export function streamId(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

/** A fresh random seed (from the platform's cryptographic generator): a non-negative safe integer. */
export function randomSeed(): number {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  return (words[0] & 0x1fffff) * TWO_POW_32 + words[1];
}
