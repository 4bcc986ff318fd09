/**
 * One shard of a query: every life of a path range replayed (on each side, for a comparison) and
 * read into columns, one entry per life in path order: whether it matches `where`, its group, each
 * selection's own condition and figure (a year fan's at every year). The answer is computed once
 * the columns of every shard are in (query-answer.ts), so it is exact and the same however the
 * lives were split.
 */
import type { PathEvent } from '../household/path-events.js';
import { PathRunner } from '../household/path-runner.js';
import type { HouseholdPlan } from '../household/plan.js';
import { checkRange, type ShardRange } from '../output/simulate-shard.js';
import type { LivesQuery } from './query.js';
import {
  compileCondition,
  eventPredicate,
  figureReader,
  goalGroup,
  type LifeState,
  needsEvents,
  type Predicate,
  type Reader,
  yearlyValue,
} from './query-eval.js';

export interface QueryShardResult {
  pathStart: number;
  pathCount: number;
  /** Years of the longest plan: a year fan's columns hold that many values per life. */
  years: number;
  /** Per life: 1 when it matches `where` (every life, without one). */
  matched: Uint8Array;
  /** Per life: its group (an event: 0 happened, 1 not; a goal: 0 met, 1 missed, 2 never due); 0 without a grouping. */
  group: Uint8Array;
  /** Per life: the years its household ran (the first side's): a year fan's group at year t is the lives that reached it. */
  yearsRun: Int32Array;
  /** Per selection: per life, 1 when it satisfies the selection's own `where` (empty for selections without one). */
  hits: Uint8Array[];
  /** Per selection with a metric: per life (times `years` in a year fan), the figure, NaN where the life has none. */
  values: Float64Array[];
}

const SIDES_OF = (plans: HouseholdPlan[], seed: number) => plans.map((plan) => new PathRunner(plan, seed));

/**
 * Replays lives [pathStart, pathStart + pathCount) of the run's plans (one, or a comparison's
 * baseline and alternative on common random numbers) under its seed and reads the query's columns.
 */
export function queryShard(plans: HouseholdPlan[], query: LivesQuery, seed: number, range: ShardRange): QueryShardResult {
  checkRange(range);
  const runners = SIDES_OF(plans, seed);
  const n = range.pathCount;
  const Y = Math.max(...plans.map((p) => p.years));
  const fan = query.groupBy === 'year';
  const where: Predicate = query.where ? compileCondition(runners, query.where) : () => true;
  const selectionWhere = query.select.map((s) => (s.where ? compileCondition(runners, s.where) : null));
  const readers: (Reader | null)[] = query.select.map((s) =>
    s.metric !== undefined && !fan ? figureReader(runners, { ...s, metric: s.metric }) : null,
  );
  const grouping = groupReader(runners, query);
  const events = needsEvents(query);
  const keepRest = query.compareTo === 'rest';
  const result: QueryShardResult = {
    pathStart: range.pathStart,
    pathCount: n,
    years: Y,
    matched: new Uint8Array(n),
    group: new Uint8Array(n),
    yearsRun: new Int32Array(n),
    hits: selectionWhere.map((w) => new Uint8Array(w ? n : 0)),
    values: query.select.map((s) => new Float64Array(s.metric === undefined ? 0 : fan ? n * Y : n)),
  };
  const lives: LifeState[] = runners.map((runner) => ({ runner, sim: runner.simulator, events: [] as PathEvent[] }));
  for (let i = 0; i < n; i++) {
    const p = range.pathStart + i;
    for (let k = 0; k < runners.length; k++) {
      const life = lives[k];
      life.events.length = 0;
      life.sim = runners[k].run(p, events[k] ? life.events : null);
    }
    const matched = where(lives);
    result.matched[i] = matched ? 1 : 0;
    result.yearsRun[i] = lives[0].sim.yearsRun;
    result.group[i] = grouping ? grouping(lives) : 0;
    // The rest's figures are read only when they are compared: a life outside `where` is otherwise never looked at again.
    if (!matched && !keepRest) {
      for (const v of result.values) v.fill(Number.NaN, fan ? i * Y : i, fan ? (i + 1) * Y : i + 1);
      continue;
    }
    for (let s = 0; s < query.select.length; s++) {
      const w = selectionWhere[s];
      if (w) result.hits[s][i] = w(lives) ? 1 : 0;
      const read = readers[s];
      if (read) result.values[s][i] = read(lives);
      else if (fan && query.select[s].metric !== undefined) fanValues(lives, query.select[s], result.values[s], i * Y, Y);
    }
  }
  return result;
}

