/**
 * The Lives view of a simulation: pick lives by plain choices, see how many match and their share
 * of all lives, their fan of net worth against the other lives', list them a page at a time and
 * open any one. The filter is asked as a query of the run's lives (docs/QUERIES.md): a small one
 * is answered at once, a large one runs as a run with status, whose progress shows until its
 * answer comes.
 */
import { useState } from 'preact/hooks';
import { ApiError, type ScenarioDocument, untilDone } from '../api.ts';
import { RunProgress } from '../components/run-controls.tsx';
import { exactMoney } from '../format.ts';
import { goalName, mainMember, memberName } from '../names.ts';
import { choiceOfField, describeFilter, type Filter, filterCondition, type Horizon } from './filter.ts';
import { FilterForm } from './FilterForm.tsx';
import { LifeDetail } from './LifeDetail.tsx';
import { type Condition, livesApi, type LivesQuery, type QueryAnswer, type QueryRun, type SimulationAddress } from './lives-api.ts';
import { fanQuery, outcomeQuery } from './lives-fan.ts';
import { LivesList } from './LivesList.tsx';
import { Matches } from './Matches.tsx';
import './lives.css';

export interface LivesProps {
  address: SimulationAddress;
  scenario: ScenarioDocument;
  currency: string;
  /** The run's first calendar year and its number of years. */
  run: { startYear: number; years: number };
  /** The plan has changed since the run: its lives are the plan's as it was. */
  stale: boolean;
}

interface Result {
  queryId: string;
  /** The fan's answer. */
  answer: QueryAnswer;
  /** How the matching lives turned out against the others. */
  outcome: QueryAnswer;
  where: Condition | undefined;
  described: string;
}

/** Ids in an API message put as names, so none reaches the screen. */
function withNames(message: string, scenario: ScenarioDocument): string {
  const members = (scenario.members ?? []).map((m) => [m.id, memberName(scenario, m.id)]);
  const goals = ((scenario.goals as { id: string }[] | undefined) ?? []).map((g) => [g.id, goalName(scenario, g.id)]);
  return [...members, ...goals].reduce(
    (text, [id, name]) => text.replace(new RegExp(`\\b${id.replace(/[-.]/g, '\\$&')}\\b`, 'g'), name),
    message,
  );
}

export function Lives({ address, scenario, currency, run, stale }: LivesProps) {
  const main = mainMember(scenario);
  const birthYears = Object.fromEntries((scenario.members ?? []).map((m) => [m.id, m.birthYear]));
  const horizon: Horizon = { startYear: run.startYear, years: run.years, birthYears };
  const names = {
    main: main.name,
    member: (id: string) => memberName(scenario, id),
    goal: (id: string) => goalName(scenario, id),
    money: (x: number) => exactMoney(x, currency),
  };
  const [filter, setFilter] = useState<Filter>({
    combine: 'all',
    choices: [{ kind: 'event', event: 'LONG_TERM_CARE', memberId: '', fromAge: null, toAge: null }],
  });
  /** A question is being answered (the button waits); `pending` is its run while queued or running. */
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState<QueryRun | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  /** A query's answer: at once when small; a large one is read until done, its progress shown while queued or running. */
  const answerOf = async (query: LivesQuery, onProgress: (q: QueryRun | null) => void) => {
    const created = await livesApi.startQuery(address, query);
    const progress = (q: QueryRun) => onProgress(q.status === 'QUEUED' || q.status === 'RUNNING' ? q : null);
    const done = await untilDone(created, (wait) => livesApi.getQuery(address, created.id, wait), progress);
    if (done.status !== 'COMPLETED' || !done.answer)
      throw new Error(`The question could not be answered: ${done.error?.reason ?? 'no reason given'}`);
    return { id: done.id, answer: done.answer };
  };

  const ask = async () => {
    setErrors({});
    setFormError(null);
    setAsking(true);
    const where = filterCondition(filter);
    const described = describeFilter(filter, names);
    try {
      // The fan and the outcomes are two queries over the same lives, asked together; the fan's progress shows.
      const [fan, outcome] = await Promise.all([answerOf(fanQuery(where), setPending), answerOf(outcomeQuery(where), () => undefined)]);
      setResult({ queryId: fan.id, answer: fan.answer, outcome: outcome.answer, where, described });
      setOpen(null);
    } catch (error) {
      const byChoice: Record<number, string> = {};
      const rest: string[] = [];
      for (const e of error instanceof ApiError ? error.errors : []) {
        const at = choiceOfField(e.field);
        if (at === null) rest.push(e.message);
        else byChoice[at] = withNames(`${byChoice[at] ? `${byChoice[at]} ` : ''}${e.message}.`, scenario);
      }
      setErrors(byChoice);
      // The API's message, and those of fields no condition holds; a field's path is not for the screen.
      const message = error instanceof Error ? error.message : String(error);
      if (Object.keys(byChoice).length === 0 || rest.length) setFormError(withNames([message, ...rest].join(' '), scenario));
    } finally {
      setPending(null);
      setAsking(false);
    }
  };

  return (
    <div class="lives">
      <p class="muted">
        Every life of the run, replayed on demand: pick the lives you want to see by what happened on them, how the plan turned out or a
        figure at an age.
        {stale ? ' The plan has changed since this run: these are the lives of the plan as it was when it ran.' : ''}
      </p>
      <FilterForm
        filter={filter}
        horizon={horizon}
        scenario={scenario}
        currency={currency}
        errors={errors}
        busy={asking}
        onChange={setFilter}
        onSubmit={() => void ask()}
      />
      {pending && (
        <p class="progress" aria-live="polite" data-query-status={pending.status}>
          <RunProgress run={pending} label="Progress of the question" />
        </p>
      )}
      {formError && (
        <p role="alert" class="field-error" id="lives-error">
          {formError}
        </p>
      )}
      {result && (
        <div data-query={result.queryId}>
          <Matches
            answer={result.answer}
            outcome={result.outcome}
            described={result.described}
            filtered={result.where !== undefined}
            currency={currency}
            main={{ name: main.name, birthYear: birthYears[main.id] ?? run.startYear }}
          />
          {/* Kept while a life is open, so going back returns to the same page of lives. */}
          <div hidden={open !== null}>
            <LivesList
              key={result.queryId}
              address={address}
              where={result.where}
              scenario={scenario}
              currency={currency}
              lives={result.answer.lives}
              onOpen={setOpen}
            />
          </div>
          {open !== null && (
            <LifeDetail
              address={address}
              index={open}
              lives={result.answer.lives}
              scenario={scenario}
              currency={currency}
              main={main}
              onBack={() => setOpen(null)}
            />
          )}
        </div>
      )}
    </div>
  );
}
