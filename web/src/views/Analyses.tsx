/**
 * Analyses of a scenario (docs/ANALYSES.md): the solver's answer with its trials, the diagnosis's
 * causes and actions, a tornado chart for sensitivity and a table for stress tests, all in words.
 * Each runs on the API on the scenario's own seed and number of lives, so its base success is the
 * figure Results shows. Earlier analyses are listed with their results and can be opened again.
 */
import { ScrollRegion } from '../components/ScrollRegion.tsx';
import type { Doc } from '../forms/doc.ts';
import { useState } from 'preact/hooks';
import { api, untilDone, type Analysis, type AnalysisDocument, type AnalysisRequest, type Scenario } from '../api.ts';
import { Chart } from '../charts/Chart.tsx';
import { tornadoChart } from '../charts/figures.ts';
import { ErrorText } from '../components/fields.tsx';
import { describeApiError } from '../components/api-errors.ts';
import { useLoad } from '../components/useLoad.ts';
import { count, money, percent, pointDecimals, points, when } from '../format.ts';
import { PathsInput, RunProgress } from '../components/run-controls.tsx';
import { labelOfId } from '../forms/items.ts';
import { say } from '../words.ts';
import { baseSuccess } from './analysis-success.ts';

type Kind = AnalysisRequest['type'];
type Solve = NonNullable<AnalysisDocument['solve']>;

const kinds: { kind: Kind; label: string }[] = [
  { kind: 'SOLVE', label: 'Solve: what value of one lever reaches a target' },
  { kind: 'DIAGNOSE', label: 'Diagnose: why lives fall short, and what fixes the plan' },
  { kind: 'SENSITIVITY', label: 'Sensitivity: which assumption matters most' },
  { kind: 'STRESS', label: 'Stress: crashes, inflation, rates, bad decades' },
];

const kindName: Record<Kind, string> = { SOLVE: 'Solve', DIAGNOSE: 'Diagnosis', SENSITIVITY: 'Sensitivity', STRESS: 'Stress test' };

/** A paired difference in points with its 95% interval, to the decimals its standard error supports. */
const withInterval = (e: { value: number; standardError: number; interval95: [number, number] }) => {
  const d = pointDecimals(e.standardError);
  return `${points(e.value, d)} (${points(e.interval95[0], d)} to ${points(e.interval95[1], d)})`;
};

