/** One scenario: run it and see its output, edit it, or make a what-if copy. */
import { useEffect, useState } from 'preact/hooks';
import {
  api,
  ApiError,
  untilDone,
  type FieldError,
  type OutputDocument,
  type Scenario,
  type ScenarioDocument,
  type Simulation,
} from '../api.ts';
import { useLoad } from '../components/useLoad.ts';
import { href } from '../router.ts';
import { Output } from './Output.tsx';
import { ScenarioEditor } from './ScenarioEditor.tsx';
import { Analyses } from './Analyses.tsx';
import { WhatIf } from './WhatIf.tsx';
import { PathsInput, RunProgress } from '../components/run-controls.tsx';

type Tab = 'results' | 'edit' | 'whatif' | 'analyses';

export function ScenarioPage({ householdId, scenarioId }: { householdId: string; scenarioId: string }) {
  const scenario = useLoad(() => api.getScenario(householdId, scenarioId), [householdId, scenarioId]);
  const household = useLoad(() => api.getHousehold(householdId), [householdId]);
  const [tab, setTab] = useState<Tab>('results');
  const [output, setOutput] = useState<(OutputDocument & { stale?: boolean }) | null | undefined>(undefined);
  const [run, setRun] = useState<Simulation | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [paths, setPaths] = useState(2000);
  const [editErrors, setEditErrors] = useState<FieldError[]>([]);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    setOutput(undefined);
    api.latestOutput(householdId, scenarioId).then(setOutput, (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) setOutput(null);
      else setRunError(String(error));
    });
  }, [householdId, scenarioId]);

  if (scenario.error) return <p role="alert">{scenario.error.message}</p>;
  if (!scenario.data) return <p aria-busy="true">Loading…</p>;
  const s = scenario.data;
  const firstMember = s.members?.[0]?.id ?? '';
  const currency = household.data?.currency ?? 'USD';
  // The API names the country on every scenario it writes; a document without one runs on the US set.
  const country = (s.assumptions as { country?: string } | undefined)?.country ?? 'US';

  const start = async (event: Event) => {
    event.preventDefault();
    setRunError(null);
    try {
      const created = await api.startSimulation(householdId, scenarioId, paths);
      const done = await untilDone(created, (wait) => api.getSimulation(householdId, scenarioId, created.id, wait), setRun);
      if (done.status === 'FAILED') throw new Error(`The run failed: ${done.error?.reason ?? 'no reason given'}`);
      setOutput(await api.simulationOutput(householdId, scenarioId, done.id));
    } catch (error) {
      setRunError(
        error instanceof ApiError
          ? [error.message, ...error.errors.map((e) => `${e.field}: ${e.message}`)].join(' ')
          : (error as Error).message,
      );
    } finally {
      setRun(null);
    }
  };

  const tabButton = (id: Tab, label: string) => (
    <button type="button" role="tab" id={`tab-${id}`} aria-controls={`panel-${id}`} aria-selected={tab === id} onClick={() => setTab(id)}>
      {label}
    </button>
  );

  return (
    <section>
      <p class="crumbs">
        <a href={href.households()}>Households</a> › <a href={href.household(householdId)}>{household.data?.name ?? 'Household'}</a> ›
      </p>
      <h1>{s.name}</h1>
      <p class="muted" data-figure="assumption-set">
        {country} assumption set: its mortality tables and economy are the defaults the scenario's assumptions override.
      </p>
      <div class="tabs" role="tablist" aria-label="Scenario">
        {tabButton('results', 'Results')}
        {tabButton('edit', 'Edit')}
        {tabButton('whatif', 'What if…')}
        {tabButton('analyses', 'Analyses')}
      </div>

      {tab === 'results' && (
        <div role="tabpanel" id="panel-results" aria-labelledby="tab-results">
          <form class="run" onSubmit={start}>
            <PathsInput id="run-paths" value={paths} onChange={setPaths} />
            <button type="submit" disabled={run !== null}>
              Run simulation
            </button>
            {run && (
              <span class="progress" aria-live="polite">
                <RunProgress run={run} label="Simulation progress" />
              </span>
            )}
          </form>
          {runError && (
            <p role="alert" class="field-error">
              {runError}
            </p>
          )}
          {output === null && !run && <p>Not run yet: run a simulation to see its results.</p>}
          {output?.stale && <p class="notice">The scenario has changed since this output was made: run it again.</p>}
          {output && (
            <Output
              output={output}
              memberId={firstMember}
              currency={currency}
              filename={s.name.replace(/[^A-Za-z0-9-]+/g, '-')}
              csv={() => api.latestOutputCsv(householdId, scenarioId)}
            />
          )}
        </div>
      )}

      {tab === 'edit' && (
        <div role="tabpanel" id="panel-edit" aria-labelledby="tab-edit">
          {saved && <p class="notice">{saved}</p>}
          <ScenarioEditor
            initial={stripResource(s)}
            errors={editErrors}
            submitLabel="Save scenario"
            onSubmit={async (doc) => {
              try {
                await api.replaceScenario(householdId, s, doc);
                setEditErrors([]);
                setSaved('Saved.');
                scenario.reload();
              } catch (error) {
                if (!(error instanceof ApiError)) throw error;
                setEditErrors(error.errors.length ? error.errors : [{ field: '', message: error.message }]);
                setSaved(null);
              }
            }}
          />
        </div>
      )}

      {tab === 'analyses' && (
        <div role="tabpanel" id="panel-analyses" aria-labelledby="tab-analyses">
          <Analyses householdId={householdId} scenario={s} currency={currency} />
        </div>
      )}

      {tab === 'whatif' && (
        <div role="tabpanel" id="panel-whatif" aria-labelledby="tab-whatif">
          <WhatIf householdId={householdId} scenario={s} />
        </div>
      )}
    </section>
  );
}

function stripResource(resource: Scenario): ScenarioDocument {
  const { id: _id, householdId: _h, createdAt: _c, updatedAt: _u, version: _v, ...document } = resource;
  return document as ScenarioDocument;
}
