import { describe, expect, it } from 'vitest';
import { compare } from '../../../shared/engine/index.js';
import { saver } from './saver-plan.js';
import { studentTCritical } from '../../../shared/engine/stats/index.js';

const SEEDS = 40;
const PATHS = 2000;
const FIGURES = [
  'depletionAge.p10',
  'depletionAge.p25',
  'depletionAge.p50',
  'depletionAge.p75',
  'depletionAge.p90',
  'depletionAge.mean',
  'terminalEstate.p25',
  'terminalEstate.p50',
  'terminalEstate.p75',
  'terminalEstate.p90',
  'terminalEstate.p95',
];
/** Years of the difference of the median net worths: at 65, 70 and 80 (the saver retires at 62 or 67). */
const YEARS = [10, 15, 25];

/**
 * The standard errors of the compared percentile figures against their sampling distribution
 * (terminal estates from p25: below, the baseline's estate is 0 on every run, depleted):
 * SEEDS independent runs of the same comparison give SEEDS independent estimates of each
 * difference, whose spread is the standard error's target.
 */
describe('standard errors of percentile differences: depletion ages, terminal estates, median net worth by year', () => {
  // To age 100: depletion ages beyond are rare, and the shorter paths keep the test quick.
  const baseline = saver(62, 45);
  const alternative = saver(67, 45);
  const runs = Array.from({ length: SEEDS }, (_, s) => compare(baseline, alternative, { seed: 500 + s, paths: PATHS }));
  const series = [
    ...FIGURES.map((name) => {
      const f = runs.map((doc) => doc.summary.find((x) => x.figure === name)!);
      return {
        name,
        estimates: f.map((x) => x.difference!),
        errors: f.map((x) => x.standardError!),
        intervals: f.map((x) => x.interval95!),
      };
    }),
    // The difference of the median net worths by year: bootstrapped on the first 1,000 of the 2,000 paths and scaled.
    ...YEARS.map((t) => {
      const y = runs.map((doc) => doc.timeSeries[t]);
      return {
        name: `timeSeries[${t}].medianNetWorthDifference`,
        estimates: y.map((x) => x.medianNetWorthDifference!),
        errors: y.map((x) => x.medianNetWorthDifferenceStandardError!),
        intervals: y.map((x) => x.medianNetWorthDifferenceInterval95!),
      };
    }),
  ];
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const sd = (x: number[]) => Math.sqrt(x.reduce((s, v) => s + (v - mean(x)) ** 2, 0) / (x.length - 1));

  it('are defined for every run', () => {
    for (const s of series) for (const e of s.errors) expect(e, s.name).toBeGreaterThan(0);
  });

  it('match the spread of the estimates across independent runs', () => {
    // The spread of SEEDS estimates is known to a relative 1/sqrt(2 (SEEDS - 1)) (11% at 40); the
    // bootstrap's SE to about 5% per run, averaged over the runs. Each figure's ratio must be
    // within 3 of those standard errors of 1; the average over the figures is checked more tightly.
    const relative = Math.sqrt(1 / (2 * (SEEDS - 1)) + 0.05 ** 2 / SEEDS);
    const ratios = series.map((s) => mean(s.errors) / sd(s.estimates));
    for (const [i, r] of ratios.entries())
      expect(Math.abs(r - 1), `${series[i].name}: SE / spread = ${r.toFixed(2)}`).toBeLessThan(3 * relative);
    expect(Math.abs(mean(ratios) - 1), `mean SE / spread = ${mean(ratios).toFixed(2)}`).toBeLessThan(2 * relative);
  });

  it('give 95% intervals that cover the mean of the other runs about 95% of the time', () => {
    // Target: the mean of the other runs' estimates (its own error, spread / sqrt(SEEDS - 1), makes
    // the expected coverage P(|Z| < 1.96 / sqrt(1 + 1 / (SEEDS - 1))) = 94.7% at 40 runs). Runs are
    // independent; figures of one run are not, so the binomial error is taken over the runs only.
    const z = studentTCritical(0.95, Number.MAX_SAFE_INTEGER);
    let covered = 0;
    let total = 0;
    for (const s of series) {
      s.estimates.forEach((_, k) => {
        const others = s.estimates.filter((__, j) => j !== k);
        const target = mean(others);
        const [lo, hi] = s.intervals[k];
        if (target >= lo && target <= hi) covered++;
        total++;
      });
    }
    const expected = 2 * normalCdf(z / Math.sqrt(1 + 1 / (SEEDS - 1))) - 1;
    const coverage = covered / total;
    expect(Math.abs(coverage - expected), `coverage ${(100 * coverage).toFixed(1)}%`).toBeLessThan(
      3 * Math.sqrt((expected * (1 - expected)) / SEEDS),
    );
  });
});

/** Standard normal CDF (Abramowitz and Stegun 7.1.26 on erf, error below 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x / Math.SQRT2));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}