export function Analyses({ householdId, scenario, currency }: { householdId: string; scenario: Scenario; currency: string }) {
  const doc = scenario as Doc;
  const adults = (scenario.members ?? []).filter((m) => m.role !== 'DEPENDANT');
  const accounts = (doc.accounts as { id: string }[] | undefined) ?? [];
  const levers = [
    { key: 'SPENDING', label: 'Yearly spending', lever: { type: 'SPENDING' } },
    ...adults.map((m) => ({
      key: `RETIREMENT_AGE:${m.id}`,
      label: `Retirement age of ${labelOfId(doc, 'members', m.id)}`,
      lever: { type: 'RETIREMENT_AGE', memberId: m.id },
    })),
    ...accounts.map((a) => ({
      key: `CONTRIBUTION:${a.id}`,
      label: `Yearly contribution to ${labelOfId(doc, 'accounts', a.id)}`,
      lever: { type: 'CONTRIBUTION', accountId: a.id },
    })),
    { key: 'LUMP_SUM', label: 'A lump sum today', lever: { type: 'LUMP_SUM' } },
  ] as const;
  const defaultPaths = (doc.simulation as { paths?: number } | undefined)?.paths ?? 1000;
  const [kind, setKind] = useState<Kind>('SENSITIVITY');
  const [leverKey, setLeverKey] = useState<string>('SPENDING');
  const [target, setTarget] = useState('85');
  const [paths, setPaths] = useState<number | null>(null);
  const [run, setRun] = useState<Analysis | null>(null);
  const [result, setResult] = useState<AnalysisDocument | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const saved = useLoad(() => api.listAnalyses(householdId, scenario.id), [householdId, scenario.id, result]);
  const savedDocs = useLoad(
    () =>
      Promise.all(
        (saved.data?.content ?? []).filter((a) => a.status === 'COMPLETED').map((a) => api.getAnalysis(householdId, scenario.id, a.id)),
      ),
    [saved.data],
  );

  const start = async (event: Event) => {
    event.preventDefault();
    setErrors([]);
    setResult(null);
    const probability = Number(target) / 100;
    const request: AnalysisRequest =
      kind === 'SOLVE'
        ? { type: 'SOLVE', lever: levers.find((l) => l.key === leverKey)!.lever as never, target: { probability } }
        : kind === 'DIAGNOSE'
          ? { type: 'DIAGNOSE', target: { probability } }
          : { type: kind };
    try {
      const created = await api.startAnalysis(householdId, scenario.id, { ...request, ...(paths === null ? {} : { paths }) });
      const done = await untilDone(created, (wait) => api.getAnalysis(householdId, scenario.id, created.id, wait), setRun);
      if (done.status === 'FAILED') throw new Error(`The analysis failed: ${done.error?.reason ?? 'no reason given'}`);
      setResult(done.analysis ?? (await api.getAnalysis(householdId, scenario.id, done.id)).analysis ?? null);
    } catch (error) {
      setErrors([describeApiError(error, doc)]);
    } finally {
      setRun(null);
    }
  };

  return (
    <div class="analyses">
      <form class="create" onSubmit={start}>
        <h2>Analyses</h2>
        <p class="muted">Every variant runs on the same lives as the plan itself, so differences are measured life by life.</p>
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
            <label for="analysis-target">Target chance of success (%)</label>
            <input
              id="analysis-target"
              type="number"
              min={1}
              max={99}
              step={1}
              value={target}
              onInput={(e) => setTarget((e.currentTarget as HTMLInputElement).value)}
            />
          </>
        )}
        <PathsInput id="analysis-paths" value={paths ?? defaultPaths} onChange={setPaths} />
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
      {result && <AnalysisResult doc={result} scenario={doc} currency={currency} />}
      <section aria-labelledby="saved-analyses-title">
        <h2 id="saved-analyses-title">Earlier analyses</h2>
        {(saved.data?.content.length ?? 0) === 0 ? (
          <p>None yet.</p>
        ) : (
          <ScrollRegion>
            <table data-table="saved-analyses">
              <thead>
                <tr>
                  <th scope="col">Analysis</th>
                  <th scope="col">Made</th>
                  <th scope="col">Lives</th>
                  <th scope="col">Success of the plan</th>
                  <th scope="col">
                    <span class="visually-hidden">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {saved.data!.content.map((a) => {
                  const full = savedDocs.data?.find((d) => d.id === a.id)?.analysis;
                  const success = full ? baseSuccess(full) : undefined;
                  return (
                    <tr>
                      <th scope="row">{kindName[(a as { type?: Kind }).type ?? 'SENSITIVITY']}</th>
                      <td>{when(a.createdAt)}</td>
                      <td>{count(a.paths)}</td>
                      <td>{success === undefined ? say(a.status) : percent(success, a.paths)}</td>
                      <td>
                        {full && (
                          <button type="button" class="link" onClick={() => setResult(full)}>
                            Show
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </div>
  );
}

/** One analysis document's result, in words. */
export function AnalysisResult({ doc, scenario, currency }: { doc: AnalysisDocument; scenario: Doc; currency: string }) {
  const n = doc.metadata.paths;
  return (
    <>
      {doc.solve && <SolveView solve={doc.solve} scenario={scenario} currency={currency} paths={n} />}
      {doc.diagnose && <DiagnoseView doc={doc.diagnose} scenario={scenario} currency={currency} paths={n} />}
      {doc.sensitivity && <SensitivityView doc={doc.sensitivity} currency={currency} paths={n} />}
      {doc.stress && <StressView doc={doc.stress} scenario={scenario} paths={n} />}
    </>
  );
}

function leverName(lever: Solve['lever'], scenario: Doc): string {
  const item =
    lever.type === 'RETIREMENT_AGE'
      ? ` of ${labelOfId(scenario, 'members', lever.itemId)}`
      : lever.type === 'CONTRIBUTION'
        ? ` to ${labelOfId(scenario, 'accounts', lever.itemId)}`
        : lever.type === 'SPENDING' && lever.itemId
          ? ` on ${labelOfId(scenario, 'expenses', lever.itemId)}`
          : '';
  return `${say(lever.type)}${item}`;
}

function leverValue(solve: Solve, x: number, currency: string): string {
  return solve.lever.unit === 'YEARS' ? `${x} years old` : money(x, currency);
}

function leverChange(solve: Solve, currency: string): string {
  if (solve.lever.unit === 'YEARS') return `${solve.change > 0 ? '+' : solve.change < 0 ? '−' : '±'}${Math.abs(solve.change)} years`;
  return `${solve.change > 0 ? '+' : ''}${money(solve.change, currency)}`;
}

function SolveView({ solve, scenario, currency, paths }: { solve: Solve; scenario: Doc; currency: string; paths: number }) {
  const value = (x: number) => (solve.lever.unit === 'YEARS' ? `${x} years old` : `${money(x, currency)} (today’s money)`);
  return (
    <section class="summary card" aria-labelledby="solve-title" data-analysis="solve">
      <h2 id="solve-title">
        {leverName(solve.lever, scenario)}: {say(solve.status)}
      </h2>
      <dl class="figures">
        <div>
          <dt>Value</dt>
          <dd data-figure="solve-value">{value(solve.value)}</dd>
        </div>
        <div>
          <dt>Change from today ({value(solve.lever.current)})</dt>
          <dd>{leverChange(solve, currency)}</dd>
        </div>
        <div>
          <dt>Chance of success there</dt>
          <dd>{percent(solve.probability.value, paths)}</dd>
        </div>
        <div>
          <dt>Effect against today’s plan (95% interval)</dt>
          <dd>{withInterval(solve.effect)}</dd>
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
                <td>{percent(t.probability, paths)}</td>
                <td>{t.source === 'SIMULATED' ? 'simulated' : 'read off the switch points'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/** A cause's description with member ids turned into names. */
function causeWords(c: { cause: string; description: string; memberId?: string }, scenario: Doc): string {
  const text = c.memberId ? c.description.split(c.memberId).join(labelOfId(scenario, 'members', c.memberId)) : c.description;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function DiagnoseView(props: { doc: NonNullable<AnalysisDocument['diagnose']>; scenario: Doc; currency: string; paths: number }) {
  const { doc, scenario, currency, paths } = props;
  return (
    <section aria-labelledby="diagnose-title" data-analysis="diagnose">
      <h2 id="diagnose-title">Diagnosis</h2>
      <p>
        Chance of success <strong data-figure="analysis-success">{percent(doc.probability.value, paths)}</strong>
        {`; ${count(doc.failingPaths)} of ${count(paths)} lives fall short.`}
      </p>
      <h3>Causes</h3>
      <ScrollRegion>
        <table>
          <thead>
            <tr>
              <th scope="col">What happened</th>
              <th scope="col">Among lives that fall short</th>
              <th scope="col">Among all lives</th>
              <th scope="col">How much more often (95% interval)</th>
            </tr>
          </thead>
          <tbody>
            {doc.causes.map((c) => (
              <tr>
                <th scope="row">{causeWords(c, scenario)}</th>
                <td>{percent(c.amongFailing, Math.max(1, doc.failingPaths))}</td>
                <td>{percent(c.amongAll, paths)}</td>
                <td>
                  {c.lift
                    ? `${c.lift.value.toFixed(1)} times (${c.lift.interval95[0].toFixed(1)} to ${c.lift.interval95[1].toFixed(1)})`
                    : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <h3>Actions, the smallest change first</h3>
      <ScrollRegion>
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
                <th scope="row">{leverName(a.lever, scenario)}</th>
                <td>{say(a.status)}</td>
                <td>{leverValue(a, a.value, currency)}</td>
                <td>{percent(a.probability.value, paths)}</td>
                <td>{withInterval(a.effect)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

const FACTOR_INPUTS = new Set(['MORTALITY', 'SPENDING']);

/** A sensitivity move in words: "1 point lower", "20% lower", "2 years later". */
function move(input: string, x: number): string {
  if (FACTOR_INPUTS.has(input)) {
    const pct = Math.round((x - 1) * 100);
    return input === 'MORTALITY'
      ? `death rates ${Math.abs(pct)}% ${pct < 0 ? 'lower' : 'higher'}`
      : `${Math.abs(pct)}% ${pct < 0 ? 'less' : 'more'}`;
  }
  if (input === 'RETIREMENT_AGE') return `${Math.abs(x)} years ${x < 0 ? 'earlier' : 'later'}`;
  const pts = Number((Math.abs(x) * 100).toFixed(1));
  return `${pts} ${pts === 1 ? 'point' : 'points'} ${x < 0 ? 'lower' : 'higher'}${input === 'EARLY_RETURNS' ? ' a year' : ''}`;
}

function SensitivityView({ doc, currency, paths }: { doc: NonNullable<AnalysisDocument['sensitivity']>; currency: string; paths: number }) {
  const rows = doc.inputs.map((i) => ({ input: say(i.input), down: i.successChange.down.value, up: i.successChange.up.value }));
  return (
    <section aria-labelledby="sensitivity-title" data-analysis="sensitivity">
      <h2 id="sensitivity-title">Sensitivity</h2>
      <p>
        Chance of success today <strong data-figure="analysis-success">{percent(doc.base.success, paths)}</strong>. Each assumption moved
        down and up, on the same lives:
      </p>
      <Chart
        name="tornado"
        label="Change in the chance of success when each assumption moves down (red) and up (blue), the largest swing on top"
        draw={(width) => tornadoChart(rows, width)}
        deps={[doc]}
      />
      <ScrollRegion>
        <table>
          <thead>
            <tr>
              <th scope="col">Assumption</th>
              <th scope="col">Moved down</th>
              <th scope="col">Change in success (95% interval)</th>
              <th scope="col">Moved up</th>
              <th scope="col">Change in success (95% interval)</th>
              <th scope="col">Median estate change, down / up (today’s money)</th>
            </tr>
          </thead>
          <tbody>
            {doc.inputs.map((i) => (
              <tr>
                <th scope="row">{say(i.input)}</th>
                <td>{move(i.input, i.down)}</td>
                <td>{withInterval(i.successChange.down)}</td>
                <td>{move(i.input, i.up)}</td>
                <td>{withInterval(i.successChange.up)}</td>
                <td>
                  {money(i.medianTerminalEstateChange.down.value, currency)} / {money(i.medianTerminalEstateChange.up.value, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** A stress shock in words, with calendar years. */
function shockWords(shock: Doc, startYear: number, fallback: string): string {
  const pts = (x: number) => `${Number((x * 100).toFixed(1))} points`;
  switch (shock.type) {
    case 'EQUITY_FALL':
      return `Equities fall ${Math.round(shock.fall * 100)}% in ${startYear + (shock.year ?? 0)}`;
    case 'HIGH_INFLATION':
      return `Inflation ${pts(shock.extra)} higher for ${shock.years ?? 10} years from ${startYear + (shock.fromYear ?? 0)}`;
    case 'RATES_UP':
      return `Interest rates ${pts(shock.points)} higher from ${startYear}`;
    case 'HISTORICAL':
      return `The markets of ${shock.startYear} to ${shock.startYear + (shock.years ?? 10) - 1} replayed from ${startYear}`;
    default:
      return fallback.charAt(0).toUpperCase() + fallback.slice(1);
  }
}

function StressView({ doc, scenario, paths }: { doc: NonNullable<AnalysisDocument['stress']>; scenario: Doc; paths: number }) {
  const startYear = Number(scenario.startYear ?? new Date().getFullYear());
  return (
    <section aria-labelledby="stress-title" data-analysis="stress">
      <h2 id="stress-title">Stress tests</h2>
      <p>
        Chance of success without a shock: <strong data-figure="analysis-success">{percent(doc.base.success, paths)}</strong>.
      </p>
      <ScrollRegion>
        <table>
          <thead>
            <tr>
              <th scope="col">Shock</th>
              <th scope="col">Chance of success</th>
              <th scope="col">Change (95% interval)</th>
              <th scope="col">Chance of falling short</th>
              <th scope="col">Median age at the first shortfall</th>
            </tr>
          </thead>
          <tbody>
            {doc.shocks.map((s) => (
              <tr>
                <th scope="row">{shockWords(s.shock, startYear, s.description)}</th>
                <td>{percent(s.outcome.success, paths)}</td>
                <td>{withInterval(s.successChange)}</td>
                <td>{percent(s.outcome.depletion, paths)}</td>
                <td>{s.outcome.medianDepletionAge === null ? 'never' : s.outcome.medianDepletionAge.toFixed(0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
