/** Numbers as people read them: percentages with one decimal, money rounded to the unit, ages in years. */
const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const percent = (x: number | null | undefined) => (x === null || x === undefined ? '–' : percentFormat.format(x));

/** A difference in percentage points, signed. */
export const points = (x: number | null | undefined) =>
  x === null || x === undefined ? '–' : `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x * 100).toFixed(1)} pts`;

export function money(x: number | null | undefined, currency = 'USD'): string {
  if (x === null || x === undefined) return '–';
  return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0 }).format(x);
}

/** Short money for chart axes: 1.2M, 350k. */
export function compactMoney(x: number): string {
  return new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(x);
}

export const age = (x: number | null | undefined) => (x === null || x === undefined ? '–' : `${x.toFixed(0)}`);
