/**
 * The output's figures as Observable Plot charts, each with currency axes, a tooltip of the values
 * at the pointer's year and a legend (drawn beside the chart by its caller, from `fanLegend` and
 * `eventColours`): fan charts (p5–p95 and p25–p75 bands with the median), the chance of having
 * fallen short, the goals' achievability, a life's net worth with its events, the comparison's
 * medians and its difference fan, and the sensitivity tornado. Each mark carries an
 * aria-description naming what it shows.
 */
import { areaY, barX, dot, lineY, plot, pointerX, ruleX, ruleY, text, tickX, tip } from '@observablehq/plot';
import type { ComparisonDocument, OutputDocument } from '../api.ts';
import { axisMoney, money, percent } from '../format.ts';

export type Metric = 'netWorth' | 'liquidAssets';
export type View = 'real' | 'nominal';

/** Fewer lives than this in a year leave its 5th and 95th percentiles to a handful of lives: the fan stops before. */
export const MIN_FAN_LIVES = 100;

/** A year's band of a fan: its percentiles over the lives still running, and how many they are. */
export interface BandRow {
  year: number;
  lives: number;
  p5: number;
  p25: number;
  p50: number;
  p75: number;
  p95: number;
}

export interface FanRow extends BandRow {
  age: number;
}

/** The years a fan is drawn for: from the start, while at least MIN_FAN_LIVES lives are still running. */
export function fanYears(output: OutputDocument): OutputDocument['timeSeries'] {
  const end = output.timeSeries.findIndex((t) => t.paths < MIN_FAN_LIVES);
  return end < 0 ? output.timeSeries : output.timeSeries.slice(0, Math.max(1, end));
}

export function fanRows(output: OutputDocument, metric: Metric, view: View, memberId: string): FanRow[] {
  return fanYears(output).map((t) => {
    const p = t[metric][view];
    return {
      age: t.ages[memberId],
      year: t.calendarYear,
      lives: t.paths,
      p5: p.p5 ?? 0,
      p25: p.p25 ?? 0,
      p50: p.p50 ?? 0,
      p75: p.p75 ?? 0,
      p95: p.p95 ?? 0,
    };
  });
}

export const palette = {
  band: '#9db4e6',
  inner: '#5a7fd0',
  median: '#123a8c',
  alternative: '#b2470f',
  difference: '#1f6b3a',
  differenceBand: '#b9dcc3',
  differenceInner: '#6fb285',
  shortfall: '#b3261e',
};

/** The bands and line of a fan, as its legend lists them. */
export const fanLegend = [
  { colour: palette.band, label: 'Middle 90% of lives (5th to 95th percentile)' },
  { colour: palette.inner, label: 'Middle half of lives (25th to 75th percentile)' },
  { colour: palette.median, label: 'Median life', line: true },
];

/** One colour per kind of event, the same on every chart and timeline whatever the order events come in. */
export const eventColours: Record<string, string> = {
  DEATH: '#1b1f24',
  DISABILITY: '#8a3ffc',
  RECOVERY: '#33b1ff',
  LONG_TERM_CARE: '#a2191f',
  JOB_LOSS: '#d12771',
  REEMPLOYMENT: '#007d79',
  RETIREMENT: '#1f4fb5',
  GOAL_FUNDED: '#198038',
  GOAL_MISSED: '#b28600',
  DEPLETION: '#da1e28',
  PROPERTY_SOLD: '#6f4d00',
  INSURANCE_PAYOUT: '#005d5d',
};
const eventTypes = Object.keys(eventColours);

export const common = (width: number) => ({
  width,
  height: Math.round(Math.min(420, Math.max(260, width * 0.5))),
  marginLeft: 64,
  style: { fontSize: '13px' },
});

