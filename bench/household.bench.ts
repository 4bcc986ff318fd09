/**
 * Household engine throughput on one core, through the general engine (economy, life, cash flows,
 * recording, merge and output):
 * (a) the stylised retirement case: one retiree aged 65, Gompertz mortality, 100% equity GBM, zero
 *     inflation, rates and taxes, fixed real spending, 1,000,000 paths: path-years per second
 *     (target 15 million);
 * (b) the young-family example with every risk on, 10,000 paths: wall time (target 0.5 s), for the
 *     first run after a short warm-up and in the steady state.
 */
import { readFileSync } from 'node:fs';
import { simulate, type HouseholdPlan } from '../shared/engine/index.js';
import { toHouseholdPlan, validateScenario } from '../shared/domain/scenario/index.js';
import { stylisedRetireeFloor } from './stylised-retiree-floor.js';
import { stylisedRetiree } from './stylised-retiree.js';

export { stylisedRetiree };

function youngFamily(): HouseholdPlan {
  const doc = JSON.parse(readFileSync(new URL('../examples/young-family-mortgage.json', import.meta.url), 'utf8'));
  const r = validateScenario(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return toHouseholdPlan(r.value);
}

function timed<T>(f: () => T): { value: T; wall: number; cpu: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const value = f();
  const c = process.cpuUsage(c0);
  return { value, wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
}

export async function run(): Promise<void> {
  const retiree = stylisedRetiree();
  simulate(retiree, { seed: 1, paths: 20_000 }); // warm up
  const a = timed(() => simulate(retiree, { seed: 2024, paths: 1_000_000 }));
  const pathYears = a.value.metadata.pathYears;
  console.log('  (a) stylised retiree, 1,000,000 paths'.padEnd(48), `${(pathYears / a.cpu / 1e6).toFixed(2)} M path-years/CPU-s`.padEnd(26), `(${(pathYears / a.wall / 1e6).toFixed(2)} M/s wall, ${pathYears} path-years, ${a.wall.toFixed(1)} s)`, 'target >= 15');
  console.log('      success probability'.padEnd(48), a.value.summary.probabilityOfSuccess.toFixed(4));
  stylisedRetireeFloor(20_000, 1); // warm up
  const floor = timed(() => stylisedRetireeFloor(1_000_000, 2024));
  const floorRate = floor.value.pathYears / floor.cpu / 1e6;
  console.log('      reference: one hand-written loop'.padEnd(48), `${floorRate.toFixed(2)} M path-years/CPU-s`.padEnd(26), `(the same case on the engine's primitives, not the engine: bench/stylised-retiree-floor.ts; the engine runs at ${((100 * pathYears) / a.cpu / 1e6 / floorRate).toFixed(0)}% of it)`);

  const family = youngFamily();
  simulate(family, { seed: 1, paths: 500 }); // warm up
  const b = timed(() => simulate(family, { seed: 2024, paths: 10_000 }));
  console.log('  (b) young family, every risk on, 10,000 paths'.padEnd(48), `${b.wall.toFixed(2)} s wall`.padEnd(26), `(${b.cpu.toFixed(2)} CPU-s, ${b.value.metadata.pathYears} path-years)`, 'target <= 0.5 s');
  // The first run after the short warm-up still pays for most of the optimising compiler's work
  // (background threads count in CPU-seconds); a worker that has run a shard before runs at the
  // steady rate, the best of three more runs.
  const steady = [0, 1, 2].map(() => timed(() => simulate(family, { seed: 2024, paths: 10_000 })));
  const best = steady.reduce((x, y) => (y.cpu < x.cpu ? y : x));
  console.log('      same, steady state (best of 3 more)'.padEnd(48), `${best.wall.toFixed(2)} s wall`.padEnd(26), `(${best.cpu.toFixed(2)} CPU-s)`);
}
