/**
 * The output's figures as Observable Plot charts: fan charts (p5–p95 and p25–p75 bands with the
 * median), the probability of depletion, the goals' achievability, a life's net worth with its
 * events, and two scenarios' fans overlaid. Each mark carries an aria-description naming what it shows.
 */
import { areaY, barX, dot, lineY, plot, ruleX, ruleY, text, tickX } from '@observablehq/plot';
import type { ComparisonDocument, OutputDocument } from '../api.ts';
import { compactMoney, percent } from '../format.ts';

export type Metric = 'netWorth' | 'liquidAssets';
export type View = 'real' | 'nominal';

export interface FanRow {
  age: number;
  p5: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
}

/**
 * The years the member may still be alive: the horizon runs to the end of the youngest member's
 * life, which an older member's age axis would stretch far past any life.
 */
export function yearsOf(output: Pick<OutputDocument, 'timeSeries'>, memberId: string) {
  let last = output.timeSeries.length;
  while (last > 1 && (output.timeSeries[last - 1].members[memberId]?.alive ?? 1) < minimumAlive) last--;
  return output.timeSeries.slice(0, last);
}

/** Below this chance of being alive, the member's age no longer describes a year worth showing. */
const minimumAlive = 0.005;

/** One row per year with the first member's age, the metric's percentiles in the chosen view. */
export function fanRows(output: Pick<OutputDocument, 'timeSeries'>, metric: Metric, view: View, memberId: string): FanRow[] {
  return yearsOf(output, memberId).map((t) => {
    const p = t[metric][view];
    return { age: t.ages[memberId], p5: p.p5, p25: p.p25, p50: p.p50, p75: p.p75, p95: p.p95 };
  });
}

const palette = { band: '#6a8fd8', inner: '#3461c1', median: '#123a8c', alternative: '#c0561b', alternativeDark: '#8a3108' };
const common = (width: number) => ({
  width,
  height: Math.round(Math.min(420, Math.max(260, width * 0.5))),
  marginLeft: 56,
  style: { fontSize: '13px' },
});

export function fanChart(rows: FanRow[], width: number, ageLabel: string): SVGSVGElement | HTMLElement {
  return plot({
    ...common(width),
    x: { label: ageLabel },
    y: { label: 'Amount', grid: true, tickFormat: compactMoney },
    marks: [
      areaY(rows, { x: 'age', y1: 'p5', y2: 'p95', fill: palette.band, fillOpacity: 0.3, ariaDescription: 'p5 to p95 band' }),
      areaY(rows, { x: 'age', y1: 'p25', y2: 'p75', fill: palette.inner, fillOpacity: 0.35, ariaDescription: 'p25 to p75 band' }),
      lineY(rows, { x: 'age', y: 'p50', stroke: palette.median, strokeWidth: 2, ariaDescription: 'median' }),
      ruleY([0], { ariaDescription: 'zero' }),
    ],
  });
}

export function depletionChart(output: OutputDocument, width: number, memberId: string, ageLabel: string): SVGSVGElement | HTMLElement {
  const rows = yearsOf(output, memberId).map((t) => ({ age: t.ages[memberId], depleted: t.depleted }));
  return plot({
    ...common(width),
    height: 220,
    x: { label: ageLabel },
    y: {
      label: 'Probability depleted',
      domain: [0, Math.max(0.05, ...rows.map((r) => r.depleted))],
      tickFormat: (x: number) => percent(x),
      grid: true,
    },
    marks: [
      areaY(rows, { x: 'age', y: 'depleted', fill: '#b3261e', fillOpacity: 0.15, ariaDescription: 'depletion area' }),
      lineY(rows, { x: 'age', y: 'depleted', stroke: '#b3261e', strokeWidth: 2, ariaDescription: 'probability of depletion' }),
      ruleY([0]),
    ],
  });
}

export function goalsChart(output: OutputDocument, width: number): SVGSVGElement | HTMLElement {
  const rows = output.summary.goals.map((g) => ({ goal: g.goalId, achievability: g.achievability ?? 0, known: g.achievability !== null }));
  return plot({
    ...common(width),
    height: 40 + rows.length * 34,
    marginLeft: 130,
    marginRight: 56,
    x: { label: 'Achievability', domain: [0, 1], tickFormat: (x: number) => percent(x), grid: true },
    y: { label: null },
    marks: [
      barX(rows, { y: 'goal', x: 'achievability', fill: '#2e7d4f', ariaDescription: 'achievability' }),
      text(rows, {
        y: 'goal',
        x: 'achievability',
        text: (r: { achievability: number; known: boolean }) => (r.known ? percent(r.achievability) : 'not due'),
        dx: 6,
        textAnchor: 'start',
      }),
      ruleX([0]),
    ],
  });
}

type Life = OutputDocument['lives'][number];

