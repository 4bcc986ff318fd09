/**
 * Usage: npm run -s coverage -- [--seeds N] [--paths N] [--truth-paths N]: measures how often the
 * 95% intervals the API reports cover the truth. A retiring-at-62 saver is compared with the same
 * saver retiring at 67 (two goals beside the plan's success); the first is analysed (SENSITIVITY of
 * every default input, STRESS of the default shocks, SOLVE of the retirement age, DIAGNOSE) and its
 * lives queried (interval-coverage-figures.ts), under N seeds at --paths paths each; the truth of
 * each figure is its estimate from one run of --truth-paths paths on another seed. Prints, per
 * figure with an interval, the share of runs whose interval held the truth, with its binomial
 * standard error, the mean standard error over the spread of the N estimates ("(w)": read from
 * the interval's width), how many distinct estimates the runs gave and how many equal the truth
 * exactly (a figure on an atom of its distribution, such as an estate of 0). docs/OUTPUT.md holds
 * the last result.
 */
import { parseArgs } from 'node:util';
import { CliError, intOption, runCli } from './cli-support.js';
import {
  comparisonFigures,
  type Figure,
  type Figures,
  queryFigures,
  type Run,
  saverWithGoals,
  sensitivityFigures,
  solveAndDiagnoseFigures,
  stressFigures,
  successAtAge,
} from './interval-coverage-figures.js';

const USAGE = 'usage: npm run -s coverage -- [--seeds N] [--paths N] [--truth-paths N]';
const Z95 = 1.959963984540054;

const baseline = saverWithGoals(62);
const alternative = saverWithGoals(67);

function figures(run: Run, success: (age: number) => number): Figures {
  const out: Figures = new Map();
  comparisonFigures(baseline, alternative, run, out);
  sensitivityFigures(baseline, run, out);
  stressFigures(baseline, run, out);
  solveAndDiagnoseFigures(baseline, run, success, out);
  queryFigures(baseline, run, out);
  return out;
}

/** Whether an interval holds the truth; an end the API reports as null (too few values) is open. */
const holds = ([lo, hi]: [number | null, number | null], truth: number) => (lo === null || lo <= truth) && (hi === null || truth <= hi);

/**
 * The figure's standard error: the reported one, else (a percentile's order-statistic interval, a
 * lift's) its interval's half-width over 1.96, marked as such.
 */
function errorOf(f: Figure): { se: number | null; fromWidth: boolean } {
  if (f.standardError !== null) return { se: f.standardError, fromWidth: false };
  const [lo, hi] = f.interval95 ?? [null, null];
  return lo === null || hi === null ? { se: null, fromWidth: true } : { se: (hi - lo) / (2 * Z95), fromWidth: true };
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function row(name: string, truthFigure: Figure | undefined, runs: Figures[]): string | null {
  let covered = 0;
  let counted = 0;
  let fromWidth = false;
  let exact = 0;
  const estimates: number[] = [];
  const errors: number[] = [];
  let method = truthFigure?.method ?? '';
  for (const run of runs) {
    const f = run.get(name);
    if (!f || f.interval95 === null || f.value === null) continue;
    const truth = f.truth ? f.truth() : (truthFigure?.value ?? null);
    if (truth === null) continue;
    method = f.method;
    counted++;
    if (holds(f.interval95, truth)) covered++;
    estimates.push(f.value);
    if (f.value === truth) exact++;
    const e = errorOf(f);
    if (e.se !== null) errors.push(e.se);
    fromWidth ||= e.fromWidth;
  }
  if (counted === 0) return null;
  const m = mean(estimates);
  const spread = Math.sqrt(estimates.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, estimates.length - 1));
  const distinct = new Set(estimates).size;
  const ratio = spread > 0 && errors.length > 0 ? `${(mean(errors) / spread).toFixed(2)}${fromWidth ? ' (w)' : ''}` : 'n/a';
  const binomial = (100 * Math.sqrt((0.95 * 0.05) / counted)).toFixed(1);
  const p = covered / counted;
  return `| ${name} | ${method} | ${(100 * p).toFixed(1)}% (${covered}/${counted}) | ${binomial} | ${ratio} | ${distinct} | ${exact} |`;
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
  const truthRun = { seed: 1_000_000_007, paths: truthPaths };
  const success = successAtAge(baseline, truthRun);
  const truth = figures(truthRun, success);
  const runs: Figures[] = [];
  for (let k = 0; k < seeds; k++) {
    runs.push(figures({ seed: 1000 + k, paths }, success));
    if ((k + 1) % 20 === 0) process.stderr.write(`${k + 1} of ${seeds} seeds\n`);
  }
  const names = [...new Set([...truth.keys(), ...runs.flatMap((r) => [...r.keys()])])];
  const rows = names.map((name) => row(name, truth.get(name), runs)).filter((r): r is string => r !== null);
  process.stdout.write(
    [
      `Seeds ${seeds}, paths ${paths}, truth from ${truthPaths} paths ` +
        `(its own error is about ${Math.sqrt(paths / truthPaths).toFixed(2)} SE).`,
      '',
      '| figure | method | coverage | ± (binomial SE) | mean SE / spread | distinct estimates | estimate = truth |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
});
