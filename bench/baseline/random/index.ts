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

function murmurRound(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = rotl(k, 15);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = rotl(h, 13);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** MurmurHash3_x86_32 of four 32-bit words with the given hash seed. */
function hash4(a: number, b: number, c: number, d: number, hashSeed: number): number {
  let h = hashSeed | 0;
  h = murmurRound(h, a);
  h = murmurRound(h, b);
  h = murmurRound(h, c);
  h = murmurRound(h, d);
  h ^= 16; // input length in bytes
  return fmix32(h);
}

// Four unrelated hash seeds (fractional digits of sqrt(2), sqrt(3), sqrt(5), sqrt(7)).
const STATE_SEED_0 = 0x6a09e667;
const STATE_SEED_1 = 0xbb67ae85;
const STATE_SEED_2 = 0x3c6ef372;
const STATE_SEED_3 = 0xa54ff53a;

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
    const lo = seed >>> 0;
    const hi = Math.floor(seed / TWO_POW_32) >>> 0;
    const p = pathIndex >>> 0;
    const s = stream >>> 0;
    this.s0 = hash4(lo, hi, p, s, STATE_SEED_0) | 0;
    this.s1 = hash4(lo, hi, p, s, STATE_SEED_1) | 0;
    this.s2 = hash4(lo, hi, p, s, STATE_SEED_2) | 0;
    this.s3 = hash4(lo, hi, p, s, STATE_SEED_3) | 0;
    // The all-zero state is the generator's one fixed point; it has probability 2^-128.
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
    return this;
  }

  /** The next raw 32-bit output as a signed int32 (xoshiro128**). */
  nextInt32(): number {
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
    const t = s1 << 9;
    let s2 = this.s2 ^ this.s0;
    let s3 = this.s3 ^ s1;
    this.s1 = s1 ^ s2;
    this.s0 = this.s0 ^ s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    this.s2 = s2;
    this.s3 = s3;
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
    return this.normalSlow(hz, iz);
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
