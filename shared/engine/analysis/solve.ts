/**
 * SOLVE: the value of one lever at which the target's probability is first reached.
 *
 * Each path has a switch point: the value from which it meets the target (a path's outcome is
 * assumed monotone in the lever). Shards find, for each of their paths, the cell of a grid of at
 * most GRID_CELLS + 1 lever values that holds its switch point, by bisection over the grid (about
 * seven runs a path). The probability at any grid value is then the share of paths whose switch
 * point lies at or before it, exactly, so the merge knows the cell holding the solution. Within
 * that cell it bisects to the lever's unit (a cent, or a year) on the paths switching there only,
 * then simulates every path at the solved value: the reported probability is that simulation's,
 * which re-simulating the scenario with the solved value and the same seed reproduces exactly.
 */
import type { HouseholdPlan } from '../household/plan.js';
import type { ShardRange } from '../output/simulate-shard.js';
import type { SolveResult, SolveTrial } from './analysis-document.js';
import { bernoulliVariance, pairedDifference, proportion } from './estimates.js';
import type { ResolvedLever } from './levers.js';
import type { RunnerPool } from './runner-pool.js';
import { targetDueAt, targetMet, targetMetAt, type ResolvedTarget } from './target.js';

/**
 * Cells of the shards' grid: enough that the merge's bisection sees few paths, few enough that a
 * path needs only ⌈log2(66)⌉ = 7 runs.
 */
export const GRID_CELLS = 64;
/**
 * Steps past the solved value, one run each, at most: for a retirement age these reach across any
 * bracket; for an amount (a cent a step) they only cover the rounding of a non-monotone path or two.
 */
export const MAX_STEPS = 20;
/** Per path: −1 not due (does not count), 0 due and not met, 1 met. */
export type Outcome = -1 | 0 | 1;

/**
 * The lever's grid, in whole steps, ordered from the value that helps least to the one that helps
 * most. The current value is one of its points when it lies inside the bounds, so that the base
 * plan's outcome, which every analysis runs anyway, is the first step of each path's bisection.
 */
export function gridUnits(lever: ResolvedLever): number[] {
  const lo = Math.round(lever.min / lever.step);
  const hi = Math.round(lever.max / lever.step);
  const current = currentUnits(lever);
  const span = (from: number, to: number, cells: number) =>
    Array.from({ length: cells + 1 }, (_, j) => from + Math.round((j * (to - from)) / cells));
  let units: number[];
  if (current !== null && current > lo && current < hi) {
    const below = Math.max(1, Math.min(current - lo, Math.round((GRID_CELLS * (current - lo)) / (hi - lo))));
    const above = Math.max(1, Math.min(hi - current, GRID_CELLS - below));
    units = [...span(lo, current, below), ...span(current, hi, above).slice(1)];
  } else {
    units = span(lo, hi, Math.min(GRID_CELLS, hi - lo));
  }
  return lever.better === 'HIGHER' ? units : units.reverse();
}

/** The current value in whole steps, if it is a whole number of them. */
function currentUnits(lever: ResolvedLever): number | null {
  const units = Math.round(lever.current / lever.step);
  return Math.abs(units * lever.step - lever.current) < 1e-9 * Math.max(1, Math.abs(lever.current)) ? units : null;
}

export const valueOf = (lever: ResolvedLever, units: number) => (lever.step === 1 ? units : Math.round(units) / 100);

/** Trials a path's search needs to locate its cell: bisection over cells + 1 outcomes. */
export const gridTrials = (gridSize: number) => Math.ceil(Math.log2(gridSize + 1));

/**
 * For each path of the range, the index in the grid of the first value at which it meets the
 * target (grid.length if none), or −1 where the target is not due on the base plan.
 */
