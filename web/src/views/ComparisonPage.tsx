/**
 * A comparison of two scenarios: the difference in success with its 95% interval, the paths whose
 * outcome changed, the other figures compared, and both scenarios' fans overlaid (from each one's
 * latest output; the comparison's own median difference when one has none).
 */
import { useEffect, useState } from 'preact/hooks';
import { api, untilDone, type Comparison, type OutputDocument, type Scenario } from '../api.ts';
import { Chart } from '../charts/Chart.tsx';
import { fanRows, medianDifferenceChart, overlayChart } from '../charts/figures.ts';
import { money, percent, points } from '../format.ts';
import { useLoad } from '../components/useLoad.ts';
import { href } from '../router.ts';
import { RunProgress } from '../components/run-controls.tsx';

const figureNames: Record<string, string> = {
  probabilityOfSuccess: 'Success',
  probabilityOfDepletion: 'Runs out of money',
  expectedShortfall: 'Expected shortfall',
  'terminalEstate.p5': 'Terminal estate, p5',
  'terminalEstate.p50': 'Terminal estate, median',
  'terminalEstate.p95': 'Terminal estate, p95',
  'depletionAge.p50': 'Median age at depletion',
};

const moneyFigures = new Set(['expectedShortfall', 'terminalEstate.mean', 'terminalEstate.p5', 'terminalEstate.p50', 'terminalEstate.p95']);

export function ComparisonPage({ householdId, comparisonId }: { householdId: string; comparisonId: string }) {
  const [run, setRun] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scenarios, setScenarios] = useState<[Scenario, Scenario] | null>(null);
  const [outputs, setOutputs] = useState<[OutputDocument | null, OutputDocument | null] | null>(null);
  const household = useLoad(() => api.getHousehold(householdId), [householdId]);

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
      const latest = (sid: string) => api.latestOutput(householdId, sid).catch(() => null);
      const outs = await Promise.all([latest(done.baselineScenarioId), latest(done.alternativeScenarioId)]);
      if (live) setOutputs(outs);
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [householdId, comparisonId]);

  const doc = run?.status === 'COMPLETED' ? run.comparison : undefined;
  const success = doc?.summary.find((f) => f.figure === 'probabilityOfSuccess');
  const names: [string, string] = scenarios ? [scenarios[0].name, scenarios[1].name] : ['Baseline', 'Alternative'];
  const memberId = scenarios?.[0].members?.[0]?.id ?? '';
  const significant = success?.interval95 ? success.interval95[0] > 0 || success.interval95[1] < 0 : false;

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
            <strong>{names[1]}</strong> against <strong>{names[0]}</strong>, {doc.metadata.paths.toLocaleString()} paired paths, seed{' '}
            {doc.metadata.seed}.
          </p>
          <section class="summary card" aria-labelledby="difference-title">
            <h2 id="difference-title">Difference in success</h2>
            <dl class="figures">
              <div>
                <dt>{names[0]}</dt>
                <dd data-figure="baseline-success">{percent(success.baseline)}</dd>
              </div>
              <div>
                <dt>{names[1]}</dt>
                <dd data-figure="alternative-success">{percent(success.alternative)}</dd>
              </div>
              <div>
                <dt>Difference</dt>
                <dd data-figure="success-difference" data-value={success.difference ?? ''}>
                  {points(success.difference)}
                </dd>
              </div>
              <div>
                <dt>95% interval</dt>
                <dd data-figure="success-interval" data-low={success.interval95?.[0] ?? ''} data-high={success.interval95?.[1] ?? ''}>
                  {success.interval95 ? `${points(success.interval95[0])} to ${points(success.interval95[1])}` : '–'}
                </dd>
              </div>
            </dl>
            <p>
              {significant
                ? 'The interval excludes zero: the change makes a real difference.'
                : 'The interval includes zero: no difference this run can tell apart from chance.'}
            </p>
          </section>

          <section aria-labelledby="changes-title">
            <h2 id="changes-title">Paths that changed outcome</h2>
            <dl class="figures">
              <div>
                <dt>Failed, now succeed</dt>
                <dd data-figure="failed-to-succeeded">{doc.outcomeChanges.failedToSucceeded.toLocaleString()}</dd>
              </div>
              <div>
                <dt>Succeeded, now fail</dt>
                <dd data-figure="succeeded-to-failed">{doc.outcomeChanges.succeededToFailed.toLocaleString()}</dd>
              </div>
              <div>
                <dt>Net</dt>
                <dd data-figure="net-change">{doc.outcomeChanges.net.toLocaleString()}</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="overlay-title">
            <h2 id="overlay-title">Both fans</h2>
            {outputs?.[0] && outputs[1] ? (
              <Chart
                name="overlay"
                label={`Net worth in today's money by age of ${memberId}: p5 to p95 and the median of ${names[0]} and of ${names[1]}`}
                draw={(width) =>
                  overlayChart(
                    fanRows(outputs[0]!, 'netWorth', 'real', memberId),
                    fanRows(outputs[1]!, 'netWorth', 'real', memberId),
                    names,
                    width,
                    `Age of ${memberId}`,
                  )
                }
                deps={[outputs, memberId]}
              />
            ) : (
              <>
                <p class="muted">Run both scenarios to see their fans overlaid. Meanwhile, the comparison's own median difference:</p>
                <Chart
                  name="median-difference"
                  label="Median real net worth, alternative minus baseline, by year"
                  draw={(width) => medianDifferenceChart(doc, width)}
                  deps={[doc]}
                />
              </>
            )}
          </section>

          <section aria-labelledby="figures-title">
            <h2 id="figures-title">Other figures</h2>
            <div class="table-scroll">
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
                      const probability = !moneyFigures.has(f.figure) && !f.figure.startsWith('depletionAge');
                      const fmt = (x: number | null) =>
                        moneyFigures.has(f.figure)
                          ? money(x, household.data?.currency)
                          : probability
                            ? percent(x)
                            : x === null
                              ? '–'
                              : x.toFixed(1);
                      const fmtDifference = (x: number | null) => (probability ? points(x) : fmt(x));
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
            </div>
          </section>
        </>
      )}
    </section>
  );
}
