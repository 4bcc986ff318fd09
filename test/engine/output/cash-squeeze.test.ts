/**
 * A cash squeeze (a year's essential spending short, then met again) and running out (short in the
 * plan's last year) split the depleted paths: on a path whose shortfalls are known, and over a run,
 * against each path simulated alone.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../shared/engine/index.js';
import { PathRunner } from '../../../shared/engine/household/path-runner.js';
import { account, economy, life, plan, simulator } from '../household/fixtures.js';
import { loadExample } from './example-plans.js';

const member = { id: 'p1', role: 'PRIMARY' as const, birthYear: 1955, sex: 'FEMALE' as const, health: 'AVERAGE' as const, smoker: false };
const living = { id: 'liv', type: 'LIVING' as const, amount: 20_000, essentialFraction: 1, retirementFactor: 1, survivorFactor: 1 };

describe('cash squeeze and running out', () => {
  it('calls a path that falls short and then recovers a squeeze, and one short in its last year out of money', () => {
    // 25,000 of cash against 20,000 a year: short in year 1; a pension of 30,000 from 2028 (year 3) restores it.
    const squeezed = simulator(
      plan({
        years: 6,
        members: [{ ...member, retirementAge: 65 }],
        incomes: [{ id: 'db', type: 'OTHER', amount: 30_000, fromYear: 2028, indexation: 'NONE', taxCategory: 'NONE' }],
        expenses: [{ ...living, indexation: 'NONE' }],
        accounts: [account('cash', 'CASH', 25_000)],
      }),
    );
    squeezed.run(economy(6), [life(6)]);
    expect(squeezed.depletionYear).toBe(1);
    expect(squeezed.shortfall[5]).toBe(0);
    expect(squeezed.ranOut).toBe(false);

    const ranOut = simulator(
      plan({
        years: 6,
        members: [{ ...member, retirementAge: 65 }],
        expenses: [{ ...living, indexation: 'NONE' }],
        accounts: [account('cash', 'CASH', 25_000)],
      }),
    );
    ranOut.run(economy(6), [life(6)]);
    expect(ranOut.depletionYear).toBe(1);
    expect(ranOut.shortfall[5]).toBeGreaterThan(0);
    expect(ranOut.ranOut).toBe(true);
  });

  it('gives each figure of a run as the count of its paths simulated alone, the two adding up to depletion', () => {
    // The single retiree with care costs: some paths squeeze, some run out.
    const p = loadExample('single-retiree-care', (doc) => {
      doc.expenses[0].amount *= 1.6;
    });
    const paths = 400;
    const out = simulate(p, { seed: 11, paths });
    const runner = new PathRunner(p, 11);
    let squeezes = 0;
    let runsOut = 0;
    for (let k = 0; k < paths; k++) {
      const sim = runner.run(k);
      if (sim.depletionYear < 0) continue;
      const last = sim.shortfall[sim.yearsRun - 1];
      if (last > 0) runsOut++;
      else squeezes++;
    }
    expect(runsOut).toBeGreaterThan(0);
    expect(squeezes).toBeGreaterThan(0);
    expect(out.summary.probabilityOfRunningOut).toBe(runsOut / paths);
    expect(out.summary.probabilityOfCashSqueeze).toBe(squeezes / paths);
    expect(out.summary.probabilityOfCashSqueeze + out.summary.probabilityOfRunningOut).toBeCloseTo(out.summary.probabilityOfDepletion, 12);
  });
});
