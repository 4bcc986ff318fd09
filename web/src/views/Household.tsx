/**
 * One household: its scenarios with each one's last result and when it was made (open, rename,
 * delete, add), a comparison of two of them, the comparisons made before with their results, and
 * deleting the household.
 */
import { ScrollRegion } from '../components/ScrollRegion.tsx';
import { useState } from 'preact/hooks';
import { api, type Scenario } from '../api.ts';
import { InlineRename } from '../components/InlineRename.tsx';
import { useLoad } from '../components/useLoad.ts';
import { describeApiError } from '../components/api-errors.ts';
import { href, navigate } from '../router.ts';
import { PathsInput } from '../components/run-controls.tsx';
import { count, percent, pointDecimals, points, when } from '../format.ts';
import { say } from '../words.ts';

export function HouseholdView({ householdId }: { householdId: string }) {
  const household = useLoad(() => api.getHousehold(householdId), [householdId]);
  const scenarios = useLoad(() => api.listScenarios(householdId), [householdId]);
  const results = useLoad(
    () => Promise.all((scenarios.data?.content ?? []).map((s) => api.lastResult(householdId, s.id).catch(() => null))),
    [scenarios.data],
  );
  const comparisons = useLoad(() => api.listComparisons(householdId), [householdId]);
  const comparisonDocs = useLoad(
    () =>
      Promise.all(
        (comparisons.data?.content ?? []).filter((c) => c.status === 'COMPLETED').map((c) => api.getComparison(householdId, c.id)),
      ),
    [comparisons.data],
  );
  const [baseline, setBaseline] = useState('');
  const [alternative, setAlternative] = useState('');
  const [paths, setPaths] = useState<number | null>(null);
  const [compareError, setCompareError] = useState<string | null>(null);

  if (household.error) return <p role="alert">{household.error.message}</p>;
  if (!household.data) return <p aria-busy="true">Loading…</p>;
  const h = household.data;
  const list = scenarios.data?.content ?? [];
  const nameOf = (id: string) => list.find((s) => s.id === id)?.name ?? 'a deleted scenario';
  const baselineId = baseline || list[0]?.id;
  const baselinePaths = (list.find((s) => s.id === baselineId)?.simulation as { paths?: number } | undefined)?.paths ?? 1000;

  const compare = async (event: Event) => {
    event.preventDefault();
    try {
      const run = await api.startComparison(householdId, {
        baselineScenarioId: baselineId,
        alternativeScenarioId: alternative || list[1]?.id,
        ...(paths === null ? {} : { paths }),
      });
      navigate(href.comparison(householdId, run.id));
    } catch (error) {
      setCompareError(describeApiError(error));
    }
  };

  return (
    <section>
      <p class="crumbs">
        <a href={href.households()}>Households</a> ›
      </p>
      <h1>
        {h.name} <span class="muted">({h.currency})</span>
      </h1>
      <p class="actions">
        <InlineRename name={h.name} label="household" onRename={async (name) => (await api.renameHousehold(h, name), household.reload())} />
        <button
          type="button"
          class="link danger"
          onClick={async () =>
            confirm(`Delete ${h.name} and all its scenarios?`) && (await api.deleteHousehold(h.id), navigate(href.households()))
          }
        >
          Delete household
        </button>
      </p>

      <h2>Scenarios</h2>
      {scenarios.error && <p role="alert">{scenarios.error.message}</p>}
      {list.length === 0 && scenarios.data && <p>No scenario yet.</p>}
      <ul class="cards">
        {list.map((s, i) => (
          <li class="card" data-scenario={s.name}>
            <span class="card-main">
              <a href={href.scenario(householdId, s.id)}>{s.name}</a>
              <LastResult result={results.data?.[i]} loading={!results.data} scenario={s} />
            </span>
            <span class="actions">
              <InlineRename
                name={s.name}
                label="scenario"
                onRename={async (name) => (await api.renameScenario(householdId, s, name), scenarios.reload())}
              />
              <button
                type="button"
                class="link danger"
                aria-label={`Delete scenario ${s.name}`}
                onClick={async () => confirm(`Delete ${s.name}?`) && (await api.deleteScenario(householdId, s.id), scenarios.reload())}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      <p>
        <a class="button" href={href.newScenario(householdId)}>
          New scenario
        </a>
      </p>

      {list.length >= 2 && (
        <form class="create" onSubmit={compare}>
          <h2>Compare two scenarios</h2>
          <p class="muted">Both run on the baseline’s lives, one by one, so the difference is measured precisely.</p>
          <label for="baseline">Baseline</label>
          <select id="baseline" value={baselineId} onChange={(e) => setBaseline((e.currentTarget as HTMLSelectElement).value)}>
            {list.map((s) => (
              <option value={s.id}>{s.name}</option>
            ))}
          </select>
          <label for="alternative">Alternative</label>
          <select
            id="alternative"
            value={alternative || list[1].id}
            onChange={(e) => setAlternative((e.currentTarget as HTMLSelectElement).value)}
          >
            {list.map((s) => (
              <option value={s.id}>{s.name}</option>
            ))}
          </select>
          <PathsInput id="compare-paths" value={paths ?? baselinePaths} onChange={setPaths} />
          <button type="submit">Compare</button>
          {compareError && (
            <p role="alert" class="field-error">
              {compareError}
            </p>
          )}
        </form>
      )}

      {(comparisons.data?.content.length ?? 0) > 0 && (
        <section aria-labelledby="comparisons-title">
          <h2 id="comparisons-title">Comparisons made</h2>
          <ScrollRegion>
            <table data-table="saved-comparisons">
              <thead>
                <tr>
                  <th scope="col">Alternative against baseline</th>
                  <th scope="col">Made</th>
                  <th scope="col">Lives</th>
                  <th scope="col">Difference in success</th>
                </tr>
              </thead>
              <tbody>
                {comparisons.data!.content.map((c) => {
                  const figure = comparisonDocs.data
                    ?.find((d) => d.id === c.id)
                    ?.comparison?.summary.find((f) => f.figure === 'probabilityOfSuccess');
                  return (
                    <tr>
                      <th scope="row">
                        <a href={href.comparison(householdId, c.id)}>
                          {nameOf(c.alternativeScenarioId)} against {nameOf(c.baselineScenarioId)}
                        </a>
                      </th>
                      <td>{when(c.createdAt)}</td>
                      <td>{count(c.paths)}</td>
                      <td>{figure ? points(figure.difference, pointDecimals(figure.standardError ?? 0)) : say(c.status)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      )}
    </section>
  );
}

function LastResult({
  result,
  loading,
  scenario,
}: {
  result: Awaited<ReturnType<typeof api.lastResult>> | undefined;
  loading: boolean;
  scenario: Scenario;
}) {
  if (loading) return <span class="muted">…</span>;
  if (!result) return <span class="muted">Not run yet</span>;
  const n = result.output.metadata.paths;
  return (
    <span class="muted" data-last-result={scenario.name}>
      Chance of success <strong>{percent(result.output.summary.probabilityOfSuccess, n)}</strong>,{' '}
      {when(result.run.completedAt ?? result.run.createdAt)}
      {result.output.stale ? ' (out of date: the plan has changed since)' : ''}
    </span>
  );
}
