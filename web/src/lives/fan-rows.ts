/**
 * A year-grouped answer (docs/QUERIES.md, "groupBy and compareTo") as the rows of the Lives fan:
 * by the main client's age, the matching lives' net-worth percentiles and the other lives', each
 * side blank where fewer than `minLives` of its lives are still running. Imports nothing, so unit
 * tests load it as it is.
 */

/** The percentiles the fan asks for, in the order of the query's `select`. */
export const PERCENTILES = ['p5', 'p25', 'p50', 'p75', 'p95'] as const;
export type Percentile = (typeof PERCENTILES)[number];
type Band = Record<Percentile, number | null>;

/** What the rows read of one year's group of an answer. */
export interface YearGroup {
  key: Record<string, unknown>;
  /** Matching lives still running that year. */
  matched: number;
  /** With compareTo: the other lives still running. */
  rest?: number;
  select: { value: number | null; rest?: { value: number | null } }[];
}

export interface LivesFanRow {
  age: number;
  year: number;
  /** Matching lives still running that year. */
  lives: number;
  /** The others still running that year (0 without a filter). */
  others: number;
  /** The matching lives' percentiles, null where too few run. */
  match: Band;
  /** The others', null where too few run. */
  rest: Band;
}

const empty = (): Band => ({ p5: null, p25: null, p50: null, p75: null, p95: null });

/** The year groups as rows, by the age of the member born in `birthYear`. */
export function livesFanRows(groups: YearGroup[], birthYear: number, minLives: number): LivesFanRow[] {
  return groups.map((g) => {
    const year = Number(g.key.calendarYear);
    const others = g.rest ?? 0;
    const match = empty();
    const rest = empty();
    PERCENTILES.forEach((p, i) => {
      const result = g.select[i];
      if (g.matched >= minLives) match[p] = result?.value ?? null;
      if (others >= minLives) rest[p] = result?.rest?.value ?? null;
    });
    return { age: year - birthYear, year, lives: g.matched, others, match, rest };
  });
}

/** The rows while either side is drawn: the chart ends where both have stopped. */
export function drawnRows(rows: LivesFanRow[]): LivesFanRow[] {
  let last = -1;
  rows.forEach((r, i) => {
    if (r.match.p50 !== null || r.rest.p50 !== null) last = i;
  });
  return rows.slice(0, last + 1);
}
