/**
 * The plan's cash flow, one row per year, in today's money: income, tax, spending, any shortfall,
 * what was saved or drawn, and liquid assets and net worth at the year's end. For one of the
 * sampled lives (the median life by default), or as the median of each figure over all lives.
 * One HTML table on one page, which prints as it shows.
 */
import { ScrollRegion } from '../components/ScrollRegion.tsx';
import { useState } from 'preact/hooks';
import type { OutputDocument, ScenarioDocument } from '../api.ts';
import type { LifeYear } from '../../../shared/engine/output/output-document.ts';
import { money } from '../format.ts';
import { memberName } from '../names.ts';
import { lifeNames } from './Output.tsx';

interface Row {
  calendarYear: number;
  ages: Record<string, number>;
  income: number | null;
  taxes: number | null;
  spending: number | null;
  shortfall: number | null;
  liquidAssets: number | null;
  netWorth: number | null;
}

/** The rows of one life's years (a sampled life, or any life of the run). */
export const lifeCashFlowRows = (years: LifeYear[]): Row[] =>
  years.map((y) => ({
    calendarYear: y.calendarYear,
    ages: y.ages,
    income: y.income.real,
    taxes: y.taxes.real,
    spending: y.spending.real,
    shortfall: y.shortfall.real,
    liquidAssets: y.liquidAssets.real,
    netWorth: y.netWorth.real,
  }));

/** The rows of a sampled life, or of the median of each figure over all lives (`all`). */
export function cashFlowRows(output: OutputDocument, choice: string): Row[] {
  const life = output.lives.find((l) => l.label === choice);
  if (life) return lifeCashFlowRows(life.years);
  return output.timeSeries.map((t) => ({
    calendarYear: t.calendarYear,
    ages: t.ages,
    income: t.income.real.p50,
    taxes: t.taxes.real.p50,
    spending: t.spending.real.p50,
    shortfall: t.shortfall.real.p50,
    liquidAssets: t.liquidAssets.real.p50,
    netWorth: t.netWorth.real.p50,
  }));
}

export function CashFlow({ output, scenario, currency }: { output: OutputDocument; scenario: ScenarioDocument; currency: string }) {
  const [choice, setChoice] = useState(output.lives.some((l) => l.label === 'P50') ? 'P50' : 'all');
  return (
    <section aria-labelledby="cashflow-title" class="cash-flow">
      <h2 id="cashflow-title">Cash flow, year by year</h2>
      <label for="cashflow-life">Which life</label>
      <select id="cashflow-life" value={choice} onChange={(e) => setChoice((e.currentTarget as HTMLSelectElement).value)}>
        {output.lives.map((l) => (
          <option value={l.label}>{lifeNames[l.label] ?? l.label}</option>
        ))}
        <option value="all">The median of each figure over all lives</option>
      </select>
      <CashFlowTable output={output} scenario={scenario} currency={currency} choice={choice} />
    </section>
  );
}

export function CashFlowTable(props: { output: OutputDocument; scenario: ScenarioDocument; currency: string; choice: string }) {
  const { output, scenario, currency, choice } = props;
  const single = choice !== 'all';
  const caption = single
    ? `${lifeNames[choice] ?? choice}, in today’s money (${currency})`
    : `The median of each figure over all lives, in today’s money (${currency}); ` +
      'the medians of different figures come from different lives, so they do not add up';
  return (
    <CashFlowRowsTable rows={cashFlowRows(output, choice)} scenario={scenario} currency={currency} single={single} caption={caption} />
  );
}

/** The table of cash-flow rows; `single` when they are one life's, which add up (so its saving is shown). */
export function CashFlowRowsTable(props: { rows: Row[]; scenario: ScenarioDocument; currency: string; single: boolean; caption: string }) {
  const { rows, scenario, currency, single, caption } = props;
  const adults = (scenario.members ?? []).filter((m) => m.role !== 'DEPENDANT');
  return (
    <ScrollRegion>
      <table class="numbers" data-table="cash-flow">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            {adults.map((m) => (
              <th scope="col">Age of {memberName(scenario, m.id)}</th>
            ))}
            <th scope="col">Income</th>
            <th scope="col">Tax</th>
            <th scope="col">Spending</th>
            <th scope="col">Shortfall</th>
            {single && <th scope="col">Saved (drawn −)</th>}
            <th scope="col">Liquid assets</th>
            <th scope="col">Net worth</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr>
              <th scope="row">{r.calendarYear}</th>
              {adults.map((m) => (
                <td>{r.ages[m.id] ?? '–'}</td>
              ))}
              <td>{money(r.income, currency)}</td>
              <td>{money(r.taxes, currency)}</td>
              <td>{money(r.spending, currency)}</td>
              <td>{r.shortfall ? money(r.shortfall, currency) : '–'}</td>
              {single && <td>{money((r.income ?? 0) - (r.taxes ?? 0) - (r.spending ?? 0), currency)}</td>}
              <td>{money(r.liquidAssets, currency)}</td>
              <td>{money(r.netWorth, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
