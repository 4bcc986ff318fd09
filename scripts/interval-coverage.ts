/**
 * Usage: npm run -s coverage -- [--seeds N] [--paths N] [--truth-paths N]: measures how often the
 * 95% intervals the API reports cover the truth. A retiring-at-62 saver is compared with the same
 * saver retiring at 67 (two goals beside the plan's success), and a sensitivity analysis of its
 * spending is run, under N seeds at --paths paths each; the truth of each figure is its estimate
 * from one run of --truth-paths paths on another seed. Prints, per figure with an interval, the
 * share of runs whose interval held the truth, with its binomial standard error, and the mean
 * standard error over the spread of the N estimates. docs/OUTPUT.md holds the last result.
 */
import { parseArgs } from 'node:util';
import { compare, type ComparisonDocument, type HouseholdPlan } from '../shared/engine/index.js';
import { analyse } from '../shared/engine/analysis/index.js';
import { saver } from '../test/engine/compare/saver-plan.js';
import { CliError, intOption, runCli } from './cli-support.js';

const USAGE = 'usage: npm run -s coverage -- [--seeds N] [--paths N] [--truth-paths N]';

/** The saver of the comparison tests, to age 100, with a car to buy and an estate to leave. */
const saverWithGoals = (retirementAge: number) =>
  saver(retirementAge, 45, [
    { id: 'car', type: 'CAR', amount: 40_000, priority: 'ASPIRATIONAL', year: 2040 },
    { id: 'estate', type: 'LEGACY', amount: 300_000, priority: 'ASPIRATIONAL' },
  ]);

interface Interval {
  value: number | null;
  standardError: number | null;
  interval95: [number, number] | null;
}

/** The difference of the median net worths every fifth year from year 10 (paired bootstrap over the sampled paths). */
function yearlyMedianDifferences(doc: ComparisonDocument, out: Map<string, Interval & { method: string }>): void {
  for (const y of doc.timeSeries.filter((x) => x.year >= 10 && x.year % 5 === 0)) {
    out.set(`timeSeries[${y.year}].medianNetWorthDifference`, {
      value: y.medianNetWorthDifference,
      standardError: y.medianNetWorthDifferenceStandardError,
      interval95: y.medianNetWorthDifferenceInterval95,
      method: 'PAIRED_BOOTSTRAP',
    });
  }
}

/** Every figure of a comparison and of a sensitivity analysis that carries an interval, by a name. */
function intervals(
  baseline: HouseholdPlan,
  alternative: HouseholdPlan,
  seed: number,
  paths: number,
): Map<string, Interval & { method: string }> {
  const out = new Map<string, Interval & { method: string }>();
  const doc = compare(baseline, alternative, { seed, paths });
  const put = (
    name: string,
    f: { difference: number | null; standardError: number | null; interval95: [number, number] | null; method: string },
  ) => out.set(name, { value: f.difference, standardError: f.standardError, interval95: f.interval95, method: f.method });
  for (const f of doc.summary) put(f.figure, f);
  for (const g of doc.goals) {
    put(`goals.${g.goalId}.achievability`, g.achievability);
    put(`goals.${g.goalId}.expectedFundedRatio`, g.expectedFundedRatio);
  }
  for (const m of doc.members) for (const f of m.figures) put(`members.${m.memberId}.${f.figure}`, f);
  yearlyMedianDifferences(doc, out);
  const s = analyse(baseline, { type: 'SENSITIVITY', inputs: [{ input: 'SPENDING' }] }, { seed, paths }).sensitivity!.inputs[0];
  for (const side of ['down', 'up'] as const) {
    const c = s.successChange[side];
    out.set(`sensitivity.SPENDING.successChange.${side}`, { ...c, method: 'PAIRED_PATHS' });
    const e = s.medianTerminalEstateChange[side];
    out.set(`sensitivity.SPENDING.medianTerminalEstateChange.${side}`, { ...e, method: 'PAIRED_BOOTSTRAP' });
  }
  return out;
}

runCli(USAGE, () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { seeds: { type: 'string' }, paths: { type: 'string' }, 'truth-paths': { type: 'string' } },
  });
  if (positionals.length > 0) throw new CliError(USAGE);
  const seeds = intOption('seeds', values.seeds, 2, 100_000) ?? 200;
  const paths = intOption('paths', values.paths, 10, 100_000) ?? 2000;
  const truthPaths = intOption('truth-paths', values['truth-paths'], 10, 1_000_000) ?? 100_000;
  const baseline = saverWithGoals(62);
  const alternative = saverWithGoals(67);
  const truth = intervals(baseline, alternative, 1_000_000_007, truthPaths);
  const runs: Map<string, Interval>[] = [];
  for (let k = 0; k < seeds; k++) {
    runs.push(intervals(baseline, alternative, 1000 + k, paths));
    if ((k + 1) % 20 === 0) process.stderr.write(`${k + 1} of ${seeds} seeds\n`);
  }
  const rows: string[] = [];
  rows.push(
    `Seeds ${seeds}, paths ${paths}, truth from ${truthPaths} paths ` +
      `(its own error is about ${Math.sqrt(paths / truthPaths).toFixed(2)} SE).`,
  );
  rows.push('');
  rows.push('| figure | method | coverage | ± (binomial SE) | mean SE / spread |');
  rows.push('| --- | --- | --- | --- | --- |');
  for (const [name, t] of truth) {
    if (t.value === null) continue;
    let covered = 0;
    let counted = 0;
    const estimates: number[] = [];
    const errors: number[] = [];
    for (const run of runs) {
      const f = run.get(name);
      if (!f || f.interval95 === null || f.value === null) continue;
      counted++;
      if (t.value >= f.interval95[0] && t.value <= f.interval95[1]) covered++;
      estimates.push(f.value);
      if (f.standardError !== null) errors.push(f.standardError);
    }
    if (counted === 0) continue;
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const m = mean(estimates);
    const spread = Math.sqrt(estimates.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, estimates.length - 1));
    const p = covered / counted;
    const ratio = spread > 0 ? (mean(errors) / spread).toFixed(2) : 'n/a';
    const binomial = (100 * Math.sqrt((0.95 * 0.05) / counted)).toFixed(1);
    rows.push(`| ${name} | ${t.method} | ${(100 * p).toFixed(1)}% (${covered}/${counted}) | ${binomial} | ${ratio} |`);
  }
  process.stdout.write(`${rows.join('\n')}\n`);
});
