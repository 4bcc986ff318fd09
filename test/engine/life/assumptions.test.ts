import { describe, expect, it } from 'vitest';
import {
  createLifeModel,
  DEFAULT_LIFE_ASSUMPTIONS,
  validateLifeMembers,
  resolveLifeAssumptions,
  validateLifeAssumptions,
  type ResolvedLifeAssumptions,
} from '../../../shared/engine/life/index.js';
import { lifeAssumptionsSchema } from '../../../shared/domain/scenario/life-assumptions.js';

describe('life assumptions', () => {
  it('defaults are valid and overrides merge (objects field by field, lists replaced)', () => {
    expect(validateLifeAssumptions(DEFAULT_LIFE_ASSUMPTIONS)).toEqual([]);
    const a = resolveLifeAssumptions({
      mortality: { table: 'US_SSA_2021' },
      unemployment: { jobLossByAge: [{ fromAge: 18, probability: 0.04 }] },
      health: { mortalityMultiplier: { POOR: 2 } },
    });
    expect(a.mortality).toEqual({ ...DEFAULT_LIFE_ASSUMPTIONS.mortality, table: 'US_SSA_2021' });
    expect(a.unemployment.jobLossByAge).toEqual([{ fromAge: 18, probability: 0.04 }]);
    expect(a.health.mortalityMultiplier).toEqual({ ...DEFAULT_LIFE_ASSUMPTIONS.health.mortalityMultiplier, POOR: 2 });
    // The defaults are not shared with the resolved copy.
    a.longTermCare.homeCareAnnualCost = 1;
    expect(DEFAULT_LIFE_ASSUMPTIONS.longTermCare.homeCareAnnualCost).not.toBe(1);
  });

  it('invalid values give errors naming the field', () => {
    const bad = resolveLifeAssumptions({
      mortality: { dispersion: -1 },
      disability: { terminationDurationFactors: [] },
      unemployment: {
        jobLossByAge: [
          { fromAge: 40, probability: 0.02 },
          { fromAge: 30, probability: 0.5 },
        ],
      },
    });
    (bad as { longTermCare: { nursingHomeShare: number } }).longTermCare.nursingHomeShare = Number.NaN;
    (bad.mortality as { law: string }).law = 'WEIBULL';
    const fields = validateLifeAssumptions(bad, 'scenario.assumptions.life').map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'scenario.assumptions.life.mortality.dispersion',
        'scenario.assumptions.life.mortality.law',
        'scenario.assumptions.life.disability.terminationDurationFactors',
        'scenario.assumptions.life.unemployment.jobLossByAge[1].fromAge',
        'scenario.assumptions.life.longTermCare.nursingHomeShare',
      ]),
    );
    expect(fields).toHaveLength(5);
  });

  it('the scenario schema accepts partial overrides and refuses bad ones by path', () => {
    const ok = lifeAssumptionsSchema.parse({ mortality: { law: 'GOMPERTZ', modalAge: 90 }, disability: { eliminationDays: 180 } });
    const resolved: ResolvedLifeAssumptions = resolveLifeAssumptions(ok);
    expect(resolved.mortality.modalAge).toBe(90);
    expect(validateLifeAssumptions(resolved)).toEqual([]);
    const result = lifeAssumptionsSchema.safeParse({
      disability: { eliminationDays: 45 },
      longTermCare: { recoveryProbability: 1.5 },
      longevityRisk: { enabled: 'yes' },
      extra: true,
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['disability.eliminationDays', 'longTermCare.recoveryProbability', 'longevityRisk.enabled', '']),
    );
    expect(result.error!.issues.find((i) => i.path.join('.') === 'disability.eliminationDays')?.message).toContain('90');
  });

  it('bad members are named errors, and the model refuses them', () => {
    const good = { id: 'a', birthYear: 1980, sex: 'MALE', health: 'AVERAGE', smoker: false, retirementAge: 67, employed: true } as const;
    expect(validateLifeMembers([good])).toEqual([]);
    const errors = validateLifeMembers(
      [good, { ...good, birthYear: 1980.5, occupationClass: 7, health: 'GREAT' as 'GOOD' }, { ...good, retirementAge: Number.NaN }],
      'scenario.members',
    );
    expect(errors.map((e) => e.field)).toEqual([
      'scenario.members[1].id',
      'scenario.members[1].birthYear',
      'scenario.members[1].health',
      'scenario.members[1].occupationClass',
      'scenario.members[2].id',
      'scenario.members[2].retirementAge',
    ]);
    expect(() => createLifeModel(DEFAULT_LIFE_ASSUMPTIONS, [{ ...good, occupationClass: 9 }], 2025, 10, 1)).toThrow(
      /members\[0\]\.occupationClass/,
    );
    const badAssumptions = resolveLifeAssumptions({ longTermCare: { recoveryProbability: 2 } });
    expect(() => createLifeModel(badAssumptions, [good], 2025, 10, 1)).toThrow(/assumptions\.life\.longTermCare\.recoveryProbability/);
  });
});
