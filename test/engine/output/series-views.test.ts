import { describe, expect, it } from 'vitest';
import { PathRunner } from '../../../shared/engine/household/path-runner.js';
import { ShardAccumulator } from '../../../shared/engine/output/shard-accumulator.js';
import { FixedPointSum, MONEY_UNIT } from '../../../shared/engine/output/fixed-point-sum.js';
import { SERIES_METRICS } from '../../../shared/engine/output/shard-result.js';
import { inEconomySample } from '../../../shared/engine/output/economy-sample.js';
import { ExactSum, QuantileSketch } from '../../../shared/engine/stats/index.js';
import { loadExample } from './example-plans.js';

const END_OF_YEAR = new Set(['netWorth', 'liquidAssets']);

interface Substitutes {
  /** The first paths whose price index is replaced by exactly 1 (so their real values are their nominal ones). */
  flatPricePaths: number;
  /** The first paths whose liquid assets are replaced by their net worth. */
  liquidAsNetWorthPaths: number;
}

/**
 * Records `paths` simulated paths with the substitutions, and checks every distribution of the
 * per-year series, nominal and real, against a QuantileSketch and FixedPointSum fed the values
 * directly, in the same order: whichever distributions follow others, and whenever they stop.
 */
function checkSeries(paths: number, { flatPricePaths, liquidAsNetWorthPaths }: Substitutes): void {
  const plan = loadExample('couple-near-retirement');
  const runner = new PathRunner(plan, 7);
  const Y = runner.compiled.years;
  const acc = new ShardAccumulator(runner.compiled);
  const sketches = SERIES_METRICS.map(() => [0, 1].map(() => Array.from({ length: Y }, () => ({ sketch: new QuantileSketch(), sum: new FixedPointSum(MONEY_UNIT) }))));
  const flatCpi = new Float64Array(Y + 1).fill(1);
  for (let p = 0; p < paths; p++) {
    const simulated = runner.run(p, null, inEconomySample(p));
    const sim = p < liquidAsNetWorthPaths ? { ...simulated, liquidAssets: simulated.netWorth } : simulated;
    const econ = p < flatPricePaths ? { ...runner.economy, cpi: flatCpi } : runner.economy;
    acc.add(p, sim as typeof simulated, econ, runner.lives, runner.economyYears);
    for (let t = 0; t < sim.yearsRun; t++) {
      SERIES_METRICS.forEach((metric, k) => {
        const deflator = END_OF_YEAR.has(metric) ? econ.cpi[t + 1] : econ.cpi[t];
        const nominal = sim[metric][t];
        const real = nominal * (1 / deflator);
        for (const [view, value] of [[0, nominal], [1, real]]) {
          sketches[k][view][t].sketch.add(value);
          sketches[k][view][t].sum.add(value);
        }
      });
    }
  }
  const result = acc.toJSON([[0, paths]], 'test');
  SERIES_METRICS.forEach((_, k) => {
    for (const view of [0, 1]) {
      for (let t = 0; t < Y; t++) {
        const got = result.series[k][view][t];
        const want = sketches[k][view][t];
        expect(got.sketch).toEqual(want.sketch.toJSON());
        expect(ExactSum.fromJSON(got.sum).value()).toBe(ExactSum.fromJSON(want.sum.toJSON()).value());
      }
    }
  });
}

describe('per-year series, nominal and real', () => {
  it('are right when the price index leaves 1 part-way through a shard (after a flushed batch)', () => {
    checkSeries(300, { flatPricePaths: 200, liquidAsNetWorthPaths: 0 });
  });

  it('are right when the price index stays at 1', () => {
    checkSeries(150, { flatPricePaths: 150, liquidAsNetWorthPaths: 0 });
  });

  it('are right when the price index differs from 1 from the first path', () => {
    checkSeries(150, { flatPricePaths: 0, liquidAsNetWorthPaths: 0 });
  });

  it('are right when liquid assets equal net worth on the first paths, in flat and moving prices', () => {
    checkSeries(300, { flatPricePaths: 0, liquidAsNetWorthPaths: 170 });
    checkSeries(300, { flatPricePaths: 240, liquidAsNetWorthPaths: 100 });
    checkSeries(200, { flatPricePaths: 200, liquidAsNetWorthPaths: 200 });
  });
});
