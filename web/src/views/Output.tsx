/**
 * A simulation's output: the summary card, fan charts of net worth and liquid assets (real or
 * nominal, by the first member's age), the probability of depletion over time, each goal's
 * achievability, the sampled lives with their events, and a CSV download (the API's own CSV).
 */
import { useState } from 'preact/hooks';
import type { OutputDocument } from '../api.ts';
import { Chart } from '../charts/Chart.tsx';
import { depletionChart, fanChart, fanRows, goalsChart, lifeChart, type Metric, type View } from '../charts/figures.ts';
import { download } from '../csv.ts';
import { age, money, percent } from '../format.ts';

export interface OutputProps {
  output: OutputDocument;
  /** The member whose age is the x axis: the scenario's first member. */
  memberId: string;
  currency: string;
  filename: string;
  /** The output's yearly figures in CSV, as the API writes them. */
  csv: () => Promise<Response>;
}

export function Output({ output, memberId, currency, filename, csv }: OutputProps) {
  const [metric, setMetric] = useState<Metric>('netWorth');
  const [view, setView] = useState<View>('real');
  const [lifeIndex, setLifeIndex] = useState(Math.min(1, output.lives.length - 1));
  const s = output.summary;
  const ageLabel = `Age of ${memberId}`;
  const metricName = metric === 'netWorth' ? 'Net worth' : 'Liquid assets';
  const life = output.lives[lifeIndex];

  return (
    <div class="output">
      <section class="summary card" aria-labelledby="summary-title">
        <h2 id="summary-title">Summary</h2>
        <dl class="figures">
          <div>
            <dt>Success</dt>
            <dd data-figure="success" data-value={s.probabilityOfSuccess}>
              {percent(s.probabilityOfSuccess)}
            </dd>
          </div>
          <div>
            <dt>Runs out of money</dt>
            <dd data-figure="depletion">{percent(s.probabilityOfDepletion)}</dd>
          </div>
          <div>
            <dt>Median age at depletion</dt>
            <dd data-figure="depletion-age">{age(s.depletionAge.p50)}</dd>
          </div>
          <div>
            <dt>Terminal estate, median (today's money)</dt>
            <dd data-figure="terminal-estate-median" data-value={s.terminalEstate.p50 ?? ''}>
              {money(s.terminalEstate.p50, currency)}
            </dd>
          </div>
          <div>
            <dt>Terminal estate, p5 – p95</dt>
            <dd data-figure="terminal-estate-range">
              {money(s.terminalEstate.p5, currency)} – {money(s.terminalEstate.p95, currency)}
            </dd>
          </div>
        </dl>
        <p class="muted">
          {output.metadata.paths.toLocaleString()} paths, seed {output.metadata.seed}, {output.metadata.years} years from{' '}
          {output.metadata.startYear}.
        </p>
        {output.metadata.assumptionSet && (
          <details>
            <summary>Assumption set: {output.metadata.assumptionSet.country}</summary>
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
        <button type="button" class="secondary" onClick={async () => download(`${filename}.csv`, await csv())}>
          Download CSV
        </button>
      </section>

      <section aria-labelledby="fan-title">
        <h2 id="fan-title">{metricName} over time</h2>
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
              <input type="radio" name="view" checked={view === 'real'} onChange={() => setView('real')} /> Today's money
            </label>
            <label>
              <input type="radio" name="view" checked={view === 'nominal'} onChange={() => setView('nominal')} /> Nominal
            </label>
          </fieldset>
        </div>
        <Chart
          name={`fan-${metric}`}
          label={
            `${metricName} (${view === 'real' ? "today's money" : 'nominal'}) by ${ageLabel.toLowerCase()}: ` +
            'the median, the middle half (p25 to p75) and p5 to p95 of the paths'
          }
          draw={(width) => fanChart(fanRows(output, metric, view, memberId), width, ageLabel)}
          deps={[output, metric, view, memberId]}
        />
      </section>

      <div class="two-columns">
        <section aria-labelledby="depletion-title">
          <h2 id="depletion-title">Chance of having run out</h2>
          <Chart
            name="depletion"
            label={`Probability of having run out of money by ${ageLabel.toLowerCase()}`}
            draw={(width) => depletionChart(output, width, memberId, ageLabel)}
            deps={[output, memberId]}
          />
        </section>
        <section aria-labelledby="goals-title">
          <h2 id="goals-title">Goals</h2>
          <Chart
            name="goals"
            label="Each goal's achievability: the share of paths on which it was met when due"
            draw={(width) => goalsChart(output, width)}
            deps={[output]}
          />
        </section>
      </div>

      {life && (
        <section aria-labelledby="lives-title">
          <h2 id="lives-title">Sampled lives</h2>
          <p class="muted">Three paths, near the 10th, 50th and 90th percentiles of the terminal estate, with what happened on them.</p>
          <div class="tabs" role="tablist" aria-label="Sampled lives">
            {output.lives.map((l, i) => (
              <button type="button" role="tab" aria-selected={i === lifeIndex} onClick={() => setLifeIndex(i)}>
                {l.label}: {l.success ? 'succeeded' : 'fell short'}
              </button>
            ))}
          </div>
          <Chart
            name="life"
            label={`Net worth on the ${life.label} life, with its events`}
            draw={(width) => lifeChart(life, width, memberId, ageLabel, view)}
            deps={[life, memberId, view]}
          />
          <ol class="timeline" aria-label={`Events of the ${life.label} life`}>
            {life.events.map((e) => (
              <li>
                <time>{e.calendarYear}</time>{' '}
                <span class={`event event-${e.type.toLowerCase()}`}>{e.type.replace(/_/g, ' ').toLowerCase()}</span>
                {e.memberId && ` · ${e.memberId}`}
                {e.goalId && ` · ${e.goalId}`}
                {e.itemId && ` · ${e.itemId}`}
                {e.amount !== undefined && ` · ${money(e.amount, currency)}`}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
