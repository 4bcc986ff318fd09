/**
 * Analyses of a scenario (docs/ANALYSES.md): the solver's answer with its trials, the diagnosis's
 * causes and actions, a tornado chart for sensitivity and a table for stress tests. Each runs on
 * the API like a simulation and shows its progress.
 */
import { useState } from 'preact/hooks';
import { api, ApiError, untilDone, type Analysis, type AnalysisDocument, type AnalysisRequest, type Scenario } from '../api.ts';
import { Chart } from '../charts/Chart.tsx';
import { tornadoChart } from '../charts/figures.ts';
import { ErrorText } from '../components/fields.tsx';
import { money, percent, points } from '../format.ts';
import { PathsInput, RunProgress } from '../components/run-controls.tsx';

type Kind = AnalysisRequest['type'];
type Solve = NonNullable<AnalysisDocument['solve']>;

const kinds: { kind: Kind; label: string }[] = [
  { kind: 'SOLVE', label: 'Solve: what value of one lever reaches a target' },
  { kind: 'DIAGNOSE', label: 'Diagnose: why paths fail, and what fixes the plan' },
  { kind: 'SENSITIVITY', label: 'Sensitivity: which assumption matters most' },
  { kind: 'STRESS', label: 'Stress: crashes, inflation, rates, bad decades' },
];

const interval = (e: { value: number; interval95: [number, number] }, fmt: (x: number) => string) =>
  `${fmt(e.value)} (${fmt(e.interval95[0])} to ${fmt(e.interval95[1])})`;

export function Analyses({ householdId, scenario, currency }: { householdId: string; scenario: Scenario; currency: string }) {
  const adults = (scenario.members ?? []).filter((m) => m.role !== 'DEPENDANT');
  const accounts = (scenario.accounts as { id: string }[] | undefined) ?? [];
  const levers = [
    { key: 'SPENDING', label: 'Yearly spending', lever: { type: 'SPENDING' } },
    ...adults.map((m) => ({
      key: `RETIREMENT_AGE:${m.id}`,
      label: `Retirement age of ${m.id}`,
      lever: { type: 'RETIREMENT_AGE', memberId: m.id },
    })),
    ...accounts.map((a) => ({
      key: `CONTRIBUTION:${a.id}`,
      label: `Yearly contribution to ${a.id}`,
      lever: { type: 'CONTRIBUTION', accountId: a.id },
    })),
    { key: 'LUMP_SUM', label: 'A lump sum today', lever: { type: 'LUMP_SUM' } },
  ] as const;
  const [kind, setKind] = useState<Kind>('SENSITIVITY');
  const [leverKey, setLeverKey] = useState<string>('SPENDING');
  const [target, setTarget] = useState('0.85');
  const [paths, setPaths] = useState(500);
  const [run, setRun] = useState<Analysis | null>(null);
  const [result, setResult] = useState<AnalysisDocument | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const start = async (event: Event) => {
    event.preventDefault();
    setErrors([]);
    setResult(null);
    const probability = Number(target);
    const request: AnalysisRequest =
      kind === 'SOLVE'
        ? { type: 'SOLVE', lever: levers.find((l) => l.key === leverKey)!.lever as never, target: { probability } }
        : kind === 'DIAGNOSE'
          ? { type: 'DIAGNOSE', target: { probability } }
          : { type: kind };
    try {
      const created = await api.startAnalysis(householdId, scenario.id, { ...request, paths });
      const done = await untilDone(created, (wait) => api.getAnalysis(householdId, scenario.id, created.id, wait), setRun);
      if (done.status === 'FAILED') throw new Error(`The analysis failed: ${done.error?.reason ?? 'no reason given'}`);
      setResult(done.analysis ?? (await api.getAnalysis(householdId, scenario.id, done.id)).analysis ?? null);
    } catch (error) {
      setErrors(
        error instanceof ApiError
          ? error.errors.length
            ? error.errors.map((e) => `${e.field}: ${e.message}`)
            : [error.message]
          : [(error as Error).message],
      );
    } finally {
      setRun(null);
    }
  };

  return (
    <div class="analyses">
      <form class="create" onSubmit={start}>
        <h2>Analyses</h2>
        <p class="muted">Every variant runs on the same paths as the plan itself, so differences are measured path by path.</p>
        <label for="analysis-kind">Analysis</label>
        <select id="analysis-kind" value={kind} onChange={(e) => setKind((e.currentTarget as HTMLSelectElement).value as Kind)}>
          {kinds.map((k) => (
            <option value={k.kind}>{k.label}</option>
          ))}
        </select>
        {kind === 'SOLVE' && (
          <>
            <label for="analysis-lever">Lever</label>
            <select id="analysis-lever" value={leverKey} onChange={(e) => setLeverKey((e.currentTarget as HTMLSelectElement).value)}>
              {levers.map((l) => (
                <option value={l.key}>{l.label}</option>
              ))}
            </select>
          </>
        )}
        {(kind === 'SOLVE' || kind === 'DIAGNOSE') && (
          <>
            <label for="analysis-target">Target chance of success</label>
            <input
              id="analysis-target"
              type="number"
              min={0.01}
              max={0.99}
              step={0.01}
              value={target}
              onInput={(e) => setTarget((e.currentTarget as HTMLInputElement).value)}
            />
          </>
        )}
        <PathsInput id="analysis-paths" value={paths} onChange={setPaths} />
        <button type="submit" disabled={run !== null}>
          Run analysis
        </button>
        {run && (
          <span class="progress" aria-live="polite">
            <RunProgress run={run} label="Analysis progress" />
          </span>
        )}
        <ErrorText id="analysis-error" messages={errors} />
      </form>
      {result?.solve && <SolveView solve={result.solve} currency={currency} />}
      {result?.diagnose && <DiagnoseView doc={result.diagnose} currency={currency} />}
      {result?.sensitivity && <SensitivityView doc={result.sensitivity} currency={currency} />}
      {result?.stress && <StressView doc={result.stress} />}
    </div>
  );
}

