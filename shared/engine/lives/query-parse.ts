/**
 * Reads a query (JSON as a client sent it) against the run's plans: its shape, then every name and
 * age against the plan it is read on. Each problem names its field (`where.all[1].atAge`), so the
 * API can answer 400 with it. The engine parses by hand: it imports no package.
 */
import type { HouseholdPlan } from '../household/plan.js';
import {
  COMPARISON_SIDES,
  type Condition,
  EVENT_TYPES,
  type EventMatch,
  type GroupBy,
  LIFE_FIGURES,
  type LivesQuery,
  OUTCOMES,
  QUERY_LIMITS,
  type Selection,
  type Side,
  STATS,
  YEARLY_METRICS,
  type YearPoint,
} from './query.js';

export interface QueryIssue {
  field: string;
  message: string;
}

/** Thrown for a query that fails its checks (the domain parses first and answers 400). */
export class QueryError extends RangeError {
  constructor(readonly issues: QueryIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join('; '));
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (values: readonly string[]) => values.join(', ');

class Reader {
  readonly issues: QueryIssue[] = [];
  nodes = 0;
  constructor(readonly plans: HouseholdPlan[]) {}

  fail(field: string, message: string): undefined {
    this.issues.push({ field, message });
    return undefined;
  }

  /** Fields of `o` beyond `known` are refused: a misspelt field must not silently widen a condition. */
  only(o: Json, known: readonly string[], field: string): void {
    for (const key of Object.keys(o)) if (!known.includes(key)) this.fail(`${field}.${key}`, `is not a field here (${list(known)})`);
  }

  number(v: unknown, field: string, whole = false): number | undefined {
    if (typeof v !== 'number' || !Number.isFinite(v)) return this.fail(field, 'must be a number');
    if (whole && !Number.isInteger(v)) return this.fail(field, 'must be a whole number');
    return v;
  }

  oneOf<T extends string>(v: unknown, values: readonly T[], field: string): T | undefined {
    if (typeof v !== 'string' || !values.includes(v as T)) return this.fail(field, `must be one of ${list(values)}`);
    return v as T;
  }

  side(o: Json, field: string): Side | undefined {
    if (o.side === undefined) return undefined;
    if (this.plans.length < 2) return this.fail(`${field}.side`, "names a comparison's side; a simulation has one");
    return this.oneOf(o.side, COMPARISON_SIDES, `${field}.side`);
  }

  planOf(side: Side | undefined): HouseholdPlan {
    return this.plans[side === 'alternative' ? 1 : 0];
  }

  memberIndex(plan: HouseholdPlan, id: unknown, field: string): number | undefined {
    if (typeof id !== 'string') return this.fail(field, 'must be a member id');
    const m = plan.members.findIndex((x) => x.id === id);
    if (m < 0) return this.fail(field, `names no member of the scenario (${list(plan.members.map((x) => x.id))})`);
    return m;
  }

  goal(plan: HouseholdPlan, id: unknown, field: string): string | undefined {
    if (typeof id !== 'string') return this.fail(field, 'must be a goal id');
    if (!plan.goals.some((g) => g.id === id))
      return this.fail(field, `names no goal of the scenario (${list(plan.goals.map((g) => g.id)) || 'none'})`);
    return id;
  }

  /** atAge / atYear / atCalendarYear (one of them) and memberId, inside the plan's horizon. */
  point(o: Json, plan: HouseholdPlan, field: string, required: boolean): YearPoint | undefined {
    const given = ['atAge', 'atYear', 'atCalendarYear'].filter((k) => o[k] !== undefined);
    if (given.length > 1) return this.fail(`${field}.${given[1]}`, `give one of atAge, atYear, atCalendarYear, not ${given.join(' and ')}`);
    if (given.length === 0) {
      if (o.memberId !== undefined) return this.fail(`${field}.memberId`, 'names whose age atAge is; give atAge with it');
      if (required) return this.fail(`${field}.atAge`, 'a yearly figure needs atAge, atYear or atCalendarYear');
      return {};
    }
    const key = given[0];
    const value = this.number(o[key], `${field}.${key}`, true);
    if (value === undefined) return undefined;
    const Y = plan.years;
    if (key === 'atAge') {
      const m = o.memberId === undefined ? primaryIndex(plan) : this.memberIndex(plan, o.memberId, `${field}.memberId`);
      if (m === undefined) return undefined;
      const age0 = plan.startYear - plan.members[m].birthYear;
      if (value < age0 || value >= age0 + Y)
        return this.fail(`${field}.atAge`, `is outside the horizon: ${plan.members[m].id} is ${age0} to ${age0 + Y - 1}`);
      return { atAge: value, ...(o.memberId !== undefined ? { memberId: plan.members[m].id } : {}) };
    }
    if (o.memberId !== undefined) return this.fail(`${field}.memberId`, 'names whose age atAge is; it goes with atAge only');
    const t = key === 'atYear' ? value : value - plan.startYear;
    if (t < 0 || t >= Y)
      return this.fail(
        `${field}.${key}`,
        `is outside the horizon: ${key === 'atYear' ? `0 to ${Y - 1}` : `${plan.startYear} to ${plan.startYear + Y - 1}`}`,
      );
    return { [key]: value };
  }

