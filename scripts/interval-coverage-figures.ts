/**
 * The figures with a 95% interval that the coverage measure (interval-coverage.ts) collects from
 * one run of each kind the API reports them in: a comparison, the four analyses and a lives query.
 * Each is named; its truth is the figure of the same name in a run of many more paths on another
 * seed, or, where the figure is read at a value the run itself chose (a solved lever value), a
 * function that simulates that value on the truth's paths.
 */
import { compareShard, simulate, type ComparisonDocument, type HouseholdPlan } from '../shared/engine/index.js';
import { buildComparison } from '../shared/engine/compare/build-comparison.js';
import { analyse, type SolveResult } from '../shared/engine/analysis/index.js';
import { resolveLever } from '../shared/engine/analysis/levers.js';
import { queryLives, type LivesQuery, type SelectionResult } from '../shared/engine/lives/index.js';
import { saver } from '../test/engine/compare/saver-plan.js';
import type { Figure, Figures } from './interval-coverage-types.js';
import { wholeYearAlternatives } from './interval-coverage-whole-years.js';

export type { Figure, Figures };

/** The saver of the comparison tests, to age 100, with a car to buy and an estate to leave. */
export const saverWithGoals = (retirementAge: number) =>
  saver(retirementAge, 45, [
    { id: 'car', type: 'CAR', amount: 40_000, priority: 'ASPIRATIONAL', year: 2040 },
    { id: 'estate', type: 'LEGACY', amount: 300_000, priority: 'ASPIRATIONAL' },
  ]);

export interface Run {
  seed: number;
  paths: number;
}

/** An estimate as the API reports it (a lift and a query's percentile have no standard error), read as a figure. */
const estimate = (
  e: { value: number | null; standardError?: number | null; interval95?: [number | null, number | null] | null },
  method: string,
): Figure => ({ value: e.value, standardError: e.standardError ?? null, interval95: e.interval95 ?? null, method });

/**
 * Every figure of a comparison: the summary, the goals and the members; and, beside the reported
 * intervals of the depletion-age percentile differences, other constructions measured for
 * comparison (interval-coverage-whole-years.ts; not reported by the API).
 */
export function comparisonFigures(baseline: HouseholdPlan, alternative: HouseholdPlan, run: Run, out: Figures): void {
  // What compare() does on one shard, keeping the paired table for the other constructions.
  const merged = compareShard(baseline, alternative, run.seed, { pathStart: 0, pathCount: run.paths });
  const doc = buildComparison(baseline, alternative, merged, { seed: run.seed, shards: 1, elapsedMs: 0 });
  const put = (name: string, f: (typeof doc.summary)[number]) =>
    out.set(`compare.${name}`, { value: f.difference, standardError: f.standardError, interval95: f.interval95, method: f.method });
  for (const f of doc.summary) put(f.figure, f);
  for (const g of doc.goals) {
    put(`goals.${g.goalId}.achievability`, g.achievability);
    put(`goals.${g.goalId}.expectedFundedRatio`, g.expectedFundedRatio);
  }
  for (const m of doc.members) for (const f of m.figures) put(`members.${m.memberId}.${f.figure}`, f);
  yearlyMedianDifferences(doc, out);
  wholeYearAlternatives(doc, merged, run.seed, out);
}

/** The difference of the median net worths every fifth year from year 10 (paired bootstrap over the sampled paths). */
function yearlyMedianDifferences(doc: ComparisonDocument, out: Figures): void {
  for (const y of doc.timeSeries.filter((x) => x.year >= 10 && x.year % 5 === 0)) {
    out.set(`timeSeries[${y.year}].medianNetWorthDifference`, {
      value: y.medianNetWorthDifference,
      standardError: y.medianNetWorthDifferenceStandardError,
      interval95: y.medianNetWorthDifferenceInterval95,
      method: 'PAIRED_BOOTSTRAP',
    });
  }
}

/** A SENSITIVITY analysis of every default input: the paired change in success and the change in the median estate, each side. */
export function sensitivityFigures(plan: HouseholdPlan, run: Run, out: Figures): void {
  for (const s of analyse(plan, { type: 'SENSITIVITY' }, run).sensitivity!.inputs) {
    for (const side of ['down', 'up'] as const) {
      out.set(`sensitivity.${s.input}.successChange.${side}`, estimate(s.successChange[side], 'PAIRED_PATHS'));
      out.set(
        `sensitivity.${s.input}.medianTerminalEstateChange.${side}`,
        estimate(s.medianTerminalEstateChange[side], 'PAIRED_BOOTSTRAP'),
      );
    }
  }
}