function leverValue(solve: Solve, x: number, currency: string): string {
  return solve.lever.unit === 'YEARS' ? `${x} years` : money(x, currency);
}

function SolveView({ solve, currency }: { solve: Solve; currency: string }) {
  return (
    <section class="summary card" aria-labelledby="solve-title" data-analysis="solve">
      <h2 id="solve-title">
        {solve.lever.type.replace(/_/g, ' ').toLowerCase()}
        {solve.lever.itemId ? ` (${solve.lever.itemId})` : ''}: {solve.status.replace(/_/g, ' ').toLowerCase()}
      </h2>
      <dl class="figures">
        <div>
          <dt>Value</dt>
          <dd data-figure="solve-value">{leverValue(solve, solve.value, currency)}</dd>
        </div>
        <div>
          <dt>Change from today ({leverValue(solve, solve.lever.current, currency)})</dt>
          <dd>{solve.lever.unit === 'YEARS' ? `${solve.change > 0 ? '+' : ''}${solve.change}` : money(solve.change, currency)}</dd>
        </div>
        <div>
          <dt>Chance of success there</dt>
          <dd>{percent(solve.probability.value)}</dd>
        </div>
        <div>
          <dt>Effect against today's plan</dt>
          <dd>{interval(solve.effect, points)}</dd>
        </div>
      </dl>
      {solve.reason && <p>{solve.reason}</p>}
      <details>
        <summary>The {solve.trials.length} values tried</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Value</th>
              <th scope="col">Chance of success</th>
              <th scope="col">How it was found</th>
            </tr>
          </thead>
          <tbody>
            {solve.trials.map((t) => (
              <tr>
                <td>{leverValue(solve, t.value, currency)}</td>
                <td>{percent(t.probability)}</td>
                <td>{t.source === 'SIMULATED' ? 'simulated' : 'read off the switch points'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function DiagnoseView({ doc, currency }: { doc: NonNullable<AnalysisDocument['diagnose']>; currency: string }) {
  return (
    <section aria-labelledby="diagnose-title" data-analysis="diagnose">
      <h2 id="diagnose-title">Diagnosis</h2>
      <p>
        Success {percent(doc.probability.value)}; {doc.failingPaths.toLocaleString()} paths fail.
      </p>
      <h3>Causes</h3>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Cause</th>
              <th scope="col">Among failing paths</th>
              <th scope="col">Among all paths</th>
              <th scope="col">Lift (95% interval)</th>
            </tr>
          </thead>
          <tbody>
            {doc.causes.map((c) => (
              <tr>
                <th scope="row">{c.description}</th>
                <td>{percent(c.amongFailing)}</td>
                <td>{percent(c.amongAll)}</td>
                <td>
                  {c.lift ? `${c.lift.value.toFixed(2)} (${c.lift.interval95[0].toFixed(2)} to ${c.lift.interval95[1].toFixed(2)})` : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Actions, the smallest change first</h3>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Lever</th>
              <th scope="col">Outcome</th>
              <th scope="col">Value</th>
              <th scope="col">Chance of success</th>
              <th scope="col">Effect (95% interval)</th>
            </tr>
          </thead>
          <tbody>
            {doc.actions.map((a) => (
              <tr>
                <th scope="row">
                  {a.lever.type.replace(/_/g, ' ').toLowerCase()}
                  {a.lever.itemId ? ` (${a.lever.itemId})` : ''}
                </th>
                <td>{a.status.replace(/_/g, ' ').toLowerCase()}</td>
                <td>{leverValue(a, a.value, currency)}</td>
                <td>{percent(a.probability.value)}</td>
                <td>{interval(a.effect, points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function SensitivityView({ doc, currency }: { doc: NonNullable<AnalysisDocument['sensitivity']>; currency: string }) {
  const rows = doc.inputs.map((i) => ({
    input: i.input.replace(/_/g, ' ').toLowerCase(),
    down: i.successChange.down.value,
    up: i.successChange.up.value,
  }));
  return (
    <section aria-labelledby="sensitivity-title" data-analysis="sensitivity">
      <h2 id="sensitivity-title">Sensitivity</h2>
      <p>Success today {percent(doc.base.success)}. Each assumption moved down and up, on the same paths:</p>
      <Chart
        name="tornado"
        label="Change in the chance of success when each assumption moves down (red) and up (blue), the largest swing on top"
        draw={(width) => tornadoChart(rows, width)}
        deps={[doc]}
      />
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Assumption</th>
              <th scope="col">Down to</th>
              <th scope="col">Success change</th>
              <th scope="col">Up to</th>
              <th scope="col">Success change</th>
              <th scope="col">Median estate change (down / up)</th>
            </tr>
          </thead>
          <tbody>
            {doc.inputs.map((i) => (
              <tr>
                <th scope="row">{i.input.replace(/_/g, ' ').toLowerCase()}</th>
                <td>{i.down}</td>
                <td>{interval(i.successChange.down, points)}</td>
                <td>{i.up}</td>
                <td>{interval(i.successChange.up, points)}</td>
                <td>
                  {money(i.medianTerminalEstateChange.down.value, currency)} / {money(i.medianTerminalEstateChange.up.value, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StressView({ doc }: { doc: NonNullable<AnalysisDocument['stress']> }) {
  return (
    <section aria-labelledby="stress-title" data-analysis="stress">
      <h2 id="stress-title">Stress tests</h2>
      <p>Success without a shock: {percent(doc.base.success)}.</p>
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Shock</th>
              <th scope="col">Success</th>
              <th scope="col">Change (95% interval)</th>
              <th scope="col">Runs out of money</th>
              <th scope="col">Median age at depletion</th>
            </tr>
          </thead>
          <tbody>
            {doc.shocks.map((s) => (
              <tr>
                <th scope="row">{s.description}</th>
                <td>{percent(s.outcome.success)}</td>
                <td>{interval(s.successChange, points)}</td>
                <td>{percent(s.outcome.depletion)}</td>
                <td>{s.outcome.medianDepletionAge === null ? '–' : s.outcome.medianDepletionAge.toFixed(0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
