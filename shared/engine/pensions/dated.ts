/**
 * A rule parameter's value from a date on, with the document it comes from: the shape in which the
 * pension and estate rules keep their parameters, so that a new rate is a data change reviewed
 * against its source.
 */
export interface Dated<T> {
  /** First day the value applies (ISO date). */
  readonly from: string;
  readonly value: T;
  /** The law, regulation or official page the value is taken from. */
  readonly source: string;
}

/** The value in force on `date` (ISO), or undefined before the first one. Series are in ascending order of `from`. */
export function valueOn<T>(series: readonly Dated<T>[], date: string): Dated<T> | undefined {
  let found: Dated<T> | undefined;
  for (const entry of series) if (entry.from <= date) found = entry;
  return found;
}

/** A calendar date (month 1 to 12). */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Parses `YYYY-MM-DD`. */
export function parseDate(iso: string): CalendarDate {
  const [year, month, day] = iso.split('-').map(Number);
  return { year, month, day };
}

export function isoDate(d: CalendarDate): string {
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

/**
 * The date `years` and `months` after `d`, by the calendar (a day past the end of the target month
 * falls on that month's last day, as a birthday on 29 February does in a year that has none).
 */
export function addYearsMonths(d: CalendarDate, years: number, months: number): CalendarDate {
  const total = d.year * 12 + (d.month - 1) + years * 12 + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(d.day, last) };
}

/** The share of calendar year `year` from `d` on (1 when d is before the year, 0 when after it). */
export function shareOfYearFrom(d: CalendarDate, year: number): number {
  if (d.year < year) return 1;
  if (d.year > year) return 0;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  return (end - Date.UTC(d.year, d.month - 1, d.day)) / (end - start);
}
