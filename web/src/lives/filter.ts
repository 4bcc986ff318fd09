/**
 * A filter of lives as an adviser picks it, from plain choices: something that happened (to
 * someone, between two ages), how the plan turned out, a figure at an age, a goal met or missed;
 * combined so that all of them, or any one, must hold. Each choice becomes a condition of the
 * query language (docs/QUERIES.md) and a phrase in words; the conditions go under one `all` or
 * `any`, so an error the API names at `where.all[2]…` belongs to the third choice. The file
 * imports nothing, so the project's unit tests load it outside the browser build.
 */

/** A condition on a life: the parts of the query language the view's filters make. */
export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { event: { type: string; memberId?: string; fromAge?: number; toAge?: number } }
  | { outcome: 'SUCCEEDED' | 'FAILED' | 'DEPLETED' }
  | { goal: string; met: boolean }
  | { metric: string; atAge?: number; memberId?: string; view?: 'real' | 'nominal'; gte?: number; lt?: number };

/** The events a filter offers, with what happened in words. */
export const EVENT_PHRASES = {
  LONG_TERM_CARE: 'Needed long-term care',
  DISABILITY: 'Became disabled',
  JOB_LOSS: 'Lost a job',
  DEATH: 'Died',
  RECOVERY: 'Recovered from a disability',
  REEMPLOYMENT: 'Found work again',
  RETIREMENT: 'Retired',
  GOAL_MISSED: 'A goal was missed',
  DEPLETION: 'Essential spending went unmet in a year',
  PROPERTY_SOLD: 'A property was sold',
  INSURANCE_PAYOUT: 'An insurance policy paid out',
} as const;
export type FilterEvent = keyof typeof EVENT_PHRASES;

/** Events that happen to a person, so a filter can name whom and at what age. */
export const MEMBER_EVENTS: readonly FilterEvent[] = [
  'LONG_TERM_CARE',
  'DISABILITY',
  'JOB_LOSS',
  'DEATH',
  'RECOVERY',
  'REEMPLOYMENT',
  'RETIREMENT',
];

export const OUTCOME_PHRASES = {
  SUCCEEDED: 'The plan succeeded',
  FAILED: 'The plan did not succeed',
  DEPLETED: 'Essential spending fell short at least once',
} as const;
export type FilterOutcome = keyof typeof OUTCOME_PHRASES;

export const FIGURE_NAMES = {
  netWorth: 'Net worth',
  liquidAssets: 'Liquid assets',
  income: 'Income',
  spending: 'Spending',
  taxes: 'Tax',
} as const;
export type FilterFigure = keyof typeof FIGURE_NAMES;

export type FilterChoice =
  /** `memberId` '' is anyone; ages are those of the person it happened to. */
  | { kind: 'event'; event: FilterEvent; memberId: string; fromAge: number | null; toAge: number | null }
  | { kind: 'outcome'; outcome: FilterOutcome }
  /** The figure in today's money in the year `memberId` is `atAge`: at least `amount`, or below it. */
  | { kind: 'figure'; figure: FilterFigure; memberId: string; atAge: number | null; atLeast: boolean; amount: number | null }
  | { kind: 'goal'; goalId: string; met: boolean };

export type FilterKind = FilterChoice['kind'];

export interface Filter {
  /** `all`: a life must satisfy every choice; `any`: at least one. */
  combine: 'all' | 'any';
  choices: FilterChoice[];
}

export const KIND_NAMES: Record<FilterKind, string> = {
  event: 'Something happened',
  outcome: 'How the plan turned out',
  figure: 'A figure at an age',
  goal: 'A goal',
};

/** A new choice of a kind, filled in with the plan's first person or goal. */
export function newChoice(kind: FilterKind, plan: { mainMemberId: string; firstGoalId: string | null }): FilterChoice {
  switch (kind) {
    case 'event':
      return { kind, event: 'LONG_TERM_CARE', memberId: '', fromAge: null, toAge: null };
    case 'outcome':
      return { kind, outcome: 'FAILED' };
    case 'figure':
      return { kind, figure: 'netWorth', memberId: plan.mainMemberId, atAge: null, atLeast: true, amount: null };
    case 'goal':
      return { kind, goalId: plan.firstGoalId ?? '', met: false };
  }
}

/** A choice as a condition of the query language. */
export function choiceCondition(c: FilterChoice): Condition {
  switch (c.kind) {
    case 'event': {
      const person = MEMBER_EVENTS.includes(c.event) && c.memberId ? { memberId: c.memberId } : {};
      return {
        event: {
          type: c.event,
          ...person,
          ...(c.fromAge !== null ? { fromAge: c.fromAge } : {}),
          ...(c.toAge !== null ? { toAge: c.toAge } : {}),
        },
      };
    }
    case 'outcome':
      return { outcome: c.outcome };
    case 'figure':
      return {
        metric: c.figure,
        view: 'real',
        memberId: c.memberId,
        ...(c.atAge !== null ? { atAge: c.atAge } : {}),
        ...(c.atLeast ? { gte: c.amount ?? 0 } : { lt: c.amount ?? 0 }),
      };
    case 'goal':
      return { goal: c.goalId, met: c.met };
  }
}

