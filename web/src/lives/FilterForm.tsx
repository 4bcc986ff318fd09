/**
 * The filter of lives, built from plain choices: each condition a card (what kind, then its few
 * fields: an event and whom it happened to between two ages, the plan's outcome, a figure at an
 * age, a goal), combined by "all of" or "any of". People and goals are picked by name; amounts
 * are in today's money. An error the API names at a condition shows at its card.
 */
import type { ScenarioDocument } from '../api.ts';
import { goalName, mainMember, memberName } from '../names.ts';
import {
  EVENT_PHRASES,
  FIGURE_NAMES,
  type Filter,
  type FilterChoice,
  type FilterKind,
  type Horizon,
  KIND_NAMES,
  MEMBER_EVENTS,
  missing,
  newChoice,
  OUTCOME_PHRASES,
} from './filter.ts';

export interface FilterFormProps {
  filter: Filter;
  horizon: Horizon;
  scenario: ScenarioDocument;
  currency: string;
  /** Errors by condition (its index), in words. */
  errors: Record<number, string>;
  busy: boolean;
  onChange: (filter: Filter) => void;
  onSubmit: () => void;
}

const value = (e: Event) => (e.currentTarget as HTMLInputElement | HTMLSelectElement).value;
const wholeOrNull = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Math.round(Number(text)));
const options = (entries: [string, string][]) => entries.map(([v, label]) => <option value={v}>{label}</option>);

export function FilterForm({ filter, horizon, scenario, currency, errors, busy, onChange, onSubmit }: FilterFormProps) {
  const members = (scenario.members ?? []).map((m): [string, string] => [m.id, memberName(scenario, m.id)]);
  const goals = ((scenario.goals as { id: string }[] | undefined) ?? []).map((g): [string, string] => [g.id, goalName(scenario, g.id)]);
  const main = mainMember(scenario);
  const plan = { mainMemberId: main.id, firstGoalId: goals[0]?.[0] ?? null };
  const kinds = (Object.keys(KIND_NAMES) as FilterKind[]).filter((k) => k !== 'goal' || goals.length > 0);
  const set = (i: number, choice: FilterChoice) => onChange({ ...filter, choices: filter.choices.map((c, j) => (j === i ? choice : c)) });
  const names = { member: (id: string) => memberName(scenario, id) };
  const problem = (c: FilterChoice) => missing(c, horizon, names);
  const incomplete = filter.choices.map(problem).find((m) => m !== null);

  return (
    <form
      class="lives-filter"
      aria-labelledby="lives-filter-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id="lives-filter-title">Which lives</h2>
      {filter.choices.length === 0 && <p class="muted">No condition: every life. Add one to pick out the lives you want to see.</p>}
      {filter.choices.length > 1 && (
        <fieldset class="segmented">
          <legend>A life must meet</legend>
          {(['all', 'any'] as const).map((combine) => (
            <label>
              <input
                type="radio"
                name="lives-combine"
                checked={filter.combine === combine}
                onChange={() => onChange({ ...filter, combine })}
              />{' '}
              {combine === 'all' ? 'all of these' : 'any one of these'}
            </label>
          ))}
        </fieldset>
      )}
      {filter.choices.map((choice, i) => (
        <fieldset class="item lives-condition" data-condition={i}>
          <legend>Condition {i + 1}</legend>
          <div class="field-grid">
            <Select id={`c${i}-kind`} label="Kind" value={choice.kind} onChange={(k) => set(i, newChoice(k as FilterKind, plan))}>
              {options(kinds.map((k) => [k, KIND_NAMES[k]]))}
            </Select>
            <ChoiceFields
              i={i}
              mainName={main.name}
              choice={choice}
              members={members}
              goals={goals}
              currency={currency}
              set={(c) => set(i, c)}
            />
          </div>
          {errors[i] ? (
            <p class="field-error" role="alert">
              {errors[i]}
            </p>
          ) : (
            problem(choice) && <p class="help">{problem(choice)}</p>
          )}
          <button
            type="button"
            class="secondary"
            onClick={() => onChange({ ...filter, choices: filter.choices.filter((_, j) => j !== i) })}
            aria-label={`Remove condition ${i + 1}`}
          >
            Remove
          </button>
        </fieldset>
      ))}
      <div class="lives-filter-actions">
        <button
          type="button"
          class="secondary"
          onClick={() => onChange({ ...filter, choices: [...filter.choices, newChoice('event', plan)] })}
        >
          Add a condition
        </button>
        <button type="submit" disabled={busy || incomplete !== undefined}>
          Show the matching lives
        </button>
      </div>
    </form>
  );
}