export function switchCells(
  pool: RunnerPool,
  lever: ResolvedLever,
  leverKey: string,
  target: ResolvedTarget,
  base: readonly Outcome[],
  range: ShardRange,
): number[] {
  const grid = gridUnits(lever);
  const n = range.pathCount;
  const lo = new Int32Array(n);
  const hi = new Int32Array(n).fill(grid.length);
  const cells: number[] = new Array(n);
  // The base plan is the lever at its current value: where that is a grid point, its outcome halves each path's search for free.
  const current = currentUnits(lever);
  const at = current === null ? -1 : grid.indexOf(current);
  if (at >= 0)
    for (let i = 0; i < n; i++)
      if (base[i] === 1) hi[i] = at;
      else lo[i] = at + 1;
  // Each path's bisection runs through to its cell before the next path's: its trials share the
  // path's lives and economy, drawn once where the lever leaves them alone (not a retirement age).
  const runnerAt = (j: number) => pool.runner(`${leverKey}@${grid[j]}`, () => ({ plan: lever.apply(valueOf(lever, grid[j])) }));
  const source = runnerAt(0);
  for (let i = 0; i < n; i++) {
    if (base[i] === -1) continue;
    while (lo[i] < hi[i]) {
      const mid = (lo[i] + hi[i]) >> 1;
      if (targetMet(target, pool.runShared(source, runnerAt(mid), range.pathStart + i))) hi[i] = mid;
      else lo[i] = mid + 1;
    }
  }
  for (let i = 0; i < n; i++) cells[i] = base[i] === -1 ? -1 : lo[i];
  return cells;
}

/** The path indices of a range, in order. */
const rangePaths = (range: ShardRange) => Float64Array.from({ length: range.pathCount }, (_, k) => range.pathStart + k);

/** Per-path outcome of the base plan over a range. */
export function baseOutcomes(pool: RunnerPool, plan: HouseholdPlan, target: ResolvedTarget, range: ShardRange): Outcome[] {
  const runner = pool.runner('base', () => ({ plan }));
  const out = pool.runBatch(runner, rangePaths(range));
  return Array.from({ length: range.pathCount }, (_, k) => (!targetDueAt(target, out, k) ? -1 : targetMetAt(target, out, k) ? 1 : 0));
}

