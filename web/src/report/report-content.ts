/**
 * What the client report says, as plain data both its forms draw from (the print layout and the
 * PDF): the summary's figures, the goals, the fan by every fifth year, the cash flow of the median
 * life, the analyses run on the plan, and the assumptions. Figures are rounded as on screen.
 */
import type { AnalysisDocument, OutputDocument, ScenarioDocument } from '../api.ts';
import { fanRows } from '../charts/figures.ts';
import { age, count, money, percent } from '../format.ts';
import { goalName, mainMember } from '../names.ts';
import { cashFlowRows } from '../views/CashFlow.tsx';
import { say } from '../words.ts';
import { baseSuccess } from '../views/analysis-success.ts';

export interface ReportTable {
  title: string;
  note?: string;
  head: string[];
  rows: string[][];
}

export interface ReportContent {
  title: string;
  subtitle: string;
  figures: [string, string][];
  fan: ReturnType<typeof fanRows>;
  ageLabel: string;
  tables: ReportTable[];
}

export function reportContent(
  scenario: ScenarioDocument,
  output: OutputDocument,
  currency: string,
  analyses: AnalysisDocument[] = [],
): ReportContent {
  const s = output.summary;
  const n = output.metadata.paths;
  const main = mainMember(scenario);
  const fan = fanRows(output, 'netWorth', 'real', main.id);
  const doc = scenario as Record<string, unknown>;
  const assumptions = (output.metadata.assumptions ?? {}) as {
    economic?: { model?: string; inflation?: { longRunMean?: number }; equity?: { riskPremium?: number; volatility?: number } };
  };
  const pct = (x: number | undefined) => (x === undefined ? '–' : `${Number((x * 100).toFixed(1))}%`);
  const tables: ReportTable[] = [
    {
      title: 'Goals',
      head: ['Goal', 'Chance met in full'],
      rows: s.goals.map((g) => [goalName(scenario, g.goalId), g.achievability === null ? 'never due' : percent(g.achievability, n)]),
    },
    {
      title: 'Net worth over time',
      note: `In today's money (${currency}), by age of ${main.name}, every fifth year.`,
      head: ['Age', 'Year', '5th percentile', 'Median', '95th percentile'],
      rows: fan
        .filter((_, i) => i % 5 === 0)
        .map((r) => [String(r.age), String(r.year), money(r.p5, currency), money(r.p50, currency), money(r.p95, currency)]),
    },
    {
      title: 'Cash flow of the median life',
      note: `In today's money (${currency}), one row per year.`,
      head: ['Year', 'Income', 'Tax', 'Spending', 'Shortfall', 'Net worth'],
      rows: cashFlowRows(output, output.lives.some((l) => l.label === 'P50') ? 'P50' : 'all').map((r) => [
        String(r.calendarYear),
        money(r.income, currency),
        money(r.taxes, currency),
        money(r.spending, currency),
        r.shortfall ? money(r.shortfall, currency) : '–',
        money(r.netWorth, currency),
      ]),
    },
  ];
  if (analyses.length > 0) {
    tables.push({
      title: 'Analyses',
      head: ['Analysis', 'Chance of success of the plan', 'Finding'],
      rows: analyses.map((a) => [say(a.metadata.type), percent(baseSuccess(a) ?? 0, a.metadata.paths), finding(a, scenario)]),
    });
  }
  tables.push({
    title: 'Assumptions',
    head: ['Assumption', 'Value'],
    rows: [
      ['Markets', say(assumptions.economic?.model ?? 'STOCHASTIC')],
      ['Inflation in the long run', pct(assumptions.economic?.inflation?.longRunMean)],
      ['Equity return above cash', pct(assumptions.economic?.equity?.riskPremium)],
      ['Equity volatility', pct(assumptions.economic?.equity?.volatility)],
      ['Simulated lives', count(n)],
      ['First year', String(output.metadata.startYear)],
      ['Years at most', String(output.metadata.years)],
      ['Random seed', String(output.metadata.seed)],
    ],
  });
  return {
    title: scenario.name,
    subtitle: typeof doc.description === 'string' ? doc.description : `A plan from ${output.metadata.startYear}`,
    figures: [
      ['Chance of success', percent(s.probabilityOfSuccess, n)],
      ['Chance of a cash squeeze', percent(s.probabilityOfCashSqueeze, n)],
      ['Chance of running out', percent(s.probabilityOfRunningOut, n)],
      ['Estate at the end, median (today’s money)', money(s.terminalEstate.p50, currency)],
      ['Estate at the end, 5th to 95th percentile', `${money(s.terminalEstate.p5, currency)} to ${money(s.terminalEstate.p95, currency)}`],
      [`Age of ${main.name} at the first shortfall, median`, s.depletionAge.p50 === null ? 'never' : age(s.depletionAge.p50)],
    ],
    fan,
    ageLabel: `Age of ${main.name}`,
    tables,
  };
}

function finding(a: AnalysisDocument, scenario: ScenarioDocument): string {
  if (a.solve) return `${say(a.solve.lever.type)}: ${say(a.solve.status)}`;
  if (a.diagnose) {
    const top = a.diagnose.causes[0];
    const who = top?.memberId ? goalOrMember(scenario, top.memberId) : '';
    return top ? `Most over-represented: ${say(top.cause)}${who}` : 'No cause stands out';
  }
  if (a.sensitivity) return `Matters most: ${say(a.sensitivity.inputs[0]?.input)}`;
  if (a.stress) {
    const worst = [...a.stress.shocks].sort((x, y) => x.outcome.success - y.outcome.success)[0];
    return worst ? `Worst shock: success ${percent(worst.outcome.success, a.metadata.paths)}` : '';
  }
  return '';
}

function goalOrMember(scenario: ScenarioDocument, memberId: string): string {
  const m = scenario.members?.find((x) => x.id === memberId);
  return m ? ` (${typeof m.name === 'string' && m.name ? m.name : say(m.role)})` : '';
}
