import { describe, expect, it } from 'vitest';
import { allocateEconomyPath } from '../../../shared/engine/economy/index.js';
import { DistributionGrid } from '../../../shared/engine/output/distribution-grid.js';
import { ECONOMY_FOLD_PATHS, EconomyStage } from '../../../shared/engine/output/economy-stage.js';
import { RATE_UNIT } from '../../../shared/engine/output/fixed-point-sum.js';
import { ECONOMY_FACTORS } from '../../../shared/engine/output/shard-result.js';
import { RandomStream } from '../../../shared/engine/random/index.js';

const YEARS = 13;

/**
 * Per path, its factors: inflation the same on every path; the short rate the same until path
 * `rateMovesAt`, then random in the last year; equity random; bonds the same on every path except for zeros of the
 * other sign (-0) on some.
 */
function economies(paths: number, rateMovesAt: number) {
  const rng = new RandomStream();
  rng.reset(5, 0, 1);
  return Array.from({ length: paths }, (_, p) => {
    const e = allocateEconomyPath(YEARS);
    for (let t = 0; t < YEARS; t++) {
      e.inflation[t] = 0.02 + t / 1000;
      e.shortRate[t] = p >= rateMovesAt && t === YEARS - 1 ? 0.03 + 0.01 * rng.normal() : 0.03;
      e.equityReturn[t] = 0.05 + 0.18 * rng.normal();
      e.bondReturn[t] = t % 3 === 0 ? (p % 5 === 1 ? -0 : 0) : 0.01;
    }
    return e;
  });
}

describe('EconomyStage', () => {
  it('folds the sampled paths into the same distributions as each year of every path added at once', () => {
    for (const [paths, rateMovesAt] of [
      [3, 3],
      [ECONOMY_FOLD_PATHS, 0],
      [2 * ECONOMY_FOLD_PATHS + 40, 300],
      [ECONOMY_FOLD_PATHS + 10, ECONOMY_FOLD_PATHS + 4],
    ]) {
      const all = economies(paths, rateMovesAt);
      const staged = new DistributionGrid(ECONOMY_FACTORS.length * YEARS, RATE_UNIT);
      const stage = new EconomyStage(staged, YEARS);
      for (const e of all) stage.add(e);
      stage.fold();
      const direct = new DistributionGrid(ECONOMY_FACTORS.length * YEARS, RATE_UNIT);
      ECONOMY_FACTORS.forEach((factor, f) => {
        for (let t = 0; t < YEARS; t++)
          direct.addBatch(
            f * YEARS + t,
            Float64Array.from(all, (e) => e[factor][t]),
            0,
            paths,
          );
      });
      for (let d = 0; d < ECONOMY_FACTORS.length * YEARS; d++) {
        expect(staged.toJSON(d), `${paths} paths, distribution ${d}`).toEqual(direct.toJSON(d));
      }
    }
  });
});
