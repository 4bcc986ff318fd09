/**
 * Tax parameters as data: each holds dated values, each value citing its source, and says how it
 * moves after its last enacted value (docs/TAX.md, "The future of thresholds"). A tax year is
 * named by the calendar year it starts in.
 */
export type ParameterValue = number | number[] | Record<string, number | number[]>;

export interface DatedValue<V extends ParameterValue = ParameterValue> {
  from: number;
  value: V;
  source: string;
}

/** After the last dated value: fixed in money (`NONE`), or moving with prices from tax year `from` on. */
export type Uprating = { uprate: 'NONE'; note?: string } | { uprate: 'PRICES'; from: number; source?: string; note?: string };

export interface Parameter<V extends ParameterValue = ParameterValue> {
  description: string;
  unit: string;
  byFilingStatus?: boolean;
  values: DatedValue<V>[];
  after: Uprating;
}

export interface ParameterFile {
  system: string;
  version: string;
  /** The last tax year whose every value is enacted or announced; later years are projected. */
  enactedThrough: number;
  licence: string;
  parameters: Record<string, Parameter>;
}

/**
 * The price level of a tax year (any scale: only ratios are used). The calculator, which covers
 * enacted years only, passes none.
 */
export type PriceLevel = (taxYear: number) => number;

/** The value dated at or before `taxYear` (the earliest one before the first). */
export function datedValue<V extends ParameterValue>(p: Parameter<V>, taxYear: number): DatedValue<V> {
  let found = p.values[0]!;
  for (const v of p.values) if (v.from <= taxYear) found = v;
  return found;
}

/**
 * How much a money amount of `p` has moved with prices by `taxYear`: 1 unless the parameter
 * moves with prices and `taxYear` is past both its last dated value and the start of its uprating,
 * then P(taxYear) / P(base), the base being the later of the last value's year and the year
 * before uprating starts (a frozen amount starts moving from where the freeze left it).
 */
export function uprating(p: Parameter, taxYear: number, prices: PriceLevel | null): number {
  if (prices === null || p.after.uprate === 'NONE') return 1;
  const last = p.values[p.values.length - 1]!.from;
  const base = Math.max(last, p.after.from - 1);
  return taxYear > base ? prices(taxYear) / prices(base) : 1;
}

/** A scalar parameter's value in `taxYear`. */
export function amount(p: Parameter, taxYear: number, prices: PriceLevel | null): number {
  return (datedValue(p, taxYear).value as number) * uprating(p, taxYear, prices);
}

/** A list parameter's values in `taxYear` (thresholds scaled together, rates as they are). */
export function amounts(p: Parameter, taxYear: number, prices: PriceLevel | null, key?: string): number[] {
  const v = datedValue(p, taxYear).value;
  const list = (key !== undefined ? (v as Record<string, number[]>)[key] : v) as number[];
  const f = uprating(p, taxYear, prices);
  return f === 1 ? list.slice() : list.map((x) => x * f);
}

/** A by-filing-status scalar's value in `taxYear`. */
export function amountFor(p: Parameter, key: string, taxYear: number, prices: PriceLevel | null): number {
  return (datedValue(p, taxYear).value as Record<string, number>)[key]! * uprating(p, taxYear, prices);
}

/** Every value's source used for `taxYear`, by parameter: what a breakdown cites. */
export function sourcesFor(file: ParameterFile, taxYear: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(file.parameters)) out[name] = datedValue(p, taxYear).source;
  return out;
}
