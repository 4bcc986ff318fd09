/**
 * A parsed query compiled into functions of one replayed life (or, on a comparison, of its two
 * sides): conditions into predicates, selected figures into readers of one value. A figure at a
 * year the life never reached (the household had ended, or the member whose age it is had died)
 * reads NaN, and any comparison with it is false, so a condition and its `not` split the lives.
 */
import type { HouseholdPathSimulator } from '../household/household-path.js';
import { MEMBER_EVENT_TYPES, type MemberEventType, memberEventAt, type PathEvent } from '../household/path-events.js';
import type { PathRunner } from '../household/path-runner.js';
import { MemberState } from '../life/life-path.js';
import type { Condition, EventMatch, LivesQuery, MetricCondition, Outcome, Side, YearPoint } from './query.js';

/** One side's replayed life: the runner that ran it (its lives and economy) and its household figures. */
export interface LifeState {
  runner: PathRunner;
  sim: HouseholdPathSimulator;
  /** The household's logged events, collected only when a condition needs them (`needsEvents`). */
  events: PathEvent[];
}

export type Lives = readonly LifeState[];
export type Predicate = (lives: Lives) => boolean;
export type Reader = (lives: Lives) => number;

const sideIndex = (side: Side | undefined) => (side === 'alternative' ? 1 : 0);
const isMemberEvent = (type: string): type is MemberEventType => (MEMBER_EVENT_TYPES as readonly string[]).includes(type);
const BALANCES = new Set(['netWorth', 'liquidAssets']);

/** Whether the query has an event condition read from the household's event log (goals, sales, payouts), per side. */
export function needsEvents(query: LivesQuery): boolean[] {
  const need = [false, false];
  const visit = (c: Condition | undefined): void => {
    if (c === undefined) return;
    if ('all' in c) c.all.forEach(visit);
    else if ('any' in c) c.any.forEach(visit);
    else if ('not' in c) visit(c.not);
    else if ('event' in c && isLogged(c.event.type)) need[sideIndex(c.side)] = true;
  };
  visit(query.where);
  for (const s of query.select) visit(s.where);
  const g = query.groupBy;
  if (typeof g === 'object' && 'event' in g && isLogged(g.event.type)) need[sideIndex(g.side)] = true;
  return need;
}

const isLogged = (type: string) => !isMemberEvent(type) && type !== 'DEPLETION';

/** Year t of a year point on a runner's plan, and the member whose age it is (-1: none). */
export function yearOf(runner: PathRunner, point: YearPoint): { t: number; member: number } {
  const c = runner.compiled;
  if (point.atAge !== undefined) {
    const m = point.memberId === undefined ? c.primary : c.plan.members.findIndex((x) => x.id === point.memberId);
    return { t: point.atAge - c.memberAge0[m], member: m };
  }
  if (point.atYear !== undefined) return { t: point.atYear, member: -1 };
  if (point.atCalendarYear !== undefined) return { t: point.atCalendarYear - c.plan.startYear, member: -1 };
  return { t: -1, member: -1 };
}

/**
 * A yearly figure of the life at year t, nominal or real as the output's lives show it (a balance
 * deflated by the index at the year's end, a flow by the index at its start); NaN past the life's
 * last year or, when `member` ≥ 0, once that member has died.
 */
export function yearlyValue(life: LifeState, metric: string, t: number, member: number, real: boolean): number {
  const sim = life.sim;
  if (t < 0 || t >= sim.yearsRun) return Number.NaN;
  if (member >= 0 && life.runner.lives[member].state[t] === MemberState.DEAD) return Number.NaN;
  const nominal = (sim[metric as 'netWorth'] as Float64Array)[t];
  if (!real) return nominal;
  const cpi = life.runner.economy.cpi;
  return nominal / (BALANCES.has(metric) ? cpi[t + 1] : cpi[t]);
}

/** A reader of one figure of a life (a yearly figure at its year, or a life's own figure). */
export function figureReader(runners: readonly PathRunner[], spec: YearPoint & { metric: string; view?: string; side?: Side }): Reader {
  const k = sideIndex(spec.side);
  const real = spec.view !== 'nominal';
  switch (spec.metric) {
    case 'terminalEstate':
      return (lives) => lives[k].sim.terminalEstateReal;
    case 'totalShortfall':
      return (lives) => lives[k].sim.totalShortfallReal;
    case 'depletionAge': {
      const age0 = runners[k].compiled.memberAge0[runners[k].compiled.primary];
      return (lives) => (lives[k].sim.depletionYear >= 0 ? age0 + lives[k].sim.depletionYear : Number.NaN);
    }
    default: {
      const { t, member } = yearOf(runners[k], spec);
      return (lives) => yearlyValue(lives[k], spec.metric, t, member, real);
    }
  }
}

