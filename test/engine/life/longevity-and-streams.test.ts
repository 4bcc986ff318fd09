import { describe, expect, it } from 'vitest';
import {
  allocateMemberLifePath,
  createLifeModel,
  MemberState,
  resolveLifeAssumptions,
  survivalProbabilities,
  type LifeMemberSpec,
} from '../../../shared/engine/life/index.js';
import { member, meanAndError, mortalityOnly, simulate, START_YEAR } from './helpers.js';

describe('longevity risk', () => {
  it('widens the spread of deaths across paths and keeps the mean near the projection', () => {
    // Many identical members per path: without the common shock the share alive is binomial;
    // the shock moves everyone's mortality together and adds variance between paths.
    const size = 200;
    const cohort: LifeMemberSpec[] = Array.from({ length: size }, (_, i) => member({ id: `m${i}`, birthYear: START_YEAR - 65 }));
    const years = 26;
    const t = 25;
    const n = 1000;
    const share = (enabled: boolean) => {
      const out = new Float64Array(n);
      simulate(mortalityOnly({ longevityRisk: { enabled } }), cohort, years, n, 17, (lives, p) => {
        let alive = 0;
        for (const life of lives) if (life.state[t] !== MemberState.DEAD) alive++;
        out[p] = alive / size;
      });
      return meanAndError(out);
    };
    const exact = survivalProbabilities(resolveLifeAssumptions(), cohort[0], START_YEAR, years)[t];
    const off = share(false);
    const on = share(true);
    const varOff = off.se ** 2 * n;
    const varOn = on.se ** 2 * n;
    // Sampling error of a variance estimate: var * sqrt(2 / (n - 1)).
    const rel = Math.sqrt(2 / (n - 1));
    expect(Math.abs(varOff - (exact * (1 - exact)) / size)).toBeLessThan(4 * rel * varOff);
    const ratio = varOn / varOff;
    expect(ratio - 1).toBeGreaterThan(4 * ratio * Math.SQRT2 * rel);
    expect(Math.abs(off.mean - exact)).toBeLessThan(4 * off.se);
    expect(Math.abs(on.mean - exact)).toBeLessThan(4 * on.se);
  });
});

describe('random streams', () => {
  const worker = member({ id: 'alice', birthYear: START_YEAR - 45, sex: 'FEMALE', employed: true, retirementAge: 67 });
  const other = member({ id: 'bob', birthYear: START_YEAR - 47, employed: true, retirementAge: 65 });
  const years = 76;

  function lives(members: LifeMemberSpec[], seed: number, paths: number, index: number) {
    const model = createLifeModel(resolveLifeAssumptions(), members, START_YEAR, years, seed);
    const out = members.map(() => allocateMemberLifePath(years));
    const rows: string[] = [];
    for (let p = 0; p < paths; p++) {
      model.simulatePath(p, out);
      const life = out[index];
      rows.push(`${life.deathYear}|${life.state.join('')}|${life.unemployed.join('')}|${life.careSetting.join('')}`);
    }
    return rows;
  }

  it('adding a member leaves another member’s life unchanged (all risks on)', () => {
    const alone = lives([worker], 99, 300, 0);
    const withOther = lives([other, worker], 99, 300, 1);
    expect(withOther).toEqual(alone);
    // and the paths really vary (so the equality above is not vacuous)
    expect(new Set(alone).size).toBeGreaterThan(100);
  });

  it('is deterministic in (seed, pathIndex) and changes with the seed', () => {
    expect(lives([worker, other], 5, 100, 0)).toEqual(lives([worker, other], 5, 100, 0));
    expect(lives([worker, other], 6, 100, 0)).not.toEqual(lives([worker, other], 5, 100, 0));
    // A path does not depend on which paths ran before it.
    const model = createLifeModel(resolveLifeAssumptions(), [worker], START_YEAR, years, 5);
    const out = [allocateMemberLifePath(years)];
    model.simulatePath(42, out);
    const direct = `${out[0].deathYear}|${out[0].state.join('')}`;
    const all = lives([worker], 5, 43, 0)[42];
    expect(all.startsWith(direct)).toBe(true);
  });

  it('refuses a horizon mismatch between the model and the output buffers', () => {
    const model = createLifeModel(resolveLifeAssumptions(), [worker], START_YEAR, 10, 1);
    expect(() => model.simulatePath(0, [allocateMemberLifePath(11)])).toThrow(RangeError);
    expect(() => model.simulatePath(0, [])).toThrow(RangeError);
  });
});