  condition(v: unknown, field: string, depth: number): Condition | undefined {
    if (++this.nodes > QUERY_LIMITS.conditions) return this.fail(field, `a query holds at most ${QUERY_LIMITS.conditions} conditions`);
    if (!isObject(v)) return this.fail(field, 'must be a condition object (all, any, not, event, metric, outcome or goal)');
    const kinds = ['all', 'any', 'not', 'event', 'metric', 'outcome', 'goal'].filter((k) => v[k] !== undefined);
    if (kinds.length !== 1)
      return this.fail(
        field,
        kinds.length === 0 ? 'must hold one of all, any, not, event, metric, outcome, goal' : `holds ${kinds.join(' and ')}: one only`,
      );
    const kind = kinds[0];
    if ((kind === 'all' || kind === 'any' || kind === 'not') && depth >= QUERY_LIMITS.depth)
      return this.fail(field, `conditions nest at most ${QUERY_LIMITS.depth} deep`);
    switch (kind) {
      case 'all':
      case 'any': {
        this.only(v, [kind], field);
        const items = v[kind];
        if (!Array.isArray(items) || items.length === 0) return this.fail(`${field}.${kind}`, 'must be a non-empty list of conditions');
        const parsed = items.map((c, i) => this.condition(c, `${field}.${kind}[${i}]`, depth + 1));
        return parsed.every((c) => c !== undefined) ? ({ [kind]: parsed } as Condition) : undefined;
      }
      case 'not': {
        this.only(v, ['not'], field);
        const inner = this.condition(v.not, `${field}.not`, depth + 1);
        return inner && { not: inner };
      }
      case 'event': {
        this.only(v, ['event', 'side'], field);
        const side = this.side(v, field);
        const event = this.event(v.event, this.planOf(side), `${field}.event`);
        return event && { event, ...(side ? { side } : {}) };
      }
      case 'outcome': {
        this.only(v, ['outcome', 'side'], field);
        const side = this.side(v, field);
        const outcome = this.oneOf(v.outcome, OUTCOMES, `${field}.outcome`);
        return outcome && { outcome, ...(side ? { side } : {}) };
      }
      case 'goal': {
        this.only(v, ['goal', 'met', 'side'], field);
        const side = this.side(v, field);
        const goal = this.goal(this.planOf(side), v.goal, `${field}.goal`);
        if (typeof v.met !== 'boolean') return this.fail(`${field}.met`, 'must be true or false');
        return goal === undefined ? undefined : { goal, met: v.met, ...(side ? { side } : {}) };
      }
      default:
        return this.metricCondition(v, field);
    }
  }

  metricCondition(v: Json, field: string): Condition | undefined {
    this.only(v, ['metric', 'atAge', 'atYear', 'atCalendarYear', 'memberId', 'view', 'lt', 'lte', 'gt', 'gte', 'side'], field);
    const side = this.side(v, field);
    const plan = this.planOf(side);
    const metric = this.oneOf(v.metric, [...YEARLY_METRICS, ...LIFE_FIGURES], `${field}.metric`);
    if (metric === undefined) return undefined;
    const point = this.metricPoint(v, metric, plan, field);
    const view = v.view === undefined ? undefined : this.oneOf(v.view, ['real', 'nominal'] as const, `${field}.view`);
    const bounds: Record<string, number> = {};
    for (const op of ['lt', 'lte', 'gt', 'gte']) {
      if (v[op] === undefined) continue;
      const x = this.number(v[op], `${field}.${op}`);
      if (x !== undefined) bounds[op] = x;
    }
    if (Object.keys(bounds).length === 0) return this.fail(`${field}.gte`, 'a metric condition compares with lt, lte, gt or gte');
    if (point === undefined || (v.view !== undefined && view === undefined)) return undefined;
    return { metric, ...point, ...(view ? { view } : {}), ...bounds, ...(side ? { side } : {}) };
  }

