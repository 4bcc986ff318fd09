/**
 * Numbers as people read them, rounded to what the simulation supports:
 * - a probability from n lives to whole percentages when its standard error, √(p(1−p)/n), is half
 *   a point or more, else to one decimal;
 * - money from the simulation (percentiles, medians) to three significant figures: a percentile
 *   of a few thousand lives moves by more than 1% from one seed to the next, so more digits are
 *   noise; amounts the user typed keep theirs (`exactMoney`);
 * - ages to whole years.
 * Signs are the typographic minus (−), the same everywhere.
 */
const MINUS = '−';
const signed = (text: string) => text.replace(/^-/, MINUS);

/** The standard error of a share p of n lives. */
export const standardError = (p: number, n: number) => Math.sqrt(Math.max(p * (1 - p), 1 / n) / n);

/** Decimals a percentage of n lives supports. */
export const percentDecimals = (p: number, n: number) => (100 * standardError(p, n) >= 0.5 ? 0 : 1);

/** A probability from n lives, e.g. "87%" at 2,000 lives and "86.6%" at 100,000. */
export function percent(x: number | null | undefined, n: number): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '–';
  const digits = percentDecimals(x, n);
  return signed(`${(x * 100).toFixed(digits)}%`);
}

/** A difference of probabilities in percentage points, signed, with the decimals of its interval's width. */
export function points(x: number | null | undefined, decimals = 1): string {
  if (x === null || x === undefined) return '–';
  const v = Number((x * 100).toFixed(decimals));
  return `${v > 0 ? '+' : v < 0 ? MINUS : '±'}${Math.abs(v).toFixed(decimals)} pts`;
}

/** Decimals for points whose standard error is `se` (a fraction): whole points from half a point up. */
export const pointDecimals = (se: number) => (100 * se >= 0.5 ? 0 : 1);

const formats = new Map<string, Intl.NumberFormat>();
function format(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = formats.get(key);
  if (!f) formats.set(key, (f = make()));
  return f;
}

/** Simulated money to three significant figures: $5.87M, $123,000, $4,560. */
export function money(x: number | null | undefined, currency = 'USD'): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '–';
  const compact = Math.abs(x) >= 1e6;
  const f = format(
    `m${currency}${compact}`,
    () =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        notation: compact ? 'compact' : 'standard',
        maximumSignificantDigits: 3,
      }),
  );
  return signed(f.format(Math.abs(x) < 0.5 ? 0 : x));
}

/** An amount as typed into the plan, to the unit. */
export function exactMoney(x: number | null | undefined, currency = 'USD'): string {
  if (x === null || x === undefined) return '–';
  return signed(
    format(`e${currency}`, () => new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 })).format(x),
  );
}

/** Short money for chart axes: $1.2M, $350K. */
export function axisMoney(x: number, currency = 'USD'): string {
  const f = format(
    `a${currency}`,
    () => new Intl.NumberFormat('en-US', { style: 'currency', currency, notation: 'compact', maximumSignificantDigits: 2 }),
  );
  return signed(f.format(x));
}

export const age = (x: number | null | undefined) => (x === null || x === undefined ? '–' : `${Math.round(x)}`);

/** A whole count: 1,234. */
export const count = (x: number) => x.toLocaleString('en-US');

/** A date and time as people read them: 28 Nov 2026, 08:01. */
export function when(iso: string | undefined): string {
  if (!iso) return '–';
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
