import { describe, expect, it } from 'vitest';
import { PathRunner } from '../../../shared/engine/household/path-runner.js';
import { ShardAccumulator } from '../../../shared/engine/output/shard-accumulator.js';
import { FixedPointSum, MONEY_UNIT } from '../../../shared/engine/output/fixed-point-sum.js';
import { SERIES_METRICS } from '../../../shared/engine/output/shard-result.js';
import { inEconomySample } from '../../../shared/engine/output/economy-sample.js';
import { forEachBatch } from '../../../shared/engine/output/simulate-shard.js';
import type { HouseholdBatch } from '../../../shared/engine/household/household-batch.js';
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
 * directly: whichever distributions follow others, and whenever they stop (in the first batch or a
 * later one, on its first path or part-way through).
 */
function checkSeries(paths: number, { flatPricePaths, liquidAsNetWorthPaths }: Substitutes): void {
  const plan = loadExample('couple-near-retirement');
  const runner = new PathRunner(plan, 7);
  const Y = runner.compiled.years;
  const acc = new ShardAccumulator(runner.compiled);
  const sketches = SERIES_METRICS.map(() =>
    [0, 1].map(() => Array.from({ length: Y }, () => ({ sketch: new QuantileSketch(), sum: new FixedPointSum(MONEY_UNIT) }))),
  );
  // Between the batch's year and the accumulator, the substitutions; the values the accumulator gets go to the reference too.
  const recorder = {
    from: 0,
    recordYear(t: number, batch: HouseholdBatch) {
      for (let k = 0; k < batch.activeCount; k++) {
        const i = batch.active[k];
        const p = this.from + i;
        if (p < flatPricePaths) {
          batch.inverseCpiStart[i] = 1;
          batch.inverseCpiEnd[i] = 1;
        }
        if (p < liquidAsNetWorthPaths) batch.liquidAssets[i] = batch.netWorth[i];
        const figures = [batch.netWorth, batch.liquidAssets, batch.income, batch.spending, batch.shortfall, batch.taxes];
        SERIES_METRICS.forEach((metric, m) => {
          const inverse = END_OF_YEAR.has(metric) ? batch.inverseCpiEnd[i] : batch.inverseCpiStart[i];
          const nominal = figures[m][i];
          const real = nominal * inverse;
          for (const [view, value] of [
            [0, nominal],
            [1, real],
          ]) {
            sketches[m][view][t].sketch.add(value);
            sketches[m][view][t].sum.add(value);
          }
        });
      }
      acc.recordYear(t, batch);
    },
  };
  forEachBatch({ pathStart: 0, pathCount: paths }, (indices, count) => {
    recorder.from = indices[0];
    runner.runSlots(indices, 0, count, recorder, inEconomySample);
  });
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
  it('are right when the price index leaves 1 part-way through a shard (in its second batch)', () => {
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
