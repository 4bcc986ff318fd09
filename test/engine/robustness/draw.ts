import { RandomStream } from '../../../shared/engine/random/index.js';

/** Seeded draws for the random-input tests: ranges (with their ends drawn often), whole numbers, choices. */
export class Draw {
  private readonly s = new RandomStream();
  constructor(seed: number) {
    this.s.reset(seed, 0, 1);
  }
  u(): number {
    return this.s.uniform();
  }
  /** In [lo, hi]: a quarter of the draws at each end, where the extremes live, the rest uniform inside. */
  in([lo, hi]: readonly [number, number]): number {
    const u = this.u();
    return u < 0.25 ? lo : u < 0.5 ? hi : lo + (hi - lo) * this.u();
  }
  whole(range: readonly [number, number]): number {
    return Math.round(this.in(range));
  }
  /** Uniform in [lo, hi], ends no more likely than the inside. */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.u();
  }
  /** A whole number, uniform from lo to hi. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.u() * (hi - lo + 1));
  }
  oneOf<T>(values: readonly T[]): T {
    return values[Math.floor(this.u() * values.length)];
  }
  bool(p = 0.5): boolean {
    return this.u() < p;
  }
}
