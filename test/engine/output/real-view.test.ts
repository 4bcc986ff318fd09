import { describe, expect, it } from 'vitest';
import { PathRunner } from '../../../shared/engine/household/path-runner.js';
import { ShardAccumulator } from '../../../shared/engine/output/shard-accumulator.js';
import { FixedPointSum, MONEY_UNIT } from '../../../shared/engine/output/fixed-point-sum.js';
import { SERIES_METRICS } from '../../../shared/engine/output/shard-result.js';
import { inEconomySample } from '../../../shared/engine/output/economy-sample.js';
import { ExactSum, QuantileSketch } from '../../../shared/engine/stats/index.js';
import { loadExample } from './example-plans.js';

const END_OF_YEAR = new Set(['netWorth', 'liquidAssets']);

/**
 * Records `paths` simulated paths, replacing the price index by exactly 1 for the first `flatPaths`
 * (so their real values are their nominal ones), and checks every real distribution against a
 * QuantileSketch and FixedPointSum fed the deflated values directly, in the same order.
 */
function checkRealViews(paths: number, flatPaths: number): void {
  const plan = loadExample('couple-near-retirement');
  const runner = new PathRunner(plan, 7);
  const Y = runner.compiled.years;
  const acc = new ShardAccumulator(runner.compiled);
  const sketches = SERIES_METRICS.map(() => Array.from({ length: Y }, () => ({ sketch: new QuantileSketch(), sum: new FixedPointSum(MONEY_UNIT) })));
  const flatCpi = new Float64Array(Y + 1).fill(1);
  for (let p = 0; p < paths; p++) {
    const sim = runner.run(p, null, inEconomySample(p));
    const econ = p < flatPaths ? { ...runner.economy, cpi: flatCpi } : runner.economy;
    acc.add(p, sim, econ, runner.lives, runner.economyYears);
    for (let t = 0; t < sim.yearsRun; t++) {
      SERIES_METRICS.forEach((metric, k) => {
        const deflator = END_OF_YEAR.has(metric) ? econ.cpi[t + 1] : econ.cpi[t];
        const real = sim[metric][t] * (1 / deflator);
        sketches[k][t].sketch.add(real);
        sketches[k][t].sum.add(real);
      });
    }
  }
  const result = acc.toJSON([[0, paths]], 'test');
  SERIES_METRICS.forEach((_, k) => {
    for (let t = 0; t < Y; t++) {
      const got = result.series[k][1][t];
      expect(got.sketch).toEqual(sketches[k][t].sketch.toJSON());
      expect(ExactSum.fromJSON(got.sum).value()).toBe(ExactSum.fromJSON(sketches[k][t].sum.toJSON()).value());
    }
  });
}

describe('real views of the per-year series', () => {
  it('equal the deflated values when the price index leaves 1 part-way through a shard (after a flushed batch)', () => {
    checkRealViews(300, 200);
  });

  it('equal the nominal values when the price index stays at 1', () => {
    checkRealViews(150, 150);
  });

  it('equal the deflated values when the price index differs from 1 from the first path', () => {
    checkRealViews(150, 0);
  });
});