  /** A yearly figure's year; a life's own figure takes none (and only the real view, as the output reports it). */
  metricPoint(v: Json, metric: string, plan: HouseholdPlan, field: string, inFan = false): YearPoint | undefined {
    if (inFan) {
      if (!(YEARLY_METRICS as readonly string[]).includes(metric))
        return this.fail(`${field}.metric`, `groupBy "year" reads yearly figures (${list(YEARLY_METRICS)}) at every year`);
      for (const k of ['atAge', 'atYear', 'atCalendarYear', 'memberId'])
        if (v[k] !== undefined) return this.fail(`${field}.${k}`, 'groupBy "year" reads the figure at every year: leave the year out');
      return {};
    }
    if ((YEARLY_METRICS as readonly string[]).includes(metric)) return this.point(v, plan, field, true);
    for (const k of ['atAge', 'atYear', 'atCalendarYear', 'memberId'])
      if (v[k] !== undefined) return this.fail(`${field}.${k}`, `${metric} is one figure a life; it has no year`);
    if (v.view === 'nominal') return this.fail(`${field}.view`, `${metric} is reported in today's money (real) only`);
    return {};
  }

  /** Set while reading `select` under `groupBy: "year"`: a yearly figure without a year is read at every year. */
  yearFan = false;

  event(v: unknown, plan: HouseholdPlan, field: string): EventMatch | undefined {
    if (!isObject(v))
      return this.fail(field, 'must be an object { type, memberId?, goalId?, itemId?, fromAge?, toAge?, fromYear?, toYear? }');
    this.only(v, ['type', 'memberId', 'goalId', 'itemId', 'fromAge', 'toAge', 'fromYear', 'toYear'], field);
    const type = this.oneOf(v.type, EVENT_TYPES, `${field}.type`);
    const out: EventMatch = { type: type ?? 'DEATH' };
    if (v.memberId !== undefined) {
      const m = this.memberIndex(plan, v.memberId, `${field}.memberId`);
      if (m !== undefined) out.memberId = plan.members[m].id;
    }
    if (v.goalId !== undefined) {
      const g = this.goal(plan, v.goalId, `${field}.goalId`);
      if (g !== undefined) out.goalId = g;
    }
    if (v.itemId !== undefined) {
      const items = [...plan.properties.map((p) => p.id), ...plan.insurance.map((i) => i.id)];
      if (typeof v.itemId !== 'string' || !items.includes(v.itemId))
        this.fail(`${field}.itemId`, `names no property or policy (${list(items) || 'none'})`);
      else out.itemId = v.itemId;
    }
    const ages = plan.members.map((m) => plan.startYear - m.birthYear);
    const minAge = Math.min(...ages);
    const maxAge = Math.max(...ages) + plan.years - 1;
    for (const [k, lo, hi] of [
      ['fromAge', minAge, maxAge],
      ['toAge', minAge, maxAge],
      ['fromYear', 0, plan.years - 1],
      ['toYear', 0, plan.years - 1],
    ] as const) {
      if (v[k] === undefined) continue;
      const x = this.number(v[k], `${field}.${k}`, true);
      if (x === undefined) continue;
      if (x < lo || x > hi) this.fail(`${field}.${k}`, `is outside the horizon: ${lo} to ${hi}`);
      else out[k] = x;
    }
    if (out.fromAge !== undefined && out.toAge !== undefined && out.fromAge > out.toAge) this.fail(`${field}.toAge`, 'is below fromAge');
    if (out.fromYear !== undefined && out.toYear !== undefined && out.fromYear > out.toYear)
      this.fail(`${field}.toYear`, 'is below fromYear');
    return type === undefined ? undefined : out;
  }

  selection(v: unknown, field: string): Selection | undefined {
    if (!isObject(v)) return this.fail(field, 'must be an object { stat, metric?, atAge?, atYear?, memberId?, view?, where? }');
    this.only(v, ['stat', 'metric', 'atAge', 'atYear', 'atCalendarYear', 'memberId', 'view', 'where', 'side'], field);
    const stat = this.oneOf(v.stat, STATS, `${field}.stat`);
    if (stat === undefined) return undefined;
    const side = this.side(v, field);
    if (v.metric === undefined) {
      if (stat !== 'count' && stat !== 'probability') return this.fail(`${field}.metric`, `${stat} is a statistic of a metric: name one`);
      for (const k of ['atAge', 'atYear', 'atCalendarYear', 'memberId', 'view'])
        if (v[k] !== undefined) return this.fail(`${field}.${k}`, 'goes with a metric');
      const where = v.where === undefined ? undefined : this.condition(v.where, `${field}.where`, 0);
      if (v.where !== undefined && where === undefined) return undefined;
      return { stat, ...(where ? { where } : {}) };
    }
    if (v.where !== undefined) return this.fail(`${field}.where`, 'counts lives: it goes with count or probability without a metric');
    if (stat === 'probability') return this.fail(`${field}.metric`, 'probability counts lives: give it a where, not a metric');
    const metric = this.oneOf(v.metric, [...YEARLY_METRICS, ...LIFE_FIGURES], `${field}.metric`);
    if (metric === undefined) return undefined;
    const point = this.metricPoint(v, metric, this.planOf(side), field, this.yearFan);
    const view = v.view === undefined ? undefined : this.oneOf(v.view, ['real', 'nominal'] as const, `${field}.view`);
    if (point === undefined || (v.view !== undefined && view === undefined)) return undefined;
    return { stat, metric, ...point, ...(view ? { view } : {}), ...(side ? { side } : {}) };
  }