/** Finishes a solve from every path's switch cell: the bisection inside the solution's cell, then the check at the solved value. */
export function finishSolve(
  pool: RunnerPool,
  lever: ResolvedLever,
  leverKey: string,
  target: ResolvedTarget,
  base: readonly Outcome[],
  cells: readonly number[],
  maxTrials: number,
): SolveResult {
  const grid = gridUnits(lever);
  const M = grid.length;
  const n = cells.length;
  const counts = new Array(M + 1).fill(0);
  let due = 0;
  for (const c of cells)
    if (c >= 0) {
      counts[c]++;
      due++;
    }
  const okAt = new Array(M).fill(0);
  for (let j = 0, run = 0; j < M; j++) okAt[j] = run += counts[j];
  const needed = Math.max(1, Math.ceil(target.probability * due - 1e-9));
  const p = (k: number) => (due > 0 ? k / due : 0);
  const trials: SolveTrial[] = [];

  // The bisection a search over the grid would have made, read off the switch cells.
  for (let a = 0, b = M - 1; a <= b; ) {
    const mid = (a + b) >> 1;
    trials.push({ value: valueOf(lever, grid[mid]), probability: p(okAt[mid]), source: 'THRESHOLDS' });
    if (okAt[mid] >= needed) b = mid - 1;
    else a = mid + 1;
  }

  let units: number;
  let status: SolveResult['status'] = 'SOLVED';
  let resolution = lever.step;
  let predictedOk: (i: number) => boolean;
  const jStar = okAt.findIndex((k) => k >= needed);
  if (due === 0 || jStar < 0) {
    status = 'UNREACHABLE';
    units = grid[M - 1];
    predictedOk = (i) => cells[i] >= 0 && cells[i] < M;
  } else if (jStar === 0) {
    status = 'ALREADY_MET';
    units = grid[0];
    predictedOk = (i) => cells[i] === 0;
  } else {
    // Inside the cell (grid[j*−1], grid[j*]]: only the paths switching there can change the count.
    const from = grid[jStar - 1];
    const dir = Math.sign(grid[jStar] - from);
    const L = Math.abs(grid[jStar] - from);
    const at = (k: number) => from + dir * (k + 1);
    const switching: number[] = [];
    for (let i = 0; i < n; i++) if (cells[i] === jStar) switching.push(i);
    const firstOk = new Int32Array(switching.length).fill(L - 1);
    const lastFail = new Int32Array(switching.length).fill(-1);
    const stillNeeded = needed - (jStar > 0 ? okAt[jStar - 1] : 0);
    let a = 0;
    let b = L - 1;
    let budget = maxTrials - gridTrials(M);
    while (a < b && budget-- > 0) {
      const mid = (a + b) >> 1;
      const runner = pool.runner(`${leverKey}@${at(mid)}`, () => ({ plan: lever.apply(valueOf(lever, at(mid))) }));
      let ok = 0;
      const open: number[] = [];
      for (let s = 0; s < switching.length; s++) {
        if (firstOk[s] <= mid) ok++;
        else if (lastFail[s] < mid) open.push(s);
      }
      const out = pool.runBatch(
        runner,
        open.map((s) => switching[s]),
      );
      open.forEach((s, k) => {
        if (targetMetAt(target, out, k)) {
          firstOk[s] = mid;
          ok++;
        } else lastFail[s] = mid;
      });
      trials.push({ value: valueOf(lever, at(mid)), probability: p(okAt[jStar - 1] + ok), source: 'THRESHOLDS' });
      if (ok >= stillNeeded) b = mid;
      else a = mid + 1;
    }
    resolution = (b - a + 1) * lever.step;
    units = at(b);
    const okFrom = new Map(switching.map((i, s) => [i, firstOk[s]]));
    predictedOk = (i) => cells[i] >= 0 && (cells[i] < jStar || (cells[i] === jStar && (okFrom.get(i) ?? L) <= b));
  }

  // Simulate every path at the solved value: the reported probability is this simulation's.
  const solvedUnits = units;
  let at = simulateAt(pool, lever, leverKey, target, base, units, predictedOk);
  trials.push({ value: valueOf(lever, units), probability: p(at.met), source: 'SIMULATED' });
  const nonMonotone = at.nonMonotone;
  // Paths that do not respond monotonically can leave the solved value short of the target: step
  // on, one run per step, until the simulated probability meets it or the bracket ends.
  const last = grid[M - 1];
  const dir = Math.sign(last - units);
  let steps = 0;
  while (status === 'SOLVED' && units !== last && steps < MAX_STEPS && at.met / Math.max(1, at.dueAt) < target.probability) {
    units += dir;
    steps++;
    at = simulateAt(pool, lever, leverKey, target, base, units, predictedOk);
    trials.push({ value: valueOf(lever, units), probability: p(at.met), source: 'SIMULATED' });
  }
  if (steps > 0 && at.met / Math.max(1, at.dueAt) < target.probability && units === last) status = 'UNREACHABLE';
  const value = valueOf(lever, units);
  const { met, dueAt, sumD, sumD2, baseMet, paired } = at;
  const probability = proportion(met, dueAt);
  const pb = paired > 0 ? baseMet / paired : 0;
  const pv = paired > 0 ? met / paired : 0;
  // A lever that works against the target (saving into a locked account can starve a goal): the best value found is today's.
  const baseDue = base.reduce<number>((k, o) => k + (o >= 0 ? 1 : 0), 0);
  const baseOk = base.reduce<number>((k, o) => k + (o === 1 ? 1 : 0), 0);
  const worksAgainst = status === 'UNREACHABLE' && baseDue > 0 && baseOk / baseDue > probability.value;
  const today = proportion(baseOk, baseDue);
  const what = target.goalId === undefined ? 'the plan succeeds' : `goal ${target.goalId} is met`;
  const reason = worksAgainst
    ? 'The target cannot be reached with this lever, which works against it: ' +
      `today (${lever.describe(lever.current)}) ${what} on ${today.value.toFixed(3)} of paths, ` +
      `and at the bound (${lever.describe(value)}) on only ${probability.value.toFixed(3)}.`
    : explain(
        lever,
        target,
        status,
        value,
        probability.value,
        nonMonotone,
        steps > 0 ? { value: valueOf(lever, solvedUnits), trials } : null,
      );
  return {
    lever: { type: lever.type, ...(lever.itemId !== undefined ? { itemId: lever.itemId } : {}), current: lever.current, unit: lever.unit },
    target: { ...(target.goalId !== undefined ? { goalId: target.goalId } : {}), probability: target.probability },
    status,
    value: worksAgainst ? lever.current : value,
    change: worksAgainst ? 0 : lever.step === 1 ? value - lever.current : Math.round((value - lever.current) * 100) / 100,
    probability: worksAgainst ? today : probability,
    effect: worksAgainst
      ? pairedDifference(0, 0, paired, 2 * bernoulliVariance(pb, paired))
      : pairedDifference(sumD, sumD2, paired, bernoulliVariance(pb, paired) + bernoulliVariance(pv, paired)),
    bracket: { min: lever.min, max: lever.max },
    resolution,
    trials,
    nonMonotonePaths: nonMonotone,
    ...(reason ? { reason } : {}),
  };
}

