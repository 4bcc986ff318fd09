/**
 * A run's lives as pages list them: which lives satisfy a condition (every life replayed once,
 * figures only, no event objects unless the condition reads logged events), and one life
 * described: its summary, with chosen yearly figures; on a comparison, both sides of it.
 */
import type { PathEvent } from '../household/path-events.js';
import { PathRunner } from '../household/path-runner.js';
import type { HouseholdPlan } from '../household/plan.js';
import type { LifeYear } from '../output/output-document.js';
import { type LifeSummary, lifeSummary } from './life-summary.js';
import type { Condition } from './query.js';
import { compileCondition, type LifeState, needsEvents } from './query-eval.js';
import { replayLife } from './replay-life.js';

/** The yearly figures a page may add to each life (`fields`), as `/lives/{index}` shows them. */
export const LIFE_YEAR_FIELDS = [
  'ages',
  'states',
  'unemployed',
  'inflation',
  'shortRate',
  'equityReturn',
  'bondReturn',
  'propertyReturn',
  'netWorth',
  'liquidAssets',
  'income',
  'spending',
  'shortfall',
  'taxes',
] as const;
export type LifeYearField = (typeof LIFE_YEAR_FIELDS)[number];

/** One runner per side of the run (one plan, or a comparison's two), on the run's seed. */
export function runnersOf(plans: HouseholdPlan[], seed: number): PathRunner[] {
  return plans.map((plan) => new PathRunner(plan, seed));
}

/** Indices of the lives [0, paths) that satisfy `condition`, ascending. */
export function matchingLives(runners: PathRunner[], paths: number, condition: Condition): number[] {
  const test = compileCondition(runners, condition);
  const events = needsEvents({ where: condition, select: [] });
  const lives: LifeState[] = runners.map((runner) => ({ runner, sim: runner.simulator, events: [] as PathEvent[] }));
  const out: number[] = [];
  for (let p = 0; p < paths; p++) {
    for (let k = 0; k < runners.length; k++) {
      lives[k].events.length = 0;
      lives[k].sim = runners[k].run(p, events[k] ? lives[k].events : null);
    }
    if (test(lives)) out.push(p);
  }
  return out;
}

export type DescribedLife = LifeSummary & { years?: Partial<LifeYear>[] };
export type ListedLife = DescribedLife | { index: number; baseline: DescribedLife; alternative: DescribedLife };

/** Life `index` as a page lists it, with `fields` of every year when asked; a comparison's as its two sides. */
export function describeLife(runners: PathRunner[], index: number, fields: readonly LifeYearField[]): ListedLife {
  const one = (runner: PathRunner): DescribedLife => {
    const summary = lifeSummary(runner, index);
    if (fields.length === 0) return summary;
    const years = replayLife(runner, index).years.map((y) => {
      const picked: Partial<LifeYear> = { year: y.year, calendarYear: y.calendarYear };
      for (const f of fields) (picked as Record<string, unknown>)[f] = y[f];
      return picked;
    });
    return { ...summary, years };
  };
  if (runners.length === 1) return one(runners[0]);
  return { index, baseline: one(runners[0]), alternative: one(runners[1]) };
}