function compare(c: MetricCondition): (x: number) => boolean {
  const { lt, lte, gt, gte } = c;
  return (x) =>
    !Number.isNaN(x) &&
    (lt === undefined || x < lt) &&
    (lte === undefined || x <= lte) &&
    (gt === undefined || x > gt) &&
    (gte === undefined || x >= gte);
}

function outcomeOf(outcome: Outcome, sim: HouseholdPathSimulator): boolean {
  if (outcome === 'SUCCEEDED') return sim.success;
  if (outcome === 'FAILED') return !sim.success;
  return sim.depletionYear >= 0;
}

/** Whether the life shows an event matching `match` (docs/QUERIES.md: the age is its member's, else the primary member's). */
export function eventPredicate(runner: PathRunner, match: EventMatch, k: number): Predicate {
  const c = runner.compiled;
  const Y = c.years;
  const ids = c.plan.members.map((m) => m.id);
  const memberFilter = match.memberId === undefined ? -1 : ids.indexOf(match.memberId);
  const fromYear = match.fromYear ?? 0;
  const toYear = match.toYear ?? Y - 1;
  const inAges = (m: number, t: number) => {
    const age = c.memberAge0[m] + t;
    return (match.fromAge === undefined || age >= match.fromAge) && (match.toAge === undefined || age <= match.toAge);
  };
  const type = match.type;
  if (isMemberEvent(type)) {
    const members = memberFilter >= 0 ? [memberFilter] : ids.map((_, m) => m);
    return (lives) => {
      const runnerLives = lives[k].runner.lives;
      for (const m of members) {
        for (let t = fromYear; t <= toYear; t++) if (inAges(m, t) && memberEventAt(c, runnerLives[m], m, t, type)) return true;
      }
      return false;
    };
  }
  if (type === 'DEPLETION') {
    if (match.goalId !== undefined || match.itemId !== undefined || memberFilter >= 0) return () => false;
    return (lives) => {
      const t = lives[k].sim.depletionYear;
      return t >= fromYear && t <= toYear && inAges(c.primary, t);
    };
  }
  return (lives) =>
    lives[k].events.some(
      (e) =>
        e.type === type &&
        e.year >= fromYear &&
        e.year <= toYear &&
        (memberFilter < 0 || e.memberId === match.memberId) &&
        (match.goalId === undefined || e.goalId === match.goalId) &&
        (match.itemId === undefined || e.itemId === match.itemId) &&
        inAges(e.memberId === undefined ? c.primary : ids.indexOf(e.memberId), e.year),
    );
}

/** A condition as a predicate of the replayed lives (`runners` are the run's, one per side). */
export function compileCondition(runners: readonly PathRunner[], cond: Condition): Predicate {
  if ('all' in cond) {
    const parts = cond.all.map((c) => compileCondition(runners, c));
    return (lives) => parts.every((p) => p(lives));
  }
  if ('any' in cond) {
    const parts = cond.any.map((c) => compileCondition(runners, c));
    return (lives) => parts.some((p) => p(lives));
  }
  if ('not' in cond) {
    const inner = compileCondition(runners, cond.not);
    return (lives) => !inner(lives);
  }
  const k = sideIndex(cond.side);
  if ('event' in cond) return eventPredicate(runners[k], cond.event, k);
  if ('outcome' in cond) {
    const outcome = cond.outcome;
    return (lives) => outcomeOf(outcome, lives[k].sim);
  }
  if ('goal' in cond) return goalPredicate(runners[k], cond.goal, cond.met, k);
  const read = figureReader(runners, cond);
  const test = compare(cond);
  return (lives) => test(read(lives));
}

/** `met: true`: the goal came due and was paid in full every time; `met: false`: it came due and was not. */
function goalPredicate(runner: PathRunner, goalId: string, met: boolean, k: number): Predicate {
  const g = runner.compiled.plan.goals.findIndex((x) => x.id === goalId);
  return (lives) => lives[k].sim.goalCameDue[g] === 1 && (lives[k].sim.goalFull[g] === 1) === met;
}

/** Which goal group a life falls in: 0 met, 1 missed, 2 never due. */
export function goalGroup(runner: PathRunner, goalId: string, k: number): Reader {
  const g = runner.compiled.plan.goals.findIndex((x) => x.id === goalId);
  return (lives) => {
    const sim = lives[k].sim;
    if (sim.goalCameDue[g] === 0) return 2;
    return sim.goalFull[g] === 1 ? 0 : 1;
  };
}
