/** One household: its scenarios (open, rename, delete, add), a comparison of two of them, and deleting the household. */
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { InlineRename } from '../components/InlineRename.tsx';
import { useLoad } from '../components/useLoad.ts';
import { href, navigate } from '../router.ts';
import { PathsInput } from '../components/run-controls.tsx';

export function HouseholdView({ householdId }: { householdId: string }) {
  const household = useLoad(() => api.getHousehold(householdId), [householdId]);
  const scenarios = useLoad(() => api.listScenarios(householdId), [householdId]);
  const [baseline, setBaseline] = useState('');
  const [alternative, setAlternative] = useState('');
  const [paths, setPaths] = useState(2000);
  const [compareError, setCompareError] = useState<string | null>(null);

  if (household.error) return <p role="alert">{household.error.message}</p>;
  if (!household.data) return <p aria-busy="true">Loading…</p>;
  const h = household.data;
  const list = scenarios.data?.content ?? [];

  const compare = async (event: Event) => {
    event.preventDefault();
    try {
      const run = await api.startComparison(householdId, {
        baselineScenarioId: baseline || list[0]?.id,
        alternativeScenarioId: alternative || list[1]?.id,
        paths,
      });
      navigate(href.comparison(householdId, run.id));
    } catch (error) {
      setCompareError(
        error instanceof ApiError ? [error.message, ...error.errors.map((e) => `${e.field}: ${e.message}`)].join(' ') : String(error),
      );
    }
  };

  return (
    <section>
      <p class="crumbs">
        <a href={href.households()}>Households</a> ›
      </p>
      <h1>
        {h.name} <span class="muted">{h.currency}</span>
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
        {list.map((s) => (
          <li class="card">
            <a href={href.scenario(householdId, s.id)}>{s.name}</a>
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
          <p class="muted">Both run on the same random numbers, path by path, so the difference is measured precisely.</p>
          <label for="baseline">Baseline</label>
          <select id="baseline" value={baseline || list[0].id} onChange={(e) => setBaseline((e.currentTarget as HTMLSelectElement).value)}>
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
          <PathsInput id="compare-paths" value={paths} onChange={setPaths} />
          <button type="submit">Compare</button>
          {compareError && (
            <p role="alert" class="field-error">
              {compareError}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