export function fanChart(rows: FanRow[], width: number, ageLabel: string, currency: string): SVGSVGElement | HTMLElement {
  return plot({
    ...common(width),
    x: { label: ageLabel },
    y: { label: currency, grid: true, tickFormat: (x: number) => axisMoney(x, currency) },
    marks: [
      areaY(rows, { x: 'age', y1: 'p5', y2: 'p95', fill: palette.band, fillOpacity: 0.55, ariaDescription: 'p5 to p95 band' }),
      areaY(rows, { x: 'age', y1: 'p25', y2: 'p75', fill: palette.inner, fillOpacity: 0.55, ariaDescription: 'p25 to p75 band' }),
      lineY(rows, { x: 'age', y: 'p50', stroke: palette.median, strokeWidth: 2, ariaDescription: 'median' }),
      ruleY([0], { ariaDescription: 'zero' }),
      tip(
        rows,
        pointerX({
          x: 'age',
          y: 'p50',
          title: (r: FanRow) =>
            `Age ${r.age} (${r.year})\n95th percentile ${money(r.p95, currency)}\n75th ${money(r.p75, currency)}\n` +
            `Median ${money(r.p50, currency)}\n25th ${money(r.p25, currency)}\n5th ${money(r.p5, currency)}`,
        }),
      ),
    ],
  });
}

export function depletionChart(output: OutputDocument, width: number, memberId: string, ageLabel: string): SVGSVGElement | HTMLElement {
  const n = output.metadata.paths;
  const rows = fanYears(output).map((t) => ({ age: t.ages[memberId], year: t.calendarYear, depleted: t.depleted }));
  return plot({
    ...common(width),
    height: 220,
    x: { label: ageLabel },
    y: {
      label: 'Chance',
      domain: [0, Math.max(0.05, ...rows.map((r) => r.depleted))],
      tickFormat: (x: number) => `${Math.round(x * 100)}%`,
      grid: true,
    },
    marks: [
      areaY(rows, { x: 'age', y: 'depleted', fill: palette.shortfall, fillOpacity: 0.15, ariaDescription: 'depletion area' }),
      lineY(rows, { x: 'age', y: 'depleted', stroke: palette.shortfall, strokeWidth: 2, ariaDescription: 'probability of depletion' }),
      ruleY([0]),
      tip(
        rows,
        pointerX({
          x: 'age',
          y: 'depleted',
          title: (r: { age: number; year: number; depleted: number }) =>
            `Age ${r.age} (${r.year})\nFallen short by then: ${percent(r.depleted, n)}`,
        }),
      ),
    ],
  });
}

export function goalsChart(
  rows: { goal: string; achievability: number | null }[],
  paths: number,
  width: number,
): SVGSVGElement | HTMLElement {
  const data = rows.map((r) => ({ goal: r.goal, achievability: r.achievability ?? 0, known: r.achievability !== null }));
  return plot({
    ...common(width),
    height: 50 + data.length * 34,
    marginLeft: Math.min(220, Math.max(100, width * 0.35)),
    marginRight: 56,
    x: { label: 'Chance the goal is met', domain: [0, 1], tickFormat: (x: number) => `${Math.round(x * 100)}%`, grid: true },
    y: { label: null, domain: data.map((r) => r.goal) },
    marks: [
      barX(data, { y: 'goal', x: 'achievability', fill: '#2e7d4f', ariaDescription: 'achievability' }),
      text(data, {
        y: 'goal',
        x: 'achievability',
        text: (r: { achievability: number; known: boolean }) => (r.known ? percent(r.achievability, paths) : 'never due'),
        dx: 6,
        textAnchor: 'start',
      }),
      ruleX([0]),
    ],
  });
}

type Life = OutputDocument['lives'][number];

