/**
 * A comparison of two scenarios, life by life: each one's chance of success (the figure its own
 * Results show, as both run on the baseline's seed and lives), the difference with its 95%
 * interval, the lives whose outcome changed, the two medians beside the difference fan (the
 * alternative minus the baseline, life by life, with the medians' difference and its interval),
 * and the other figures compared.
 */
import { ScrollRegion } from '../components/ScrollRegion.tsx';
import { useEffect, useState } from 'preact/hooks';
import { api, untilDone, type Comparison, type Scenario } from '../api.ts';
import { Chart } from '../charts/Chart.tsx';
import { comparisonRows, mediansChart, palette } from '../charts/figures.ts';
import { DifferenceFan } from './DifferenceFan.tsx';
import { age, count, money, percent, pointDecimals, points } from '../format.ts';
import { useLoad } from '../components/useLoad.ts';
import { href } from '../router.ts';
import { RunProgress } from '../components/run-controls.tsx';

const figureNames: Record<string, string> = {
  probabilityOfSuccess: 'Chance of success',
  probabilityOfDepletion: 'Chance of falling short at least once',
  expectedShortfall: 'Shortfall over the plan, on average (today’s money)',
  'terminalEstate.p5': 'Estate at the end, 5th percentile (today’s money)',
  'terminalEstate.p50': 'Estate at the end, median (today’s money)',
  'terminalEstate.p95': 'Estate at the end, 95th percentile (today’s money)',
  'depletionAge.p50': 'Median age at the first shortfall',
};

const moneyFigures = new Set(['expectedShortfall', 'terminalEstate.mean', 'terminalEstate.p5', 'terminalEstate.p50', 'terminalEstate.p95']);

