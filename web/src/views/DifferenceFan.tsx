/**
 * The comparison's difference fan: life by life, the alternative's net worth minus the
 * baseline's in today's money, year by year (the spread over the same lives as bands), with the
 * difference of the two medians and its 95% interval; said in words for the last year at least
 * half of the lives reach, and given as a table.
 */
import { Chart } from '../charts/Chart.tsx';
import { differenceChart, differenceLegend, differenceRows, type DifferenceRow } from '../charts/figures.ts';
import type { ComparisonDocument } from '../api.ts';
import { money } from '../format.ts';

export function DifferenceFan({ doc, names, currency }: { doc: ComparisonDocument; names: [string, string]; currency: string }) {
  const rows = differenceRows(doc);
  if (rows.length === 0) return <p>This comparison was run before the difference by life was kept: run it again to see it.</p>;
  return (
    <>
      <DifferenceInWords row={wordsYear(rows, doc.metadata.paths)} names={names} currency={currency} />
      <Chart
        name="difference"
        label={
          `${names[1]} minus ${names[0]}, net worth in today’s money by year: the difference of the medians ` +
          'with its 95% interval, and the spread of the differences over the same lives'
        }
        draw={(width) => differenceChart(rows, width, currency)}
        deps={[doc, currency]}
        legend={differenceLegend}
        table={<DifferenceTable rows={rows} currency={currency} />}
      />
    </>
  );
}

/** The year said in words: the last in which at least half of the lives still run in both (the fan's last, if none). */
function wordsYear(rows: DifferenceRow[], paths: number): DifferenceRow {
  const half = rows.filter((r) => r.lives >= paths / 2);
  return half.length > 0 ? half[half.length - 1] : rows[rows.length - 1];
}

/** A year of the fan in words: the difference of the medians, whether chance could explain it, and the spread over the lives. */
function DifferenceInWords({ row, names, currency }: { row: DifferenceRow; names: [string, string]; currency: string }) {
  const direction = row.median > 0 ? 'more' : 'less';
  const compared = row.median === 0 ? 'the same as' : `${money(Math.abs(row.median), currency)} ${direction} than`;
  const clear = row.low > 0 || row.high < 0;
  const verdict = clear ? 'more than chance would give.' : 'a difference these lives cannot tell apart from chance.';
  const lives = row.lives.toLocaleString('en-US');
  return (
    <p data-words="difference">
      In {row.year}, the median net worth of {names[1]} is {compared} that of {names[0]} (95% interval {money(row.low, currency)} to{' '}
      {money(row.high, currency)}, today’s money): {verdict} Life by life, the difference is between {money(row.p25, currency)} and{' '}
      {money(row.p75, currency)} for half of the {lives} lives still running, and between {money(row.p5, currency)} and{' '}
      {money(row.p95, currency)} for nine in ten.
    </p>
  );
}

function DifferenceTable({ rows, currency }: { rows: DifferenceRow[]; currency: string }) {
  return (
    <table data-table="difference">
      <thead>
        <tr>
          <th scope="col">Year</th>
          <th scope="col">Difference of the medians</th>
          <th scope="col">95% interval</th>
          <th scope="col">Middle half of lives</th>
          <th scope="col">Middle 90% of lives</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <td>{r.year}</td>
            <td>{money(r.median, currency)}</td>
            <td>
              {money(r.low, currency)} to {money(r.high, currency)}
            </td>
            <td>
              {money(r.p25, currency)} to {money(r.p75, currency)}
            </td>
            <td>
              {money(r.p5, currency)} to {money(r.p95, currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