function fanValues(lives: LifeState[], s: LivesQuery['select'][number], out: Float64Array, at: number, Y: number): void {
  const life = lives[s.side === 'alternative' ? 1 : 0];
  const real = s.view !== 'nominal';
  for (let t = 0; t < Y; t++) out[at + t] = yearlyValue(life, s.metric as string, t, -1, real);
}

function groupReader(runners: PathRunner[], query: LivesQuery): Reader | null {
  const g = query.groupBy;
  if (g === undefined || g === 'year') return null;
  const k = g.side === 'alternative' ? 1 : 0;
  if ('goal' in g) return goalGroup(runners[k], g.goal, k);
  const happened = eventPredicate(runners[k], g.event, k);
  return (lives) => (happened(lives) ? 0 : 1);
}

/**
 * The shard's columns as bytes for the store: a JSON head (range, years, column lengths), then each
 * column's bytes, every column starting on an 8-byte boundary.
 */
export function encodeQueryShard(r: QueryShardResult): Uint8Array {
  const columns: ArrayBufferView[] = [r.matched, r.group, r.yearsRun, ...r.hits, ...r.values];
  const head = new TextEncoder().encode(
    JSON.stringify({
      pathStart: r.pathStart,
      pathCount: r.pathCount,
      years: r.years,
      hits: r.hits.map((h) => h.length),
      values: r.values.map((v) => v.length),
    }),
  );
  const align = (x: number) => Math.ceil(x / 8) * 8;
  let size = align(4 + head.length);
  for (const c of columns) size += align(c.byteLength);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, head.length, true);
  out.set(head, 4);
  let at = align(4 + head.length);
  for (const c of columns) {
    out.set(new Uint8Array(c.buffer, c.byteOffset, c.byteLength), at);
    at += align(c.byteLength);
  }
  return out;
}

export function decodeQueryShard(bytes: Uint8Array): QueryShardResult {
  const copy = bytes.slice(); // aligned, and owned
  const headLength = new DataView(copy.buffer).getUint32(0, true);
  const head = JSON.parse(new TextDecoder().decode(copy.subarray(4, 4 + headLength))) as {
    pathStart: number;
    pathCount: number;
    years: number;
    hits: number[];
    values: number[];
  };
  const align = (x: number) => Math.ceil(x / 8) * 8;
  let at = align(4 + headLength);
  const take = <T>(make: (buffer: ArrayBuffer, offset: number, length: number) => T, length: number, bytesEach: number): T => {
    const column = make(copy.buffer, at, length);
    at += align(length * bytesEach);
    return column;
  };
  const n = head.pathCount;
  return {
    pathStart: head.pathStart,
    pathCount: n,
    years: head.years,
    matched: take((b, o, l) => new Uint8Array(b, o, l), n, 1),
    group: take((b, o, l) => new Uint8Array(b, o, l), n, 1),
    yearsRun: take((b, o, l) => new Int32Array(b, o, l), n, 4),
    hits: head.hits.map((l) => take((b, o, len) => new Uint8Array(b, o, len), l, 1)),
    values: head.values.map((l) => take((b, o, len) => new Float64Array(b, o, len), l, 8)),
  };
}
