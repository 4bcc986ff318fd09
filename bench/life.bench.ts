/**
 * Life model throughput on one core, into reused MemberLifePath buffers:
 * - mortality only (Gompertz), one retiree aged 65, horizon to age 120, 1,000,000 paths:
 *   target 15 M path-years per second;
 * - every life risk on (table with improvement, longevity shock, disability, care, job loss), a
 *   family of four (two working adults, two children), horizon to the youngest's age 120,
 *   10,000 paths: the whole engine's budget for this run is 0.5 s, economy and cash flows included.
 */
import {
  allocateMemberLifePath,
  createLifeModel,
  resolveLifeAssumptions,
  type LifeAssumptionsInput,
  type LifeMemberSpec,
} from '../shared/engine/life/index.js';

const START = 2025;

function measure(
  label: string,
  input: LifeAssumptionsInput,
  members: LifeMemberSpec[],
  years: number,
  paths: number,
  target: string,
): void {
  const c0 = performance.now();
  const model = createLifeModel(resolveLifeAssumptions(input), members, START, years, 20240601);
  const createMs = performance.now() - c0;
  const out = members.map(() => allocateMemberLifePath(years));
  for (let p = 0; p < Math.min(20_000, paths); p++) model.simulatePath(p, out); // warm up
  let livedYears = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let p = 0; p < paths; p++) {
    model.simulatePath(p, out);
    for (const life of out) livedYears += life.deathYear < 0 ? years : life.deathYear + 1;
  }
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const pathYears = paths * years;
  console.log(`  ${label}`);
  console.log(
    '    path-years per CPU second'.padEnd(48),
    `${(pathYears / cpuSeconds / 1e6).toFixed(2)} M/s`.padEnd(14),
    `(${(pathYears / wall / 1e6).toFixed(2)} M/s wall)`.padEnd(20),
    target,
  );
  console.log('    member-years lived per CPU second'.padEnd(48), `${(livedYears / cpuSeconds / 1e6).toFixed(2)} M/s`);
  console.log('    time for the run'.padEnd(48), `${(cpuSeconds * 1000).toFixed(0)} ms CPU`, `(model creation ${createMs.toFixed(1)} ms)`);
}

export async function run(): Promise<void> {
  const off = {
    longevityRisk: { enabled: false },
    disability: { enabled: false },
    longTermCare: { enabled: false },
    unemployment: { enabled: false },
  };
  const retiree: LifeMemberSpec = {
    id: 'r',
    birthYear: START - 65,
    sex: 'FEMALE',
    health: 'AVERAGE',
    smoker: false,
    retirementAge: 65,
    employed: false,
  };
  measure(
    'mortality only, GOMPERTZ, 1 retiree, 55 years, 1,000,000 paths',
    { ...off, mortality: { law: 'GOMPERTZ' } },
    [retiree],
    55,
    1_000_000,
    'target: >= 15 M path-years/s',
  );
  measure('mortality only, TABLE + ALT2, 1 retiree, 55 years, 1,000,000 paths', off, [retiree], 55, 1_000_000, '');
  const family: LifeMemberSpec[] = [
    { id: 'p1', birthYear: START - 42, sex: 'MALE', health: 'GOOD', smoker: false, retirementAge: 67, occupationClass: 2, employed: true },
    {
      id: 'p2',
      birthYear: START - 40,
      sex: 'FEMALE',
      health: 'AVERAGE',
      smoker: true,
      retirementAge: 65,
      occupationClass: 3,
      employed: true,
    },
    { id: 'c1', birthYear: START - 10, sex: 'FEMALE', health: 'EXCELLENT', smoker: false, retirementAge: 67, employed: false },
    { id: 'c2', birthYear: START - 7, sex: 'MALE', health: 'EXCELLENT', smoker: false, retirementAge: 67, employed: false },
  ];
  measure('all risks, family of 4, 113 years, 10,000 paths', {}, family, 113, 10_000, 'budget: a small part of 0.5 s');
}
