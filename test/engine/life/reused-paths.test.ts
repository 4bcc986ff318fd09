import { describe, expect, it } from 'vitest';
import {
  allocateMemberLifePath,
  createLifeModel,
  resolveLifeAssumptions,
  type LifeAssumptionsInput,
  type MemberLifePath,
} from '../../../shared/engine/life/index.js';
import { member, mortalityOnly, START_YEAR } from './helpers.js';

const YEARS = 40;
const copy = (p: MemberLifePath) => ({
  deathYear: p.deathYear,
  state: Array.from(p.state),
  unemployed: Array.from(p.unemployed),
  careSetting: Array.from(p.careSetting),
});

/**
 * A model may leave in the paths it fills what no path changes (a mortality-only member's job-loss
 * and care series); paths reused from one call to the next must still read as freshly allocated ones.
 */
describe('life paths reused from path to path', () => {
  for (const [name, input] of [
    ['mortality alone', mortalityOnly()],
    [
      'every risk',
      { longevityRisk: { enabled: true }, disability: { enabled: true }, longTermCare: { enabled: true }, unemployment: { enabled: true } },
    ],
  ] as [string, LifeAssumptionsInput][]) {
    it(`${name}: each path in reused buffers equals the same path in fresh ones, every year`, () => {
      const members = [
        member({ id: 'a', birthYear: 1975, employed: true, retirementAge: 65 }),
        member({ id: 'b', birthYear: 1940, sex: 'FEMALE' }),
      ];
      const model = createLifeModel(resolveLifeAssumptions(input), members, START_YEAR, YEARS, 31);
      const reused = members.map(() => allocateMemberLifePath(YEARS));
      let deaths = 0;
      for (let p = 0; p < 200; p++) {
        model.simulatePath(p, reused);
        const fresh = members.map(() => allocateMemberLifePath(YEARS));
        model.simulatePath(p, fresh);
        expect(reused.map(copy)).toEqual(fresh.map(copy));
        for (const life of reused) if (life.deathYear >= 0) deaths++;
      }
      // Paths of different lengths follow one another in the same buffers.
      expect(deaths).toBeGreaterThan(100);
    });
  }
});
