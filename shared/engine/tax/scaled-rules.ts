import type { ParameterFile } from './parameters.js';

/**
 * The tax year after which a system's price-uprated parameters move: every one of them starts from
 * the same year (a test holds it), so one price ratio moves them all.
 */
export function priceBaseYear(file: ParameterFile): number {
  let base = Number.NEGATIVE_INFINITY;
  for (const p of Object.values(file.parameters)) {
    if (p.after.uprate !== 'PRICES') continue;
    base = Math.max(base, p.values[p.values.length - 1]!.from, p.after.from - 1);
  }
  return base;
}

type Numeric = Record<string, unknown>;

/**
 * A year's rules as enacted, and which of their numbers move with prices: `at(s)` gives them with
 * those numbers times `s`, written into one object reused for every call (the simulation asks for
 * them once per path and year, and the others are the same on every path).
 */
export class ScaledRules<T extends object> {
  private readonly scaledKeys: string[] = [];
  private readonly scaledLists: { key: string; index: number }[] = [];
  private readonly current: T;

  /** `base`: resolved without prices; `doubled`: resolved with prices doubled after the base year. */
  constructor(
    readonly base: T,
    doubled: T,
  ) {
    const b = base as Numeric;
    const d = doubled as Numeric;
    for (const key of Object.keys(b)) {
      const v = b[key];
      if (typeof v === 'number' && v !== d[key]) this.scaledKeys.push(key);
      if (Array.isArray(v)) v.forEach((x, i) => x !== (d[key] as number[])[i] && this.scaledLists.push({ key, index: i }));
    }
    this.current = structuredClone(base);
  }

  /** True when no number moves with prices in this year. */
  get fixed(): boolean {
    return this.scaledKeys.length === 0 && this.scaledLists.length === 0;
  }

  at(s: number): T {
    if (s === 1 || this.fixed) return this.base;
    const b = this.base as Numeric;
    const c = this.current as Numeric;
    for (const key of this.scaledKeys) c[key] = (b[key] as number) * s;
    for (const { key, index } of this.scaledLists) (c[key] as number[])[index] = (b[key] as number[])[index]! * s;
    return this.current;
  }
}