/** The filter as the query's `where`; no choice, no condition (every life). */
export function filterCondition(f: Filter): Condition | undefined {
  if (f.choices.length === 0) return undefined;
  const conditions = f.choices.map(choiceCondition);
  return f.combine === 'all' ? { all: conditions } : { any: conditions };
}

/** The run's years and its people's years of birth: the ages a filter can ask about. */
export interface Horizon {
  startYear: number;
  years: number;
  birthYears: Record<string, number>;
}

/** The ages `memberId` reaches in the plan ('' : from the youngest's first to the oldest's last). */
export function ageRange(h: Horizon, memberId: string): [number, number] {
  const births = memberId ? [h.birthYears[memberId] ?? h.startYear] : Object.values(h.birthYears);
  const first = Math.min(...births.map((b) => h.startYear - b));
  const last = Math.max(...births.map((b) => h.startYear - b)) + h.years - 1;
  return [first, last];
}

/** What is missing or out of range in a choice before it can be asked, in words, or null. */
export function missing(c: FilterChoice, h: Horizon, names: Pick<Names, 'member'>): string | null {
  const outside = (age: number | null, memberId: string) => {
    const [first, last] = ageRange(h, memberId);
    if (age === null || (age >= first && age <= last)) return null;
    return memberId
      ? `${names.member(memberId)} is ${first} to ${last} in the plan: give an age in that range.`
      : `The plan covers ages ${first} to ${last}: give an age in that range.`;
  };
  if (c.kind === 'figure') {
    if (c.atAge === null) return 'Give the age.';
    if (c.amount === null) return 'Give the amount.';
    return outside(c.atAge, c.memberId);
  }
  if (c.kind === 'goal' && !c.goalId) return 'Pick a goal.';
  if (c.kind === 'event') {
    const who = MEMBER_EVENTS.includes(c.event) ? c.memberId : '';
    if (c.fromAge !== null && c.toAge !== null && c.fromAge > c.toAge) return 'The first age is after the last: swap them.';
    return outside(c.fromAge, who) ?? outside(c.toAge, who);
  }
  return null;
}

/** Names the filter's words need from the plan. */
export interface Names {
  /** The main client's name: household events are dated by their age. */
  main: string;
  member: (id: string) => string;
  goal: (id: string) => string;
  money: (amount: number) => string;
}

function ages(from: number | null, to: number | null): string {
  if (from !== null && to !== null) return from === to ? ` at ${from}` : ` between ${from} and ${to}`;
  if (from !== null) return ` at ${from} or later`;
  if (to !== null) return ` by ${to}`;
  return '';
}

/** When a household's event happened, by the main client's age: "when Alex was between 70 and 85". */
function mainAged(main: string, from: number | null, to: number | null): string {
  if (from !== null && to !== null) return from === to ? `when ${main} was ${from}` : `when ${main} was between ${from} and ${to}`;
  if (from !== null) return `when ${main} was ${from} or older`;
  if (to !== null) return `when ${main} was ${to} or younger`;
  return '';
}

/** A choice in words: "Alex needed long-term care between 70 and 85". */
export function describeChoice(c: FilterChoice, names: Names): string {
  switch (c.kind) {
    case 'event': {
      const phrase: string = EVENT_PHRASES[c.event];
      if (!MEMBER_EVENTS.includes(c.event)) {
        const when = mainAged(names.main, c.fromAge, c.toAge);
        return when ? `${phrase} ${when}` : phrase;
      }
      const who = c.memberId ? names.member(c.memberId) : 'Someone';
      return `${who} ${phrase[0].toLowerCase()}${phrase.slice(1)}${ages(c.fromAge, c.toAge)}`;
    }
    case 'outcome':
      return OUTCOME_PHRASES[c.outcome];
    case 'figure':
      return (
        `${FIGURE_NAMES[c.figure]} when ${names.member(c.memberId)} is ${c.atAge ?? '…'}: ` +
        `${c.atLeast ? 'at least' : 'below'} ${c.amount === null ? '…' : names.money(c.amount)} (today’s money)`
      );
    case 'goal':
      return `${names.goal(c.goalId)} was ${c.met ? 'met' : 'missed'}`;
  }
}

/** The whole filter in words. */
export function describeFilter(f: Filter, names: Names): string {
  if (f.choices.length === 0) return 'Every life';
  const parts = f.choices.map((c) => describeChoice(c, names));
  return parts.length === 1 ? parts[0] : `${f.combine === 'all' ? 'All of' : 'Any of'}: ${parts.join('; ')}`;
}

/** The choice an API error's field names (`where.all[2].event.fromAge` → 2), or null when it names none. */
export function choiceOfField(field: string): number | null {
  const m = /^where\.(?:all|any)\[(\d+)\]/.exec(field);
  return m ? Number(m[1]) : null;
}