export function lifeChart(life: Life, width: number, memberId: string, ageLabel: string, view: View): SVGSVGElement | HTMLElement {
  const ageOfYear = new Map(life.years.map((y) => [y.year, y.ages[memberId]]));
  const rows = life.years.map((y) => ({ age: y.ages[memberId], netWorth: y.netWorth[view] }));
  const events = life.events.map((e) => ({ ...e, age: ageOfYear.get(e.year) ?? null }));
  return plot({
    ...common(width),
    height: 240,
    x: { label: ageLabel },
    y: { label: 'Net worth', grid: true, tickFormat: compactMoney },
    color: { legend: true, type: 'categorical' },
    marks: [
      lineY(rows, { x: 'age', y: 'netWorth', stroke: palette.median, strokeWidth: 1.5, ariaDescription: 'net worth' }),
      // A line across the chart for the rarer events; funded goals (often yearly) get only their dot.
      tickX(
        events.filter((e) => e.type !== 'GOAL_FUNDED'),
        { x: 'age', stroke: 'type', strokeWidth: 2, strokeOpacity: 0.7, ariaDescription: 'events' },
      ),
      dot(events, {
        x: 'age',
        y: 0,
        fill: 'type',
        r: 4,
        title: (e: { type: string; calendarYear: number; memberId?: string; goalId?: string }) =>
          `${e.calendarYear}: ${e.type}${e.memberId ? ` (${e.memberId})` : ''}${e.goalId ? ` (${e.goalId})` : ''}`,
      }),
      ruleY([0]),
    ],
  });
}

/** Both scenarios' p5–p95 bands and medians on one chart. */
export function overlayChart(
  baseline: FanRow[],
  alternative: FanRow[],
  names: [string, string],
  width: number,
  ageLabel: string,
): SVGSVGElement | HTMLElement {
  const tag = (rows: FanRow[], scenario: string) => rows.map((r) => ({ ...r, scenario }));
  return plot({
    ...common(width),
    x: { label: ageLabel },
    y: { label: 'Net worth (real)', grid: true, tickFormat: compactMoney },
    color: { legend: true, domain: names, range: [palette.inner, palette.alternative] },
    marks: [
      areaY(tag(baseline, names[0]), {
        x: 'age',
        y1: 'p5',
        y2: 'p95',
        fill: 'scenario',
        fillOpacity: 0.2,
        ariaDescription: 'baseline p5 to p95 band',
      }),
      areaY(tag(alternative, names[1]), {
        x: 'age',
        y1: 'p5',
        y2: 'p95',
        fill: 'scenario',
        fillOpacity: 0.2,
        ariaDescription: 'alternative p5 to p95 band',
      }),
      lineY(tag(baseline, names[0]), { x: 'age', y: 'p50', stroke: 'scenario', strokeWidth: 2, ariaDescription: 'baseline median' }),
      lineY(tag(alternative, names[1]), {
        x: 'age',
        y: 'p50',
        stroke: 'scenario',
        strokeWidth: 2,
        strokeDasharray: '6 3',
        ariaDescription: 'alternative median',
      }),
      ruleY([0]),
    ],
  });
}

/** A tornado: each input's change in success when moved down and up, the largest swing on top. */
export function tornadoChart(rows: { input: string; down: number; up: number }[], width: number): SVGSVGElement | HTMLElement {
  const bars = rows.flatMap((r) => [
    { input: r.input, move: 'down', change: r.down },
    { input: r.input, move: 'up', change: r.up },
  ]);
  return plot({
    ...common(width),
    height: 50 + rows.length * 34,
    marginLeft: 150,
    x: {
      label: 'Change in success (percentage points)',
      tickFormat: (x: number) => `${x > 0 ? '+' : ''}${(x * 100).toFixed(1)}`,
      grid: true,
    },
    y: { label: null, domain: rows.map((r) => r.input) },
    color: { legend: true, domain: ['down', 'up'], range: ['#b3261e', '#1f4fb5'] },
    marks: [barX(bars, { y: 'input', x1: 0, x2: 'change', fill: 'move', fillOpacity: 0.85, ariaDescription: 'tornado bars' }), ruleX([0])],
  });
}

/** The comparison's own medians, by year, when a scenario has no stored output to draw its band from. */
export function medianDifferenceChart(doc: ComparisonDocument, width: number): SVGSVGElement | HTMLElement {
  const rows = doc.timeSeries.map((t) => ({ year: t.calendarYear, difference: t.medianNetWorthDifference }));
  return plot({
    ...common(width),
    height: 220,
    x: { label: 'Year', tickFormat: (y: number) => String(y) },
    y: { label: 'Median net worth, alternative − baseline (real)', grid: true, tickFormat: compactMoney },
    marks: [
      lineY(rows, { x: 'year', y: 'difference', stroke: palette.alternativeDark, strokeWidth: 2, ariaDescription: 'median difference' }),
      ruleY([0]),
    ],
  });
}
