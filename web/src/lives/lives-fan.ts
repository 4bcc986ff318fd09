/**
 * The fan of net worth (today's money) of the lives a filter matches against the others, from a
 * year-grouped query with `compareTo: "rest"`: the query, and the chart of its rows (fan-rows.ts).
 * The matching lives are drawn as the app draws every fan (the middle 90% and the middle half as
 * bands, the median as a line); the other lives as lines only (their median, and their 25th and
 * 75th percentiles dashed), so the two never blend into one colour. Each side stops where fewer
 * than MIN_FAN_LIVES of its lives are still running, as the results' fan does.
 */
import { areaY, lineY, plot, pointerX, ruleY, tip } from '@observablehq/plot';
import { common, palette } from '../charts/figures.ts';
import { axisMoney, money } from '../format.ts';
import { type LivesFanRow, PERCENTILES, type Percentile } from './fan-rows.ts';
import type { Condition, LivesQuery } from './lives-api.ts';

/** How the matching lives turned out against the others: their chance of success and their median estate at the end. */
export function outcomeQuery(where: Condition | undefined): LivesQuery {
  return {
    ...(where ? { where, compareTo: 'rest' as const } : {}),
    select: [
      { stat: 'probability', where: { outcome: 'SUCCEEDED' } },
      { stat: 'p50', metric: 'terminalEstate' },
    ],
  };
}

/** The query behind the fan: net worth's percentiles year by year, for the matching lives and (with a filter) the rest. */
export function fanQuery(where: Condition | undefined): LivesQuery {
  return {
    ...(where ? { where, compareTo: 'rest' as const } : {}),
    select: PERCENTILES.map((stat) => ({ stat, metric: 'netWorth' as const, view: 'real' as const })),
    groupBy: 'year',
  };
}

export const livesFanLegend = (filtered: boolean) => [
  { colour: palette.band, label: `${filtered ? 'Matching lives' : 'All lives'}: middle 90% (5th to 95th percentile)` },
  { colour: palette.inner, label: `${filtered ? 'Matching lives' : 'All lives'}: middle half (25th to 75th percentile)` },
  { colour: palette.median, label: `${filtered ? 'Matching lives' : 'All lives'}: median`, line: true },
  ...(filtered
    ? [
        { colour: palette.alternative, label: 'Other lives: median', line: true },
        { colour: palette.alternative, label: 'Other lives: 25th and 75th percentiles (dashed)', line: true },
      ]
    : []),
];

/** Only the rows where a side has figures, so its lines stop rather than fall to zero. */
const where = (rows: LivesFanRow[], side: 'match' | 'rest') => rows.filter((r) => r[side].p50 !== null);

function tooltip(r: LivesFanRow, currency: string, filtered: boolean): string {
  const lines = [`Age ${r.age} (${r.year})`];
  const name = filtered ? 'Matching' : 'All lives';
  if (r.match.p50 !== null)
    lines.push(
      `${name}: median ${money(r.match.p50, currency)}, middle 90% ${money(r.match.p5, currency)} to ${money(r.match.p95, currency)}`,
    );
  if (r.rest.p50 !== null)
    lines.push(
      `Others: median ${money(r.rest.p50, currency)}, middle half ${money(r.rest.p25, currency)} to ${money(r.rest.p75, currency)}`,
    );
  return lines.join('\n');
}

export function livesFanChart(rows: LivesFanRow[], width: number, ageLabel: string, currency: string, filtered: boolean) {
  const match = where(rows, 'match');
  const rest = where(rows, 'rest');
  const restLine = (p: Percentile, dashed: boolean, description: string) =>
    lineY(rest, {
      x: 'age',
      y: (r: LivesFanRow) => r.rest[p],
      stroke: palette.alternative,
      strokeWidth: dashed ? 1.5 : 2.5,
      ...(dashed ? { strokeDasharray: '5 4' } : {}),
      ariaDescription: description,
    });
  return plot({
    ...common(width),
    x: { label: ageLabel },
    y: { label: `${currency}, today’s money`, grid: true, tickFormat: (x: number) => axisMoney(x, currency) },
    marks: [
      areaY(match, {
        x: 'age',
        y1: (r: LivesFanRow) => r.match.p5,
        y2: (r: LivesFanRow) => r.match.p95,
        fill: palette.band,
        fillOpacity: 0.55,
        ariaDescription: 'matching p5 to p95 band',
      }),
      areaY(match, {
        x: 'age',
        y1: (r: LivesFanRow) => r.match.p25,
        y2: (r: LivesFanRow) => r.match.p75,
        fill: palette.inner,
        fillOpacity: 0.55,
        ariaDescription: 'matching p25 to p75 band',
      }),
      lineY(match, {
        x: 'age',
        y: (r: LivesFanRow) => r.match.p50,
        stroke: palette.median,
        strokeWidth: 2,
        ariaDescription: 'matching median',
      }),
      restLine('p25', true, 'other p25'),
      restLine('p75', true, 'other p75'),
      restLine('p50', false, 'other median'),
      ruleY([0]),
      tip(
        rows,
        pointerX({ x: 'age', y: (r: LivesFanRow) => r.match.p50 ?? r.rest.p50, title: (r: LivesFanRow) => tooltip(r, currency, filtered) }),
      ),
    ],
  });
}