  groupBy(v: unknown, field: string): GroupBy | undefined {
    if (v === 'year') return 'year';
    if (!isObject(v)) return this.fail(field, 'must be "year", { "event": {...} } or { "goal": "<goalId>" }');
    if (v.event !== undefined && v.goal === undefined) {
      this.only(v, ['event', 'side'], field);
      this.nodes++;
      const side = this.side(v, field);
      const event = this.event(v.event, this.planOf(side), `${field}.event`);
      return event && { event, ...(side ? { side } : {}) };
    }
    if (v.goal !== undefined && v.event === undefined) {
      this.only(v, ['goal', 'side'], field);
      const side = this.side(v, field);
      const goal = this.goal(this.planOf(side), v.goal, `${field}.goal`);
      return goal === undefined ? undefined : { goal, ...(side ? { side } : {}) };
    }
    return this.fail(field, 'must be "year", { "event": {...} } or { "goal": "<goalId>" }');
  }
}

/** The primary member's index, as the compiled plan chooses it. */
export function primaryIndex(plan: HouseholdPlan): number {
  return Math.max(
    0,
    plan.members.findIndex((m) => m.role === 'PRIMARY'),
  );
}

/** A condition alone (a page of lives' `where`), or its problems, each naming its field under `field`. */
export function parseCondition(raw: unknown, plans: HouseholdPlan[], field: string): { condition: Condition } | { issues: QueryIssue[] } {
  const r = new Reader(plans);
  const condition = r.condition(raw, field, 0);
  return condition === undefined || r.issues.length > 0 ? { issues: r.issues } : { condition };
}

/**
 * The query, or every problem found (each naming its field). `plans` are the run's: one for a
 * simulation, baseline then alternative for a comparison (whose conditions may name a `side`).
 * `paths` bounds the values a year fan keeps.
 */
export function parseQuery(raw: unknown, plans: HouseholdPlan[], paths: number): { query: LivesQuery } | { issues: QueryIssue[] } {
  const r = new Reader(plans);
  if (!isObject(raw))
    return { issues: [{ field: 'request body', message: 'must be a query object { where?, select, groupBy?, compareTo? }' }] };
  r.only(raw, ['where', 'select', 'groupBy', 'compareTo'], 'query');
  const where = raw.where === undefined ? undefined : r.condition(raw.where, 'where', 0);
  const groupBy = raw.groupBy === undefined ? undefined : r.groupBy(raw.groupBy, 'groupBy');
  if (raw.compareTo !== undefined && raw.compareTo !== 'rest') r.fail('compareTo', 'must be "rest" (the lives that do not match where)');
  if (raw.compareTo !== undefined && raw.where === undefined)
    r.fail('compareTo', 'compares the lives that match where with the rest: give a where');
  r.yearFan = groupBy === 'year';
  const select: Selection[] = [];
  if (!Array.isArray(raw.select) || raw.select.length === 0) r.fail('select', 'must be a non-empty list of statistics');
  else if (raw.select.length > QUERY_LIMITS.select) r.fail('select', `holds at most ${QUERY_LIMITS.select} statistics`);
  else
    raw.select.forEach((s, i) => {
      const parsed = r.selection(s, `select[${i}]`);
      if (parsed) select.push(parsed);
    });
  if (r.issues.length === 0 && groupBy === 'year') {
    const kept = paths * Math.max(...plans.map((p) => p.years)) * select.length;
    if (kept > QUERY_LIMITS.values)
      r.fail(
        'groupBy',
        `a year fan of ${select.length} statistics over ${paths} lives keeps ${kept} values; at most ${QUERY_LIMITS.values}`,
      );
  }
  if (r.issues.length > 0) return { issues: r.issues };
  return {
    query: {
      ...(where ? { where } : {}),
      select,
      ...(groupBy ? { groupBy } : {}),
      ...(raw.compareTo === 'rest' ? { compareTo: 'rest' as const } : {}),
    },
  };
}
