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
type Scaler = (base: Numeric, into: Numeric, s: number) => void;

/**
 * One scaling function per set of moving numbers, written out field by field: a loop over key
 * names would look each up by name on every path-year, which profiling showed to be most of the
 * cost of real tax in the simulation.
 */
const scalers = new Map<string, Scaler>();
function scalerFor(keys: readonly string[], lists: readonly { key: string; index: number }[]): Scaler {
  const lines = [
    ...keys.map((k) => `c[${JSON.stringify(k)}] = b[${JSON.stringify(k)}] * s;`),
    ...lists.map(({ key, index }) => `c[${JSON.stringify(key)}][${index}] = b[${JSON.stringify(key)}][${index}] * s;`),
  ];
  const code = lines.join('\n');
  let f = scalers.get(code);
  if (f === undefined) {
    f = new Function('b', 'c', 's', code) as Scaler;
    scalers.set(code, f);
  }
  return f;
}

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
    this.scaler = scalerFor(this.scaledKeys, this.scaledLists);
  }
  private readonly scaler: Scaler;

  /** True when no number moves with prices in this year. */
  get fixed(): boolean {
    return this.scaledKeys.length === 0 && this.scaledLists.length === 0;
  }

  at(s: number): T {
    if (s === 1 || this.fixed) return this.base;
    this.scaler(this.base as Numeric, this.current as Numeric, s);
    return this.current;
  }
}
