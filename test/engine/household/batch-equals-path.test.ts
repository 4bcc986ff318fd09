import { describe, expect, it } from 'vitest';
import type { HouseholdBatch } from '../../../shared/engine/household/household-batch.js';
import { PathRunner } from '../../../shared/engine/household/path-runner.js';
import { forEachBatch } from '../../../shared/engine/output/simulate-shard.js';
import { inEconomySample } from '../../../shared/engine/output/economy-sample.js';
import { stylisedRetiree } from '../../../bench/stylised-retiree.js';
import { loadExample } from '../output/example-plans.js';

/**
 * A path run in a shard's batch (its figures written at its slot, handed to the recorder year by
 * year with the running slots) and the same path run alone (the lives replay, the analyses) give
 * the same numbers: each path's every figure, every year, to the bit, whatever slot of whichever
 * batch the path ran in, and a slot is handed to the recorder exactly in the years its path ran,
 * with the deflators of its own economy (1 / its price index at the start and the end of the year).
 */
function compareEngines(name: string, plan: ReturnType<typeof loadExample>, paths: number): void {
  const batchRunner = new PathRunner(plan, 11);
  const pathRunner = new PathRunner(plan, 11);
  const G = plan.goals.length;
  let checked = 0;
  // Per slot, the year's series as the batch hands them to a recorder.
  const years = Array.from({ length: 512 }, () => [] as number[][]);
  const recorder = {
    recordYear(t: number, b: HouseholdBatch) {
      for (let k = 0; k < b.activeCount; k++) {
        const i = b.active[k];
        years[i][t] = [
          b.netWorth[i],
          b.liquidAssets[i],
          b.income[i],
          b.spending[i],
          b.shortfall[i],
          b.taxes[i],
          b.inverseCpiStart[i],
          b.inverseCpiEnd[i],
        ];
      }
    },
  };
  forEachBatch({ pathStart: 0, pathCount: paths }, (indices, count) => {
    for (const y of years) y.length = 0;
    const b = batchRunner.runSlots(indices, 0, count, recorder, inEconomySample);
    for (let i = 0; i < count; i++) {
      const sim = pathRunner.run(indices[i], null, inEconomySample(indices[i]));
      const where = `${name}, path ${indices[i]}`;
      expect(
        [b.yearsRun[i], b.depletionYear[i], b.ranOut[i], b.success[i], b.terminalEstateReal[i], b.totalShortfallReal[i]],
        where,
      ).toEqual([sim.yearsRun, sim.depletionYear, sim.ranOut ? 1 : 0, sim.success ? 1 : 0, sim.terminalEstateReal, sim.totalShortfallReal]);
      for (let g = 0; g < G; g++) {
        const at = g * b.capacity + i;
        expect([b.goalCameDue[at], b.goalFull[at], b.goalTarget[at], b.goalPaid[at]], `${where}, goal ${g}`).toEqual([
          sim.goalCameDue[g],
          sim.goalFull[g],
          sim.goalTarget[g],
          sim.goalPaid[g],
        ]);
      }
      expect(years[i].length, `${where}: years recorded`).toBe(sim.yearsRun);
      for (let t = 0; t < sim.yearsRun; t++) {
        expect(years[i][t], `${where}, year ${t}`).toEqual([
          sim.netWorth[t],
          sim.liquidAssets[t],
          sim.income[t],
          sim.spending[t],
          sim.shortfall[t],
          sim.taxes[t],
          1 / pathRunner.economy.cpi[t],
          1 / pathRunner.economy.cpi[t + 1],
        ]);
      }
      checked++;
    }
  });
  expect(checked).toBe(paths);
}

describe('a path run in a batch and the same path run alone', () => {
  it('give every path the same figures on the three examples and the stylised retiree', () => {
    compareEngines('couple', loadExample('couple-near-retirement'), 400);
    compareEngines('care', loadExample('single-retiree-care'), 400);
    compareEngines('young family', loadExample('young-family-mortgage'), 400);
    compareEngines('stylised retiree', stylisedRetiree(), 600);
  }, 120_000);
});