export function lifeChart(
  life: Life,
  width: number,
  memberId: string,
  ageLabel: string,
  view: View,
  currency: string,
  describe: (e: Life['events'][number]) => string,
): SVGSVGElement | HTMLElement {
  const ageOfYear = new Map(life.years.map((y) => [y.year, y.ages[memberId]]));
  const rows = life.years.map((y) => ({ age: y.ages[memberId], year: y.calendarYear, netWorth: y.netWorth[view] }));
  const events = life.events.map((e) => ({ ...e, age: ageOfYear.get(e.year) ?? null, words: describe(e) }));
  return plot({
    ...common(width),
    height: 260,
    x: { label: ageLabel },
    y: { label: currency, grid: true, tickFormat: (x: number) => axisMoney(x, currency) },
    color: { type: 'categorical', domain: eventTypes, range: eventTypes.map((t) => eventColours[t]) },
    marks: [
      lineY(rows, { x: 'age', y: 'netWorth', stroke: palette.median, strokeWidth: 1.5, ariaDescription: 'net worth' }),
      // A line across the chart for the rarer events; met goals (often yearly) get only their dot.
      tickX(
        events.filter((e) => e.type !== 'GOAL_FUNDED'),
        { x: 'age', stroke: 'type', strokeWidth: 2, strokeOpacity: 0.7, ariaDescription: 'events' },
      ),
      dot(events, { x: 'age', y: 0, fill: 'type', r: 4, ariaDescription: 'event dots' }),
      ruleY([0]),
      tip(events, pointerX({ x: 'age', y: 0, title: (e: { calendarYear: number; words: string }) => `${e.calendarYear}: ${e.words}` })),
    ],
  });
}

export interface MedianRow {
  year: number;
  baseline: number | null;
  alternative: number | null;
  difference: number | null;
}

/** The medians by year, over the years of the difference fan (all years for a document without it). */
export const comparisonRows = (doc: ComparisonDocument): MedianRow[] =>
  doc.timeSeries.slice(0, differenceRows(doc).length || doc.timeSeries.length).map((t) => ({
    year: t.calendarYear,
    baseline: t.baselineMedianNetWorth,
    alternative: t.alternativeMedianNetWorth,
    difference: t.medianNetWorthDifference,
  }));

/** The two scenarios' median net worth by year, the baseline solid and the alternative dashed, in two colours. */
export function mediansChart(rows: MedianRow[], names: [string, string], width: number, currency: string): SVGSVGElement | HTMLElement {
  const long = rows.flatMap((r) => [
    { year: r.year, scenario: names[0], value: r.baseline },
    { year: r.year, scenario: names[1], value: r.alternative },
  ]);
  return plot({
    ...common(width),
    x: { label: 'Year', tickFormat: (y: number) => String(y) },
    y: { label: `${currency}, today’s money`, grid: true, tickFormat: (x: number) => axisMoney(x, currency) },
    color: { domain: names, range: [palette.median, palette.alternative] },
    marks: [
      lineY(
        long.filter((r) => r.scenario === names[0]),
        { x: 'year', y: 'value', stroke: 'scenario', strokeWidth: 2, ariaDescription: 'baseline median' },
      ),
      lineY(
        long.filter((r) => r.scenario === names[1]),
        { x: 'year', y: 'value', stroke: 'scenario', strokeWidth: 2, strokeDasharray: '6 3', ariaDescription: 'alternative median' },
      ),
      ruleY([0]),
      tip(
        rows,
        pointerX({
          x: 'year',
          y: 'baseline',
          title: (r: MedianRow) => `${r.year}\n${names[0]}: ${money(r.baseline, currency)}\n${names[1]}: ${money(r.alternative, currency)}`,
        }),
      ),
    ],
  });
}

/**
 * A year of the difference fan: over the lives running in both scenarios, the spread of each
 * life's net worth in the alternative minus the baseline, and the difference of the two medians
 * with its 95% interval (today's money).
 */
export interface DifferenceRow extends BandRow {
  median: number;
  low: number;
  high: number;
}

/** The years the difference fan is drawn for: while at least MIN_FAN_LIVES lives run in both (none for a document without the fan). */
export function differenceRows(doc: ComparisonDocument): DifferenceRow[] {
  const rows: DifferenceRow[] = [];
  for (const t of doc.timeSeries) {
    const d = t.netWorthDifference;
    if (!d || t.pairedPaths < MIN_FAN_LIVES || t.medianNetWorthDifference === null) break;
    const [low, high] = t.medianNetWorthDifferenceInterval95 ?? [t.medianNetWorthDifference, t.medianNetWorthDifference];
    rows.push({
      year: t.calendarYear,
      lives: t.pairedPaths,
      p5: d.p5 ?? 0,
      p25: d.p25 ?? 0,
      p50: d.p50 ?? 0,
      p75: d.p75 ?? 0,
      p95: d.p95 ?? 0,
      median: t.medianNetWorthDifference,
      low,
      high,
    });
  }
  return rows;
}

