import {
  allocateMemberLifePath,
  createLifeModel,
  resolveLifeAssumptions,
  type LifeAssumptionsInput,
  type LifeMemberSpec,
  type MemberLifePath,
} from '../../../shared/engine/life/index.js';

export const START_YEAR = 2025;

export function member(overrides: Partial<LifeMemberSpec> = {}): LifeMemberSpec {
  return {
    id: 'p1',
    birthYear: 1960,
    sex: 'MALE',
    health: 'AVERAGE',
    smoker: false,
    retirementAge: 67,
    employed: false,
    ...overrides,
  };
}

/** Every risk off except mortality (and the overrides given). */
export function mortalityOnly(overrides: LifeAssumptionsInput = {}): LifeAssumptionsInput {
  return {
    ...overrides,
    longevityRisk: { enabled: false, ...overrides.longevityRisk },
    disability: { enabled: false, ...overrides.disability },
    longTermCare: { enabled: false, ...overrides.longTermCare },
    unemployment: { enabled: false, ...overrides.unemployment },
  };
}

/** Runs `paths` paths and hands each member's life to `visit`. */
export function simulate(
  input: LifeAssumptionsInput,
  members: LifeMemberSpec[],
  years: number,
  paths: number,
  seed: number,
  visit: (lives: MemberLifePath[], pathIndex: number) => void,
): void {
  const model = createLifeModel(resolveLifeAssumptions(input), members, START_YEAR, years, seed);
  const out = members.map(() => allocateMemberLifePath(years));
  for (let p = 0; p < paths; p++) {
    model.simulatePath(p, out);
    visit(out, p);
  }
}

/** Mean and standard error of a sample. */
export function meanAndError(values: ArrayLike<number>): { mean: number; se: number } {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (values[i] - mean) ** 2;
  return { mean, se: Math.sqrt(ss / (n - 1) / n) };
}

/** Standard error of a proportion p estimated from n trials. */
export function proportionError(p: number, n: number): number {
  return Math.sqrt((p * (1 - p)) / n);
}