export function ComparisonPage({ householdId, comparisonId }: { householdId: string; comparisonId: string }) {
  const [run, setRun] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scenarios, setScenarios] = useState<[Scenario, Scenario] | null>(null);
  const household = useLoad(() => api.getHousehold(householdId), [householdId]);
  const currency = household.data?.currency ?? 'USD';

  useEffect(() => {
    let live = true;
    (async () => {
      const first = await api.getComparison(householdId, comparisonId);
      const done = await untilDone(
        first,
        (wait) => api.getComparison(householdId, comparisonId, wait),
        (r) => live && setRun(r),
      );
      if (done.status === 'FAILED') throw new Error(`The comparison failed: ${done.error?.reason ?? 'no reason given'}`);
      const pair = await Promise.all([
        api.getScenario(householdId, done.baselineScenarioId),
        api.getScenario(householdId, done.alternativeScenarioId),
      ]);
      if (live) setScenarios(pair);
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [householdId, comparisonId]);

  const doc = run?.status === 'COMPLETED' ? run.comparison : undefined;
  const success = doc?.summary.find((f) => f.figure === 'probabilityOfSuccess');
  const names: [string, string] = scenarios ? [scenarios[0].name, scenarios[1].name] : ['Baseline', 'Alternative'];
  const significant = success?.interval95 ? success.interval95[0] > 0 || success.interval95[1] < 0 : false;
  const n = doc?.metadata.paths ?? 1;
  const d = pointDecimals(success?.standardError ?? 0);
  const rows = doc ? comparisonRows(doc) : [];

  return (
    <section>
      <p class="crumbs">
        <a href={href.households()}>Households</a> › <a href={href.household(householdId)}>{household.data?.name ?? 'Household'}</a> ›
      </p>
      <h1>Comparison</h1>
      {error && <p role="alert">{error}</p>}
      {run && !doc && (
        <p aria-live="polite">
          <RunProgress run={run} label="Comparison progress" />
        </p>
      )}
      {doc && success && (
        <>
          <p class="muted">
            <strong>{names[1]}</strong> against <strong>{names[0]}</strong>, on the same {count(n)} simulated lives.
          </p>
          <section class="summary card" aria-labelledby="difference-title">
            <h2 id="difference-title">Difference in the chance of success</h2>
            <dl class="figures">
              <div>
                <dt>{names[0]}</dt>
                <dd data-figure="baseline-success" data-value={success.baseline ?? ''}>
                  {percent(success.baseline, n)}
                </dd>
              </div>
              <div>
                <dt>{names[1]}</dt>
                <dd data-figure="alternative-success" data-value={success.alternative ?? ''}>
                  {percent(success.alternative, n)}
                </dd>
              </div>
              <div>
                <dt>Difference</dt>
                <dd data-figure="success-difference" data-value={success.difference ?? ''}>
                  {points(success.difference, d)}
                </dd>
              </div>
              <div>
                <dt>95% interval</dt>
                <dd data-figure="success-interval" data-low={success.interval95?.[0] ?? ''} data-high={success.interval95?.[1] ?? ''}>
                  {success.interval95 ? `${points(success.interval95[0], d)} to ${points(success.interval95[1], d)}` : '–'}
                </dd>
              </div>
            </dl>
            <p>
              {significant
                ? 'The interval excludes zero: the change makes a real difference.'
                : 'The interval includes zero: no difference these lives can tell apart from chance.'}
            </p>
          </section>

          <section aria-labelledby="changes-title">
            <h2 id="changes-title">Lives whose outcome changed</h2>
            <dl class="figures">
              <div>
                <dt>Fell short, now succeed</dt>
                <dd data-figure="failed-to-succeeded">{count(doc.outcomeChanges.failedToSucceeded)}</dd>
              </div>
              <div>
                <dt>Succeeded, now fall short</dt>
                <dd data-figure="succeeded-to-failed">{count(doc.outcomeChanges.succeededToFailed)}</dd>
              </div>
              <div>
                <dt>Net</dt>
                <dd data-figure="net-change">{count(doc.outcomeChanges.net)}</dd>
              </div>
            </dl>
          </section>

          <div class="two-columns">
            <section aria-labelledby="medians-title">
              <h2 id="medians-title">Median net worth of each</h2>
              <Chart
                name="medians"
                label={`Median net worth in today’s money by year: ${names[0]} (solid) and ${names[1]} (dashed)`}
                draw={(width) => mediansChart(rows, names, width, currency)}
                deps={[doc, names[0], names[1], currency]}
                legend={[
                  { colour: palette.median, label: names[0], line: true },
                  { colour: palette.alternative, label: `${names[1]} (dashed)`, line: true },
                ]}
                table={<MediansTable rows={rows} names={names} currency={currency} />}
              />
            </section>
            <section aria-labelledby="difference-chart-title">
              <h2 id="difference-chart-title">
                {names[1]} minus {names[0]}
              </h2>
              <DifferenceFan doc={doc} names={names} currency={currency} />
            </section>
          </div>

          <section aria-labelledby="figures-title">
            <h2 id="figures-title">Other figures</h2>
            <ScrollRegion>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Figure</th>
                    <th scope="col">{names[0]}</th>
                    <th scope="col">{names[1]}</th>
                    <th scope="col">Difference</th>
                    <th scope="col">95% interval</th>
                  </tr>
                </thead>
                <tbody>
                  {doc.summary
                    .filter((f) => f.figure in figureNames)
                    .map((f) => {
                      const isMoney = moneyFigures.has(f.figure);
                      const isAge = f.figure.startsWith('depletionAge');
                      const fd = pointDecimals(f.standardError ?? 0);
                      const fmt = (x: number | null) =>
                        isMoney ? money(x, currency) : isAge ? (x === null ? 'never' : age(x)) : percent(x, n);
                      const fmtDifference = (x: number | null) =>
                        isMoney || isAge ? (isMoney ? money(x, currency) : age(x)) : points(x, fd);
                      return (
                        <tr>
                          <th scope="row">{figureNames[f.figure]}</th>
                          <td>{fmt(f.baseline)}</td>
                          <td>{fmt(f.alternative)}</td>
                          <td>{fmtDifference(f.difference)}</td>
                          <td>{f.interval95 ? `${fmtDifference(f.interval95[0])} to ${fmtDifference(f.interval95[1])}` : '–'}</td>
                        </tr>
                      );
                    })}
                </tbody>
              </table>
            </ScrollRegion>
          </section>
        </>
      )}
    </section>
  );
}

function MediansTable({ rows, names, currency }: { rows: ReturnType<typeof comparisonRows>; names: [string, string]; currency: string }) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Year</th>
          <th scope="col">{names[0]}</th>
          <th scope="col">{names[1]}</th>
          <th scope="col">Difference</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <td>{r.year}</td>
            <td>{money(r.baseline, currency)}</td>
            <td>{money(r.alternative, currency)}</td>
            <td>{money(r.difference, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
