/**
 * An output's time series as CSV (RFC 4180): one row per year and metric. Two-view metrics give a
 * row per view (`real`, `nominal`) with their percentiles and mean; probabilities (`depleted`, each
 * member's `alive`, `disabled`, `longTermCare`) give a row with `value`.
 */
const percentiles = ['p5', 'p10', 'p25', 'p50', 'p75', 'p90', 'p95', 'mean'] as const;
const columns = ['year', 'calendarYear', 'metric', 'view', 'value', ...percentiles];
/** Per-year facts that are columns or not figures at all. */
const skipped = new Set(['year', 'calendarYear', 'ages', 'paths']);

type Row = Record<string, string | number>;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isDistribution = (value: unknown): value is Record<string, number> => isObject(value) && typeof value.p50 === 'number';

function rowsOf(base: Row, metric: string, value: unknown, out: Row[]): void {
  if (typeof value === 'number') {
    out.push({ ...base, metric, view: '', value });
  } else if (isDistribution(value)) {
    out.push({ ...base, metric, view: '', ...Object.fromEntries(percentiles.map((p) => [p, value[p]])) });
  } else if (
    isObject(value) &&
    Object.keys(value).every((key) => key === 'real' || key === 'nominal') &&
    Object.values(value).every(isDistribution)
  ) {
    for (const [view, distribution] of Object.entries(value)) {
      out.push({ ...base, metric, view, ...Object.fromEntries(percentiles.map((p) => [p, (distribution as Record<string, number>)[p]])) });
    }
  } else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) rowsOf(base, `${metric}.${key}`, inner, out);
  }
}

const cell = (value: string | number | undefined): string => {
  if (value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function timeSeriesCsv(timeSeries: readonly unknown[]): string {
  const rows: Row[] = [];
  for (const entry of timeSeries) {
    if (!isObject(entry)) continue;
    const base: Row = { year: entry.year as number, calendarYear: entry.calendarYear as number };
    for (const [key, value] of Object.entries(entry)) if (!skipped.has(key)) rowsOf(base, key, value, rows);
  }
  return `${[columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\r\n')}\r\n`;
}

export const csvMediaType = 'text/csv';

/** True when the Accept header asks for CSV (the JSON document stays the default). */
export function wantsCsv(accept: string | undefined): boolean {
  return accept?.split(',').some((part) => part.trim().toLowerCase().startsWith(csvMediaType)) ?? false;
}
