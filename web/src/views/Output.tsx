/**
 * A simulation's results: the summary (each figure defined, rounded to what the number of lives
 * supports, its sampling error a hover away), the fan of net worth or liquid assets (today's
 * money or money of the day) by the main client's age, the chance of having fallen short, each
 * goal's chance, and three sampled lives with their events in words. Every chart has a legend,
 * tooltips and its figures as a table.
 */
import { useState } from 'preact/hooks';
import type { OutputDocument, ScenarioDocument } from '../api.ts';
import { Chart } from '../charts/Chart.tsx';
import {
  depletionChart,
  fanChart,
  fanLegend,
  fanRows,
  fanYears,
  goalsChart,
  lifeChart,
  MIN_FAN_LIVES,
  type Metric,
  type View,
} from '../charts/figures.ts';
import { download } from '../csv.ts';
import { age, count, money, percent, percentDecimals, standardError } from '../format.ts';
import { describeEvent, goalName, mainMember } from '../names.ts';
import { Tabs, panelId, tabId } from '../components/Tabs.tsx';
import { eventLegend, LifeTimeline } from '../components/LifeTimeline.tsx';

export interface OutputProps {
  output: OutputDocument;
  scenario: ScenarioDocument;
  currency: string;
  filename: string;
  /** The output's yearly figures in CSV, as the API writes them. */
  csv: () => Promise<Response>;
  onCashFlow?: () => void;
  /** Opens the Lives view, which filters and opens any life of the run. */
  onLives?: () => void;
}

/** The life labels of the output (`P10`...) in words. */
export const lifeNames: Record<string, string> = {
  P10: 'A poor outcome (10th percentile)',
  P50: 'A middle outcome (median)',
  P90: 'A good outcome (90th percentile)',
};

/** A probability with its sampling error on hover: "87%" titled "±0.7 points (one standard error), 2,000 lives". */
export function Probability({ value, paths, figure }: { value: number; paths: number; figure: string }) {
  const se = standardError(value, paths);
  return (
    <dd
      data-figure={figure}
      data-value={value}
      title={`±${(se * 100).toFixed(percentDecimals(value, paths) + 1)} points (one standard error), ${count(paths)} lives`}
    >
      {percent(value, paths)}
    </dd>
  );
}