/** The difference fan's bands and lines, as its legend lists them. */
export const differenceLegend = [
  { colour: palette.differenceBand, label: 'Middle 90% of the lives’ differences (5th to 95th percentile)' },
  { colour: palette.differenceInner, label: 'Middle half of the lives’ differences (25th to 75th percentile)' },
  { colour: palette.difference, label: 'Difference of the medians', line: true },
  { colour: palette.median, label: 'Its 95% interval (dotted)', line: true },
];

/**
 * The difference fan: alternative minus baseline, life by life (bands), and the difference of
 * the medians with its 95% interval (lines), around zero.
 */
export function differenceChart(rows: DifferenceRow[], width: number, currency: string): SVGSVGElement | HTMLElement {
  return plot({
    ...common(width),
    x: { label: 'Year', tickFormat: (y: number) => String(y) },
    y: { label: `Difference, ${currency}, today’s money`, grid: true, tickFormat: (x: number) => axisMoney(x, currency) },
    marks: [
      areaY(rows, { x: 'year', y1: 'p5', y2: 'p95', fill: palette.differenceBand, fillOpacity: 0.7, ariaDescription: 'p5 to p95 band' }),
      areaY(rows, { x: 'year', y1: 'p25', y2: 'p75', fill: palette.differenceInner, fillOpacity: 0.6, ariaDescription: 'p25 to p75 band' }),
      ruleY([0]),
      lineY(rows, {
        x: 'year',
        y: 'low',
        stroke: palette.median,
        strokeWidth: 1.5,
        strokeDasharray: '2 3',
        ariaDescription: 'interval low',
      }),
      lineY(rows, {
        x: 'year',
        y: 'high',
        stroke: palette.median,
        strokeWidth: 1.5,
        strokeDasharray: '2 3',
        ariaDescription: 'interval high',
      }),
      lineY(rows, { x: 'year', y: 'median', stroke: palette.difference, strokeWidth: 2.5, ariaDescription: 'median difference' }),
      tip(
        rows,
        pointerX({
          x: 'year',
          y: 'median',
          title: (r: DifferenceRow) =>
            `${r.year}, ${r.lives.toLocaleString('en-US')} lives\nDifference of the medians ${money(r.median, currency)}\n` +
            `95% interval ${money(r.low, currency)} to ${money(r.high, currency)}\n` +
            `Middle half of lives ${money(r.p25, currency)} to ${money(r.p75, currency)}\n` +
            `Middle 90% ${money(r.p5, currency)} to ${money(r.p95, currency)}`,
        }),
      ),
    ],
  });
}

/** A tornado: each input's change in success when moved down and up, the largest swing on top. */
export function tornadoChart(rows: { input: string; down: number; up: number }[], width: number): SVGSVGElement | HTMLElement {
  const bars = rows.flatMap((r) => [
    { input: r.input, move: 'Moved down', change: r.down },
    { input: r.input, move: 'Moved up', change: r.up },
  ]);
  return plot({
    ...common(width),
    height: 60 + rows.length * 34,
    marginLeft: Math.min(200, Math.max(110, width * 0.3)),
    x: {
      label: 'Change in the chance of success (percentage points)',
      tickFormat: (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(Math.round(x * 100))}`,
      grid: true,
    },
    y: { label: null, domain: rows.map((r) => r.input) },
    color: { legend: true, domain: ['Moved down', 'Moved up'], range: ['#b3261e', '#1f4fb5'] },
    marks: [barX(bars, { y: 'input', x1: 0, x2: 'change', fill: 'move', fillOpacity: 0.85, ariaDescription: 'tornado bars' }), ruleX([0])],
  });
}