/** A STRESS analysis of the default shocks: the paired changes in success and in depletion. */
export function stressFigures(plan: HouseholdPlan, run: Run, out: Figures): void {
  for (const s of analyse(plan, { type: 'STRESS' }, run).stress!.shocks) {
    const name = s.shock.type === 'HISTORICAL' ? `HISTORICAL_${s.shock.startYear}` : s.shock.type;
    out.set(`stress.${name}.successChange`, estimate(s.successChange, 'PAIRED_PATHS'));
    out.set(`stress.${name}.depletionChange`, estimate(s.depletionChange, 'PAIRED_PATHS'));
  }
}

/** The target of the SOLVE and DIAGNOSE runs: one the saver retiring at 62 meets by retiring at about 66. */
export const SOLVE_TARGET = 0.8;

/**
 * The truth of a solved retirement age's figures: the probability of success at an age, simulated
 * on the truth's seed and paths (once per age: the solved ages are few whole years).
 */
export function successAtAge(plan: HouseholdPlan, truth: Run): (age: number) => number {
  const lever = resolveLever(plan, { type: 'RETIREMENT_AGE', memberId: 'p1' });
  if (Array.isArray(lever)) throw new Error(JSON.stringify(lever));
  const known = new Map<number, number>();
  return (age) => {
    if (!known.has(age)) known.set(age, simulate(lever.apply(age), truth).summary.probabilityOfSuccess);
    return known.get(age)!;
  };
}

function solvedFigures(prefix: string, solve: SolveResult, success: (age: number) => number, out: Figures): void {
  out.set(`${prefix}.probability`, { ...estimate(solve.probability, 'PROPORTION'), truth: () => success(solve.value) });
  out.set(`${prefix}.effect`, {
    ...estimate(solve.effect, 'PAIRED_PATHS'),
    truth: () => success(solve.value) - success(solve.lever.current),
  });
}

/**
 * A SOLVE of the retirement age, and a DIAGNOSE for the same target: its probability, every cause's
 * lift, and its retirement-age action. The money levers' actions (continuous solved values) report
 * the same two kinds of estimate, read at a value no truth run could meet exactly.
 */
export function solveAndDiagnoseFigures(plan: HouseholdPlan, run: Run, success: (age: number) => number, out: Figures): void {
  const target = { probability: SOLVE_TARGET };
  const solve = analyse(plan, { type: 'SOLVE', lever: { type: 'RETIREMENT_AGE', memberId: 'p1' }, target }, run).solve!;
  solvedFigures('solve.RETIREMENT_AGE', solve, success, out);
  const diagnose = analyse(plan, { type: 'DIAGNOSE', target }, run).diagnose!;
  out.set('diagnose.probability', { ...estimate(diagnose.probability, 'PROPORTION'), truth: () => success(solve.lever.current) });
  for (const c of diagnose.causes) if (c.lift) out.set(`diagnose.causes.${c.cause}.lift`, estimate(c.lift, 'DELTA_METHOD'));
  const age = diagnose.actions.find((a) => a.lever.type === 'RETIREMENT_AGE');
  if (age) solvedFigures('diagnose.actions.RETIREMENT_AGE', age, success, out);
}

/**
 * A lives query with `compareTo: "rest"`: of the lives holding 400,000 (real) at 67, and of the
 * others, the share that succeed, the mean and three percentiles of the terminal estate and the
 * median depletion age, with the differences.
 */
export const COVERAGE_QUERY: LivesQuery = {
  where: { metric: 'netWorth', atAge: 67, gte: 400_000 },
  select: [
    { stat: 'probability', where: { outcome: 'SUCCEEDED' } },
    { stat: 'mean', metric: 'terminalEstate' },
    { stat: 'p50', metric: 'terminalEstate' },
    { stat: 'p75', metric: 'terminalEstate' },
    { stat: 'p90', metric: 'terminalEstate' },
    { stat: 'p50', metric: 'depletionAge' },
  ],
  compareTo: 'rest',
};

export function queryFigures(plan: HouseholdPlan, run: Run, out: Figures): void {
  const answer = queryLives([plan], COVERAGE_QUERY, run);
  const method = (s: SelectionResult) => (s.stat === 'probability' ? 'PROPORTION' : s.stat === 'mean' ? 'MEAN' : 'ORDER_STATISTICS');
  for (const s of answer.select) {
    const name = `query.${s.stat}${s.metric ? `.${s.metric}` : ''}`;
    out.set(name, estimate(s, method(s)));
    if (s.rest) out.set(`${name}.rest`, estimate(s.rest, method(s)));
    if (s.difference) out.set(`${name}.difference`, estimate(s.difference, 'INDEPENDENT_DIFFERENCE'));
  }
}