function ChoiceFields(props: {
  i: number;
  mainName: string;
  choice: FilterChoice;
  members: [string, string][];
  goals: [string, string][];
  currency: string;
  set: (c: FilterChoice) => void;
}) {
  const { i, mainName, choice: c, members, goals, currency, set } = props;
  switch (c.kind) {
    case 'event': {
      const agesOf = MEMBER_EVENTS.includes(c.event)
        ? 'Of the person it happened to; blank for any age.'
        : `Of ${mainName}; blank for any age.`;
      return (
        <>
          <Select id={`c${i}-event`} label="What happened" value={c.event} onChange={(v) => set({ ...c, event: v as typeof c.event })}>
            {options(Object.entries(EVENT_PHRASES))}
          </Select>
          {MEMBER_EVENTS.includes(c.event) && (
            <Select id={`c${i}-member`} label="To whom" value={c.memberId} onChange={(v) => set({ ...c, memberId: v })}>
              {options([['', 'Anyone'], ...members])}
            </Select>
          )}
          <Age id={`c${i}-from`} label="From age" value={c.fromAge} onChange={(v) => set({ ...c, fromAge: v })} help={agesOf} />
          <Age id={`c${i}-to`} label="To age" value={c.toAge} onChange={(v) => set({ ...c, toAge: v })} help={agesOf} />
        </>
      );
    }
    case 'outcome':
      return (
        <Select id={`c${i}-outcome`} label="Outcome" value={c.outcome} onChange={(v) => set({ ...c, outcome: v as typeof c.outcome })}>
          {options(Object.entries(OUTCOME_PHRASES))}
        </Select>
      );
    case 'figure':
      return (
        <>
          <Select id={`c${i}-figure`} label="Figure" value={c.figure} onChange={(v) => set({ ...c, figure: v as typeof c.figure })}>
            {options(Object.entries(FIGURE_NAMES))}
          </Select>
          <Select id={`c${i}-whose`} label="When this person is" value={c.memberId} onChange={(v) => set({ ...c, memberId: v })}>
            {options(members)}
          </Select>
          <Age id={`c${i}-age`} label="Aged" value={c.atAge} onChange={(v) => set({ ...c, atAge: v })} />
          <Select
            id={`c${i}-compare`}
            label="The figure is"
            value={c.atLeast ? 'at-least' : 'below'}
            onChange={(v) => set({ ...c, atLeast: v === 'at-least' })}
          >
            {options([
              ['at-least', 'at least'],
              ['below', 'below'],
            ])}
          </Select>
          <div class="form-field">
            <label for={`lives-c${i}-amount`}>Amount</label>
            <span class="control">
              <input
                id={`lives-c${i}-amount`}
                type="number"
                step={1000}
                value={c.amount ?? ''}
                aria-describedby={`lives-c${i}-amount-unit`}
                onInput={(e) => set({ ...c, amount: wholeOrNull(value(e)) })}
              />
              <span class="unit" id={`lives-c${i}-amount-unit`}>
                {currency}, today’s money
              </span>
            </span>
          </div>
        </>
      );
    case 'goal':
      return (
        <>
          <Select id={`c${i}-goal`} label="Goal" value={c.goalId} onChange={(v) => set({ ...c, goalId: v })}>
            {options(goals)}
          </Select>
          <Select id={`c${i}-met`} label="Was" value={c.met ? 'met' : 'missed'} onChange={(v) => set({ ...c, met: v === 'met' })}>
            {options([
              ['met', 'met every time it fell due'],
              ['missed', 'missed when it fell due'],
            ])}
          </Select>
        </>
      );
  }
}

function Select(props: { id: string; label: string; value: string; onChange: (v: string) => void; children: preact.ComponentChildren }) {
  return (
    <div class="form-field">
      <label for={`lives-${props.id}`}>{props.label}</label>
      <select id={`lives-${props.id}`} value={props.value} onChange={(e) => props.onChange(value(e))}>
        {props.children}
      </select>
    </div>
  );
}

function Age(props: { id: string; label: string; value: number | null; onChange: (v: number | null) => void; help?: string }) {
  const id = `lives-${props.id}`;
  return (
    <div class="form-field">
      <label for={id}>{props.label}</label>
      <span class="control">
        <input
          id={id}
          type="number"
          min={0}
          step={1}
          value={props.value ?? ''}
          aria-describedby={props.help ? `${id}-help` : undefined}
          onInput={(e) => props.onChange(wholeOrNull(value(e)))}
        />
        <span class="unit">years</span>
      </span>
      {props.help && (
        <span class="help" id={`${id}-help`}>
          {props.help}
        </span>
      )}
    </div>
  );
}
