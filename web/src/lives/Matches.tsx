/**
 * What a filter picked out: how many lives match and their share of all lives, with the range the
 * share of the plan's lives is likely in, in words; then their fan of net worth against the other
 * lives', with its legend, tooltips and its figures as a table.
 */
import { Chart } from '../charts/Chart.tsx';
import { MIN_FAN_LIVES } from '../charts/figures.ts';
import { count, money, percent, pointDecimals, points } from '../format.ts';
import type { QueryAnswer } from './lives-api.ts';
import { shareInterval } from './share.ts';
import { drawnRows, type LivesFanRow, livesFanRows } from './fan-rows.ts';
import { livesFanChart, livesFanLegend } from './lives-fan.ts';

export interface MatchesProps {
  /** The fan's answer (grouped by year). */
  answer: QueryAnswer;
  /** The chance of success and the median estate at the end, against the other lives. */
  outcome: QueryAnswer;
  /** The filter in words. */
  described: string;
  filtered: boolean;
  currency: string;
  main: { name: string; birthYear: number };
}

/** The share's 95% interval in words, each end to the decimals the lives support. */
function shareRange(matched: number, lives: number): string {
  const [low, high] = shareInterval(matched, lives);
  if (matched === 0) return `likely below ${percent(high, lives)}`;
  if (matched === lives) return `likely above ${percent(low, lives)}`;
  return `likely between ${percent(low, lives)} and ${percent(high, lives)}`;
}

export function Matches({ answer, outcome, described, filtered, currency, main }: MatchesProps) {
  const { matched, lives } = answer;
  const rows = drawnRows(livesFanRows(answer.groups ?? [], main.birthYear, MIN_FAN_LIVES));
  const ageLabel = `Age of ${main.name}`;
  const whose = filtered ? 'the matching lives and the others' : 'all lives';
  return (
    <>
      <section class="summary card" aria-labelledby="lives-matches-title">
        <h2 id="lives-matches-title">{described}</h2>
        <dl class="figures">
          <div>
            <dt>Lives that match</dt>
            <dd data-figure="lives-matched" data-value={matched}>
              {count(matched)} of {count(lives)}
            </dd>
          </div>
          <div>
            <dt>Share of all lives</dt>
            <dd data-figure="lives-share">{percent(matched / lives, lives)}</dd>
            <dd class="definition">
              {`From ${count(lives)} simulated lives, the chance of a life like these is ${shareRange(matched, lives)} `}
              (a 95% interval).
            </dd>
          </div>
          <Outcomes outcome={outcome} filtered={filtered} currency={currency} />
        </dl>
      </section>
      <section aria-labelledby="lives-fan-title">
        <h2 id="lives-fan-title">Net worth of {whose}, in today’s money</h2>
        {filtered && matched < MIN_FAN_LIVES && (
          <p class="muted" data-fan-cut="matching">
            {`Fewer than ${MIN_FAN_LIVES} lives match, too few to draw their band: the chart shows the other lives; `}
            open the matching lives one by one below, or run the plan with more lives.
          </p>
        )}
        {rows.length > 0 && (
          <Chart
            name="lives-fan"
            label={`Net worth (today’s money) of ${whose} by age of ${main.name}: medians, middle halves and the middle 90% of lives`}
            draw={(width) => livesFanChart(rows, width, ageLabel, currency, filtered)}
            deps={[answer, main.birthYear, currency]}
            legend={livesFanLegend(filtered)}
            table={<LivesFanTable rows={rows} currency={currency} filtered={filtered} />}
          />
        )}
        {rows.length > 0 && (
          <p class="muted">
            {`Each side stops where fewer than ${MIN_FAN_LIVES} of its lives are still running, `}
            too few to estimate the band.
          </p>
        )}
      </section>
    </>
  );
}

/** The chance of success and median estate of the matching lives, each against the other lives' with the difference's interval. */
function Outcomes({ outcome, filtered, currency }: { outcome: QueryAnswer; filtered: boolean; currency: string }) {
  const [success, estate] = outcome.select;
  const d = success?.difference;
  const decimals = pointDecimals(d?.standardError ?? 0);
  return (
    <>
      <div>
        <dt>Chance of success among them</dt>
        <dd data-figure="lives-success" data-value={success?.value ?? ''}>
          {percent(success?.value, success?.n ?? 0)}
        </dd>
        <dd class="definition">
          {filtered && success?.rest && d?.interval95
            ? `Against ${percent(success.rest.value, success.rest.n)} of the other lives: ${points(d.value, decimals)} ` +
              `(95% interval ${points(d.interval95[0], decimals)} to ${points(d.interval95[1], decimals)}).`
            : 'Essential spending met every year and every essential goal met.'}
        </dd>
      </div>
      <div>
        <dt>Estate at the end, median</dt>
        <dd data-figure="lives-estate">{money(estate?.value, currency)}</dd>
        <dd class="definition">
          {filtered && estate?.rest
            ? `Against ${money(estate.rest.value, currency)} for the other lives; today’s money.`
            : 'In today’s money.'}
        </dd>
      </div>
    </>
  );
}

function LivesFanTable({ rows, currency, filtered }: { rows: LivesFanRow[]; currency: string; filtered: boolean }) {
  const m = (x: number | null) => money(x, currency);
  return (
    <table class="numbers">
      <thead>
        <tr>
          <th scope="col">Age</th>
          <th scope="col">Year</th>
          <th scope="col">{filtered ? 'Matching lives running' : 'Lives running'}</th>
          <th scope="col">5th percentile</th>
          <th scope="col">25th</th>
          <th scope="col">Median</th>
          <th scope="col">75th</th>
          <th scope="col">95th</th>
          {filtered && (
            <>
              <th scope="col">Other lives running</th>
              <th scope="col">Others’ 25th</th>
              <th scope="col">Others’ median</th>
              <th scope="col">Others’ 75th</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <th scope="row">{r.age}</th>
            <td>{r.year}</td>
            <td>{count(r.lives)}</td>
            <td>{m(r.match.p5)}</td>
            <td>{m(r.match.p25)}</td>
            <td>{m(r.match.p50)}</td>
            <td>{m(r.match.p75)}</td>
            <td>{m(r.match.p95)}</td>
            {filtered && (
              <>
                <td>{count(r.others)}</td>
                <td>{m(r.rest.p25)}</td>
                <td>{m(r.rest.p50)}</td>
                <td>{m(r.rest.p75)}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