function explain(
  lever: ResolvedLever,
  target: ResolvedTarget,
  status: SolveResult['status'],
  value: number,
  probability: number,
  nonMonotone: number,
  stepped: { value: number; trials: readonly SolveTrial[] } | null,
): string | undefined {
  const what = target.goalId === undefined ? 'the plan succeeds' : `goal ${target.goalId} is met`;
  const p = probability.toFixed(3);
  const parts: string[] = [];
  if (status === 'UNREACHABLE') {
    parts.push(
      `The target cannot be reached inside the lever's bounds: even ${lever.describe(value)}, ${what} on ${p} of ` +
        `paths, short of ${target.probability}.`,
    );
  } else if (status === 'ALREADY_MET' && value === lever.current) {
    parts.push(
      `No change is needed: at its current value (${lever.describe(value)}), ${what} on ${p} of paths, at or above ${target.probability}.`,
    );
  } else if (status === 'ALREADY_MET') {
    parts.push(
      `The target is met across the whole range: even ${lever.describe(value)}, ${what} on ${p} of paths; ` +
        'widen the bounds to find the limit.',
    );
  }
  if (nonMonotone > 0) {
    parts.push(
      `${nonMonotone} path(s) did not respond monotonically to the lever; ` +
        'the probability reported is the one simulated at the solved value.',
    );
  }
  if (stepped) {
    const first = stepped.trials.find((t) => t.source === 'SIMULATED')!;
    parts.push(
      `Simulated at the value the paths' switch points gave (${lever.describe(stepped.value)}), ${what} on ` +
        `${first.probability.toFixed(4)} of paths, short of ${target.probability}: stepped on to ${lever.describe(value)}, ` +
        `where ${what} on ${probability.toFixed(4)}.`,
    );
  }
  if (status === 'SOLVED' && probability < target.probability) {
    parts.push(
      `Simulated at the solved value, ${what} on ${p} of paths, just short of the target: the lever is not monotone on every ` +
        `path, and ${MAX_STEPS} steps on did not reach it.`,
    );
  }
  return parts.length ? parts.join(' ') : undefined;
}

interface SimulatedValue {
  met: number;
  dueAt: number;
  sumD: number;
  sumD2: number;
  baseMet: number;
  paired: number;
  nonMonotone: number;
}

/** Every path simulated at the lever's value `units`: the target met, and the differences from the base plan. */
function simulateAt(
  pool: RunnerPool,
  lever: ResolvedLever,
  leverKey: string,
  target: ResolvedTarget,
  base: readonly Outcome[],
  units: number,
  predictedOk: (i: number) => boolean,
): SimulatedValue {
  const n = base.length;
  // At the current value the lever gives the base plan itself, whose outcomes are known: no run needed.
  const out =
    units === currentUnits(lever)
      ? null
      : pool.runBatch(
          pool.runner(`${leverKey}@${units}`, () => ({ plan: lever.apply(valueOf(lever, units)) })),
          rangePaths({ pathStart: 0, pathCount: n }),
        );
  const r: SimulatedValue = { met: 0, dueAt: 0, sumD: 0, sumD2: 0, baseMet: 0, paired: 0, nonMonotone: 0 };
  for (let i = 0; i < n; i++) {
    const isDue = out ? targetDueAt(target, out, i) : base[i] >= 0;
    const x = isDue && (out ? targetMetAt(target, out, i) : base[i] === 1) ? 1 : 0;
    if (isDue) {
      r.dueAt++;
      r.met += x;
    }
    if (base[i] >= 0 && x !== (predictedOk(i) ? 1 : 0)) r.nonMonotone++;
    if (isDue || base[i] >= 0) {
      const b0 = base[i] === 1 ? 1 : 0;
      const d = x - b0;
      r.sumD += d;
      r.sumD2 += d * d;
      r.baseMet += b0;
      r.paired++;
    }
  }
  return r;
}