export function Output({ output, scenario, currency, filename, csv, onCashFlow, onLives }: OutputProps) {
  const [metric, setMetric] = useState<Metric>('netWorth');
  const [view, setView] = useState<View>('real');
  const [lifeIndex, setLifeIndex] = useState(Math.min(1, output.lives.length - 1));
  const s = output.summary;
  const n = output.metadata.paths;
  const main = mainMember(scenario);
  const ageLabel = `Age of ${main.name}`;
  const metricName = metric === 'netWorth' ? 'Net worth' : 'Liquid assets';
  const viewName = view === 'real' ? 'today’s money' : 'money of each year';
  const life = output.lives[lifeIndex];
  const rows = fanRows(output, metric, view, main.id);
  const drawn = fanYears(output);
  const cut = drawn.length < output.timeSeries.length ? drawn[drawn.length - 1] : null;
  const goals = s.goals.map((g) => ({ goal: goalName(scenario, g.goalId), achievability: g.achievability }));

  return (
    <div class="output">
      <section class="summary card" aria-labelledby="summary-title">
        <h2 id="summary-title">Summary</h2>
        <dl class="figures">
          <div>
            <dt>Chance of success</dt>
            <Probability value={s.probabilityOfSuccess} paths={n} figure="success" />
            <dd class="definition">Essential spending met every year and every essential goal met.</dd>
          </div>
          <div>
            <dt>Chance of a cash squeeze</dt>
            <Probability value={s.probabilityOfCashSqueeze} paths={n} figure="cash-squeeze" />
            <dd class="definition">A year’s essential spending not fully met, then met again later.</dd>
          </div>
          <div>
            <dt>Chance of running out</dt>
            <Probability value={s.probabilityOfRunningOut} paths={n} figure="running-out" />
            <dd class="definition">Essential spending not met from some year to the end of the plan.</dd>
          </div>
          <div>
            <dt>Age of {main.name} at the first shortfall, median</dt>
            <dd data-figure="depletion-age">{s.depletionAge.p50 === null ? 'never' : age(s.depletionAge.p50)}</dd>
            <dd class="definition">Among the lives that fell short at all.</dd>
          </div>
          <div>
            <dt>Estate at the end, median</dt>
            <dd data-figure="terminal-estate-median" data-value={s.terminalEstate.p50 ?? ''}>
              {money(s.terminalEstate.p50, currency)}
            </dd>
            <dd class="definition">Net worth when the last adult dies, in today’s money.</dd>
          </div>
          <div>
            <dt>Estate at the end, 5th to 95th percentile</dt>
            <dd data-figure="terminal-estate-range">
              {money(s.terminalEstate.p5, currency)} to {money(s.terminalEstate.p95, currency)}
            </dd>
            <dd class="definition">In today’s money.</dd>
          </div>
        </dl>
        <p class="muted">
          {`${count(n)} simulated lives from ${output.metadata.startYear}, up to ${output.metadata.years} years. `}
          {`Percentages are rounded to what ${count(n)} lives can tell apart; hover over one for its sampling error.`}
        </p>
        {output.metadata.assumptionSet && (
          <details>
            <summary>Assumption set: {output.metadata.assumptionSet.country === 'UK' ? 'United Kingdom' : 'United States'}</summary>
            <dl>
              <dt>Mortality</dt>
              <dd>{output.metadata.assumptionSet.data.mortality}</dd>
              <dt>Mortality improvement</dt>
              <dd>{output.metadata.assumptionSet.data.mortalityImprovement}</dd>
              <dt>Economy</dt>
              <dd>{output.metadata.assumptionSet.data.economy}</dd>
              <dt>Disability and care</dt>
              <dd>{output.metadata.assumptionSet.data.morbidity}</dd>
            </dl>
          </details>
        )}
        <div class="actions">
          {onCashFlow && (
            <button type="button" onClick={onCashFlow}>
              Cash flow, year by year
            </button>
          )}
          {onLives && (
            <button type="button" class="secondary" onClick={onLives}>
              Explore the lives
            </button>
          )}
          <button type="button" class="secondary" onClick={async () => download(`${filename}.csv`, await csv())}>
            Download CSV
          </button>
        </div>
      </section>

      <section aria-labelledby="fan-title">
        <h2 id="fan-title">
          {metricName} over time, in {viewName}
        </h2>
        <div class="toggles">
          <fieldset class="segmented">
            <legend class="visually-hidden">Figure</legend>
            <label>
              <input type="radio" name="metric" checked={metric === 'netWorth'} onChange={() => setMetric('netWorth')} /> Net worth
            </label>
            <label>
              <input type="radio" name="metric" checked={metric === 'liquidAssets'} onChange={() => setMetric('liquidAssets')} /> Liquid
              assets
            </label>
          </fieldset>
          <fieldset class="segmented">
            <legend class="visually-hidden">Money</legend>
            <label>
              <input type="radio" name="view" checked={view === 'real'} onChange={() => setView('real')} /> Today’s money
            </label>
            <label>
              <input type="radio" name="view" checked={view === 'nominal'} onChange={() => setView('nominal')} /> Money of each year
            </label>
          </fieldset>
        </div>
        <Chart
          name={`fan-${metric}`}
          label={`${metricName} (${viewName}) by age of ${main.name}: the median life, the middle half and the middle 90% of lives`}
          draw={(width) => fanChart(rows, width, ageLabel, currency)}
          deps={[output, metric, view, main.id]}
          legend={fanLegend}
          table={<FanTable rows={rows} currency={currency} />}
        />
        {cut && (
          <p class="muted" data-fan-cut={cut.ages[main.id]}>
            {`The chart stops at age ${cut.ages[main.id]} of ${main.name} (${cut.calendarYear}): `}
            {`after that fewer than ${MIN_FAN_LIVES} of the ${count(n)} lives are still running, too few to estimate the band.`}
          </p>
        )}
      </section>

      <div class="two-columns">
        <section aria-labelledby="depletion-title">
          <h2 id="depletion-title">Chance of having fallen short</h2>
          <Chart
            name="depletion"
            label={`Chance that essential spending has fallen short at least once, by age of ${main.name}`}
            draw={(width) => depletionChart(output, width, main.id, ageLabel)}
            deps={[output, main.id]}
            legend={[{ colour: '#b3261e', label: 'Fallen short at least once by that age', line: true }]}
            table={
              <table>
                <thead>
                  <tr>
                    <th scope="col">Age</th>
                    <th scope="col">Year</th>
                    <th scope="col">Chance</th>
                  </tr>
                </thead>
                <tbody>
                  {drawn.map((t) => (
                    <tr>
                      <td>{t.ages[main.id]}</td>
                      <td>{t.calendarYear}</td>
                      <td>{percent(t.depleted, n)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          />
        </section>
        <section aria-labelledby="goals-title">
          <h2 id="goals-title">Goals</h2>
          {goals.length === 0 ? (
            <p>No goals in this plan.</p>
          ) : (
            <Chart
              name="goals"
              label="Each goal’s chance of being met in full whenever it falls due"
              draw={(width) => goalsChart(goals, n, width)}
              deps={[output, scenario]}
              legend={[{ colour: '#2e7d4f', label: 'Chance the goal is met' }]}
              table={
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Goal</th>
                      <th scope="col">Chance met</th>
                    </tr>
                  </thead>
                  <tbody>
                    {goals.map((g) => (
                      <tr>
                        <th scope="row">{g.goal}</th>
                        <td>{g.achievability === null ? 'never due' : percent(g.achievability, n)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              }
            />
          )}
        </section>
      </div>

      {life && (
        <section aria-labelledby="lives-title">
          <h2 id="lives-title">Three of the lives</h2>
          <p class="muted">Lives near the 10th, 50th and 90th percentiles of the estate at the end, with what happened on each.</p>
          <Tabs
            label="Sampled lives"
            idPrefix="life"
            tabs={output.lives.map((l, i) => ({
              id: String(i),
              label: `${lifeNames[l.label] ?? l.label}: ${l.success ? 'succeeded' : 'fell short'}`,
            }))}
            selected={String(lifeIndex)}
            onSelect={(id) => setLifeIndex(Number(id))}
          />
          <div role="tabpanel" id={panelId('life', String(lifeIndex))} aria-labelledby={tabId('life', String(lifeIndex))}>
            <Chart
              name="life"
              label={`Net worth (${viewName}) in ${lifeNames[life.label] ?? life.label}, with its events`}
              draw={(width) => lifeChart(life, width, main.id, ageLabel, view, currency, (e) => describeEvent(scenario, e, currency))}
              deps={[life, main.id, view, scenario]}
              legend={eventLegend(life.events)}
            />
            <LifeTimeline events={life.events} scenario={scenario} currency={currency} />
          </div>
        </section>
      )}
    </div>
  );
}

function FanTable({ rows, currency }: { rows: ReturnType<typeof fanRows>; currency: string }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Age</th>
          <th scope="col">Year</th>
          <th scope="col">5th percentile</th>
          <th scope="col">25th</th>
          <th scope="col">Median</th>
          <th scope="col">75th</th>
          <th scope="col">95th</th>
          <th scope="col">Lives running</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <td>{r.age}</td>
            <td>{r.year}</td>
            <td>{money(r.p5, currency)}</td>
            <td>{money(r.p25, currency)}</td>
            <td>{money(r.p50, currency)}</td>
            <td>{money(r.p75, currency)}</td>
            <td>{money(r.p95, currency)}</td>
            <td>{count(r.lives)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
