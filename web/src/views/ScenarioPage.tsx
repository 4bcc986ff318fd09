/**
 * One scenario: run it and see its results, edit it, make a what-if copy, analyse it. Results
 * are marked out of date the moment the plan is edited, with a button that saves and runs again.
 * Runs take the scenario's own seed and number of lives, so its success figure is the same here,
 * in comparisons and in analyses.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
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
import { panelId, tabId, Tabs } from '../components/Tabs.tsx';
import { describeApiError } from '../components/api-errors.ts';
import { CashFlow } from './CashFlow.tsx';
import { Report } from './Report.tsx';
import { Lives } from '../lives/Lives.tsx';

type Tab = 'results' | 'lives' | 'cashflow' | 'report' | 'edit' | 'whatif' | 'analyses';

export function ScenarioPage({ householdId, scenarioId }: { householdId: string; scenarioId: string }) {
  const scenario = useLoad(() => api.getScenario(householdId, scenarioId), [householdId, scenarioId]);
  const household = useLoad(() => api.getHousehold(householdId), [householdId]);
  const [tab, setTab] = useState<Tab>('results');
  /** The output shown, with the run it came from (`simulationId`), whose lives the Lives tab replays. */
  const [output, setOutput] = useState<(OutputDocument & { stale?: boolean; simulationId?: string }) | null | undefined>(undefined);
  const [run, setRun] = useState<Simulation | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [paths, setPaths] = useState<number | null>(null);
  const [editErrors, setEditErrors] = useState<FieldError[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  /** The plan as edited and not saved yet. */
  const [draft, setDraft] = useState<ScenarioDocument | null>(null);
  /** Saved since the results shown were made. */
  const [changed, setChanged] = useState(false);
  const livesOpened = useRef(false);
  if (tab === 'lives') livesOpened.current = true;

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
  const currency = household.data?.currency ?? 'USD';
  // The API names the country on every scenario it writes; a document without one runs on the US set.
  const country = (s.assumptions as { country?: string } | undefined)?.country ?? 'US';
  const countryName = country === 'UK' ? 'United Kingdom' : 'United States';
  const defaultPaths = (s.simulation as { paths?: number } | undefined)?.paths ?? 1000;
  const stale = output ? draft !== null || changed || output.stale === true : false;

  const save = async (doc: ScenarioDocument): Promise<boolean> => {
    try {
      await api.replaceScenario(householdId, s, doc);
      setEditErrors([]);
      setSaved('Saved.');
      setDraft(null);
      setChanged(true);
      scenario.reload();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setEditErrors(error.errors.length ? error.errors : [{ field: '', message: error.message }]);
      setSaved(null);
      setTab('edit');
      return false;
    }
  };

  const start = async () => {
    setRunError(null);
    try {
      const created = await api.startSimulation(householdId, scenarioId, paths ?? undefined);
      const done = await untilDone(created, (wait) => api.getSimulation(householdId, scenarioId, created.id, wait), setRun);
      if (done.status === 'FAILED') throw new Error(`The run failed: ${done.error?.reason ?? 'no reason given'}`);
      setOutput({ ...(await api.simulationOutput(householdId, scenarioId, done.id)), simulationId: done.id });
      setChanged(false);
    } catch (error) {
      setRunError(describeApiError(error));
    } finally {
      setRun(null);
    }
  };
  const rerun = async () => {
    if (draft && !(await save(draft))) return;
    setTab('results');
    await start();
  };

  const tabs: { id: Tab; label: string }[] = [
    { id: 'results', label: stale ? 'Results (out of date)' : 'Results' },
    { id: 'cashflow', label: 'Cash flow' },
    { id: 'lives', label: 'Lives' },
    { id: 'report', label: 'Client report' },
    { id: 'edit', label: draft ? 'Edit (unsaved)' : 'Edit' },
    { id: 'whatif', label: 'What if…' },
    { id: 'analyses', label: 'Analyses' },
  ];
  const panel = (id: Tab) => ({
    role: 'tabpanel' as const,
    id: panelId('scenario', id),
    'aria-labelledby': tabId('scenario', id),
    tabIndex: 0,
  });

  return (
    <section>
      <p class="crumbs">
        <a href={href.households()}>Households</a> › <a href={href.household(householdId)}>{household.data?.name ?? 'Household'}</a> ›
      </p>
      <h1>{s.name}</h1>
      <p class="muted" data-figure="assumption-set">
        {countryName} assumption set: its mortality tables and economy are the defaults the scenario's assumptions override.
      </p>
      {stale && (
        <p class="notice stale" role="status" data-stale="true">
          <strong>Out of date:</strong>{' '}
          {draft ? 'the plan has changes not saved yet, ' : 'the plan has changed since these results were made, '}
          so the figures below are for the plan as it was.{' '}
          <button type="button" onClick={rerun} disabled={run !== null}>
            {draft ? 'Save and run again' : 'Run again'}
          </button>
        </p>
      )}
      <Tabs label="Scenario" idPrefix="scenario" tabs={tabs} selected={tab} onSelect={setTab} />

      {tab === 'results' && (
        <div {...panel('results')}>
          <form
            class="run"
            onSubmit={(e) => {
              e.preventDefault();
              void start();
            }}
          >
            <PathsInput id="run-paths" value={paths ?? defaultPaths} onChange={setPaths} />
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
          {output && (
            <Output
              output={output}
              scenario={s}
              currency={currency}
              filename={s.name.replace(/[^A-Za-z0-9-]+/g, '-')}
              csv={() => api.latestOutputCsv(householdId, scenarioId)}
              onCashFlow={() => setTab('cashflow')}
              onLives={() => setTab('lives')}
            />
          )}
        </div>
      )}

      {/* Once opened, Lives stays on the page (hidden behind other tabs), so its filter and answer outlive a look elsewhere. */}
      {(tab === 'lives' || livesOpened.current) && (
        <div {...panel('lives')} hidden={tab !== 'lives'}>
          {output?.simulationId ? (
            <Lives
              key={output.simulationId}
              address={{ householdId, scenarioId, simulationId: output.simulationId }}
              scenario={s}
              currency={currency}
              run={output.metadata}
              stale={stale}
            />
          ) : (
            <p>Run the plan to see its lives.</p>
          )}
        </div>
      )}

      {tab === 'cashflow' && (
        <div {...panel('cashflow')}>
          {output ? <CashFlow output={output} scenario={s} currency={currency} /> : <p>Run the plan to see its cash flow.</p>}
        </div>
      )}

      {tab === 'report' && (
        <div {...panel('report')}>
          {output ? (
            <Report householdId={householdId} scenario={s} output={output} currency={currency} />
          ) : (
            <p>Run the plan to make its report.</p>
          )}
        </div>
      )}

      {tab === 'edit' && (
        <div {...panel('edit')}>
          {saved && <p class="notice">{saved}</p>}
          <ScenarioEditor
            initial={draft ?? stripResource(s)}
            errors={editErrors}
            currency={currency}
            submitLabel="Save scenario"
            onEdit={(doc) => (setDraft(doc), setSaved(null))}
            onSubmit={async (doc) => void (await save(doc))}
          />
        </div>
      )}

      {tab === 'analyses' && (
        <div {...panel('analyses')}>
          <Analyses householdId={householdId} scenario={s} currency={currency} />
        </div>
      )}

      {tab === 'whatif' && (
        <div {...panel('whatif')}>
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
