/**
 * The household benchmark's measured work, which bench/household.bench.ts runs from an esbuild
 * bundle (as the functions are deployed) in a process of its own; `npx tsx bench/household-cases.ts`
 * runs it from the sources. Household engine throughput on one core, through the general engine
 * (economy, life, cash flows, recording, merge and output), each figure a ratio to references run
 * in this same process, in alternating rounds (a loaded machine slows all of them alike; medians of CPU time):
 * (a) the stylised retirement case (bench/stylised-retiree.ts): path-years per CPU-second, against
 *     the hand-written floor on the engine's primitives (bench/stylised-retiree-floor.ts): target
 *     at least 0.6 of it;
 * (b) the young-family example with every risk on, 10,000 paths: CPU time against the baseline,
 *     the whole engine as it stood before batching (bench/baseline/): target at least 2.5 times faster;
 * and peak memory (maxRSS) of a process simulating 100,000 young-family paths, the engine against
 * the baseline, each in a child process of its own: target at most 20% more; then, for each case,
 * where its time goes (generation, household year, recording, merge and output).
 * Beside the baseline runs the reading this bench took before the baseline was made whole: the
 * baseline's household code on today's primitives (bench/baseline-household/), which shares every
 * gain in generation and recording with the engine. Before timing, each case's documents from the
 * engine and both baselines are checked equal, every number to the bit (elapsedMs aside): the ratios
 * compare equal work.
 * docs/PERFORMANCE.md records the figures and the profiles behind them.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { simulate, simulateHeldShard, type HouseholdPlan } from '../shared/engine/index.js';
import { PathRunner } from '../shared/engine/household/path-runner.js';
import { forEachBatch } from '../shared/engine/output/simulate-shard.js';
import { baselineSimulate } from './baseline/simulate.js';
import { taxCost } from './tax-cost.js';
import { householdYears as baselineHouseholdYears, PathRunner as BaselinePathRunner } from './baseline/household/path-runner.js';
import { simulateShard as baselineSimulateShard } from './baseline/output/simulate-shard.js';
import { baselineHouseholdSimulate } from './baseline-household/simulate.js';
import { stylisedRetireeFloor } from './stylised-retiree-floor.js';
import { stylisedRetiree } from './stylised-retiree.js';
import { youngFamily } from './young-family.js';

function cpuSeconds<T>(f: () => T): { value: T; cpu: number; wall: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const value = f();
  const c = process.cpuUsage(c0);
  return { value, cpu: (c.user + c.system) / 1e6, wall: (performance.now() - t0) / 1000 };
}

/** The two baselines' labels: the whole frozen engine (what target (b) names), and the reading taken before it was whole. */
const BASELINE = 'baseline: whole engine frozen (bench/baseline)';
const BASELINE_HOUSEHOLD = "old baseline: its household, today's primitives";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const line = (label: string, value: string, note = '') => console.log(`  ${label}`.padEnd(52), value.padEnd(30), note);

/** Runs each contender once per round, in turn, and gives each one's median CPU seconds. */
function rounds(n: number, contenders: Record<string, () => unknown>): Record<string, number[]> {
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (let r = 0; r < n; r++) for (const [k, f] of Object.entries(contenders)) cpu[k].push(cpuSeconds(f).cpu);
  return cpu;
}

/**
 * The numbers of two documents that differ (elapsedMs aside), by the path of each (`summary.depletionAge.p5`),
 * and how many numbers were compared. Object.is: every number to the bit, -0 and NaN included.
 */
function differences(a: unknown, b: unknown, path = '', out = { paths: [] as string[], compared: 0 }) {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (key !== 'elapsedMs') differences((a as any)[key], (b as any)[key], path ? `${path}.${key}` : key, out);
    }
  } else {
    out.compared++;
    if (!Object.is(a, b)) out.paths.push(path);
  }
  return out;
}

/**
 * Runs each contender once on a case and checks that their documents agree with the first's, every
 * number to the bit (elapsedMs aside): the baselines compute what the engine computes, so their
 * times compare equal work. A difference means the engine's numbers moved since the baseline was
 * frozen (a model change): its ratios would compare different work, and this bench stops rather
 * than print them.
 */
function checkSameWork(label: string, contenders: Record<string, () => unknown>): void {
  const [[first, run], ...others] = Object.entries(contenders);
  const expected = run();
  let compared = 0;
  for (const [name, other] of others) {
    const found = differences(expected, other());
    if (found.paths.length > 0) {
      throw new Error(
        `${label}: the ${name} document differs from the ${first}'s at ${found.paths.slice(0, 5).join(', ')}; not equal work`,
      );
    }
    compared = found.compared;
  }
  console.log(`  ${label}: ${Object.keys(contenders).join(', ')}: the same ${compared} numbers, to the bit (elapsedMs aside)`);
}

/** Run from the esbuild bundle (as deployed) rather than from the TypeScript sources. */
const BUNDLED = !import.meta.url.endsWith('.ts');
const ROUNDS = Number(process.env.HOUSEHOLD_BENCH_ROUNDS) || 5;

/**
 * The frozen baseline's runner reaches its generators through private fields; the baseline is never
 * edited, so the bench reaches into them to time its generation alone.
 */
interface BaselineGenerators {
  lifeModel: { simulatePath(p: number, lives: unknown[]): void };
  economyGenerator: { generate(p: number, economy: unknown, years: number): void };
  lives: unknown[];
  economy: unknown;
  compiled: Parameters<typeof baselineHouseholdYears>[0];
}

/**
 * Where a case's time goes, by layers each run on its own (medians of alternating rounds), in the
 * engine and in the whole baseline: the paths' lives and economies generated; plus the household
 * year (no recording); the whole shard (plus recording; the engine's result held in memory as a
 * run's completing shard holds it, not encoded, the economy sample's last staged paths not yet
 * folded; the baseline's as the JSON its shards returned); the whole run (plus the merge and the
 * output document, its lives replayed). The baseline column says which layers the engine has
 * gained on since, and by how much; the last column is the engine's time with that layer's alone
 * taken out: no change to the other layers could bring the engine's whole run below it.
 */
function layers(label: string, plan: HouseholdPlan, paths: number): void {
  const range = { pathStart: 0, pathCount: paths };
  const never = () => false;
  // The baseline engine knows only the account types of its day; the cases use no others.
  const old = plan as never;
  const contenders = {
    generation: () => {
      const runner = new PathRunner(plan, 2024);
      for (let p = 0; p < paths; p++) runner.generatePath(p);
    },
    household: () => {
      const runner = new PathRunner(plan, 2024);
      forEachBatch(range, (indices, count) => runner.runSlots(indices, 0, count, null, never));
    },
    shard: () => simulateHeldShard(plan, 2024, range),
    run: () => simulate(plan, { seed: 2024, paths }),
    baselineGeneration: () => {
      const runner = new BaselinePathRunner(old, 2024) as unknown as BaselineGenerators;
      for (let p = 0; p < paths; p++) {
        runner.lifeModel.simulatePath(p, runner.lives);
        runner.economyGenerator.generate(p, runner.economy, baselineHouseholdYears(runner.compiled, runner.lives as never));
      }
    },
    baselineHousehold: () => {
      const runner = new BaselinePathRunner(old, 2024);
      for (let p = 0; p < paths; p++) runner.run(p);
    },
    baselineShard: () => baselineSimulateShard(old, 2024, range),
    baselineRun: () => baselineSimulate(old, { seed: 2024, paths }),
  };
  for (const f of Object.values(contenders)) f();
  const cpu = rounds(ROUNDS, contenders);
  const [g, h, s, r, bg, bh, bs, br] = Object.values(cpu).map(median);
  const row = (name: string, engine: number, baseline: number, whole = false) =>
    console.log(
      `  ${name}`.padEnd(52),
      `${engine.toFixed(3)} (${((100 * engine) / r).toFixed(0)}%)`.padEnd(16),
      `${baseline.toFixed(3)} (${((100 * baseline) / br).toFixed(0)}%)`.padEnd(16),
      // A layer of a few milliseconds is a difference of two medians, within their noise: no ratio.
      (engine >= 0.01 && baseline >= 0.01 ? (baseline / engine).toFixed(2) : '-').padEnd(8),
      whole ? '' : `${(r - engine).toFixed(3)}`,
    );
  console.log(`  ${label}, ${paths.toLocaleString('en-US')} paths: where the time goes (CPU-s, medians of ${ROUNDS} alternating rounds)`);
  console.log(`  ${''.padEnd(50)} ${'engine'.padEnd(16)} ${'baseline'.padEnd(16)} ${'gained'.padEnd(8)} engine without it`);
  row('lives and economies generated', g, bg);
  row('the household year (run minus generation)', h - g, bh - bg);
  row('recording (shard minus household)', s - h, bs - bh);
  row('merge and output document (run minus shard)', r - s, br - bs);
  row('whole run', r, br, true);
}

async function main(): Promise<void> {
  console.log(`  ${process.version}, bundled: ${BUNDLED}`);
  // (a) The stylised retiree.
  const retiree = stylisedRetiree();
  const oldRetiree = retiree as never;
  const PATHS_A = 200_000;
  let engineYears = 0,
    baselineYears = 0,
    householdYears = 0,
    floorYears = 0;
  // The check runs each contender once on the timed case, which warms it up as well.
  checkSameWork('(a) stylised retiree', {
    engine: () => simulate(retiree, { seed: 2024, paths: PATHS_A }),
    baseline: () => baselineSimulate(oldRetiree, { seed: 2024, paths: PATHS_A }),
    'old baseline': () => baselineHouseholdSimulate(oldRetiree, { seed: 2024, paths: PATHS_A }),
  });
  stylisedRetireeFloor(20_000, 1);
  const a = rounds(ROUNDS, {
    engine: () => (engineYears = simulate(retiree, { seed: 2024, paths: PATHS_A }).metadata.pathYears),
    baseline: () => (baselineYears = baselineSimulate(oldRetiree, { seed: 2024, paths: PATHS_A }).metadata.pathYears),
    household: () => (householdYears = baselineHouseholdSimulate(oldRetiree, { seed: 2024, paths: PATHS_A }).metadata.pathYears),
    floor: () => (floorYears = stylisedRetireeFloor(PATHS_A, 2024).pathYears),
  });
  const rate = (years: number, cpu: number[]) => years / median(cpu) / 1e6;
  const engineRate = rate(engineYears, a.engine);
  const floorRate = rate(floorYears, a.floor);
  const baselineRate = rate(baselineYears, a.baseline);
  const householdRate = rate(householdYears, a.household);
  const againstFloor = (r: number) => `${(r / floorRate).toFixed(2)} x the floor`;
  console.log(`  (a) stylised retiree, ${PATHS_A.toLocaleString('en-US')} paths, medians of ${ROUNDS} alternating rounds (CPU time)`);
  line('engine', `${engineRate.toFixed(2)} M path-years/CPU-s`, `${againstFloor(engineRate)} (target >= 0.6)`);
  line(
    BASELINE,
    `${baselineRate.toFixed(2)} M path-years/CPU-s`,
    `${againstFloor(baselineRate)}; engine ${(engineRate / baselineRate).toFixed(2)} x the baseline`,
  );
  line(
    BASELINE_HOUSEHOLD,
    `${householdRate.toFixed(2)} M path-years/CPU-s`,
    `${againstFloor(householdRate)}; engine ${(engineRate / householdRate).toFixed(2)} x it`,
  );
  line('floor (bench/stylised-retiree-floor.ts)', `${floorRate.toFixed(2)} M path-years/CPU-s`);

  // (b) The young family, every risk on.
  const family = youngFamily();
  simulate(family, { seed: 1, paths: 1_000 });
  baselineSimulate(family as never, { seed: 1, paths: 1_000 });
  baselineHouseholdSimulate(family as never, { seed: 1, paths: 1_000 });
  const first = {
    engine: cpuSeconds(() => simulate(family, { seed: 2024, paths: 10_000 })),
    baseline: cpuSeconds(() => baselineSimulate(family as never, { seed: 2024, paths: 10_000 })),
    household: cpuSeconds(() => baselineHouseholdSimulate(family as never, { seed: 2024, paths: 10_000 })),
  };
  checkSameWork('(b) young family', {
    engine: () => first.engine.value,
    baseline: () => first.baseline.value,
    'old baseline': () => first.household.value,
  });
  const b = rounds(ROUNDS, {
    engine: () => simulate(family, { seed: 2024, paths: 10_000 }),
    baseline: () => baselineSimulate(family as never, { seed: 2024, paths: 10_000 }),
    household: () => baselineHouseholdSimulate(family as never, { seed: 2024, paths: 10_000 }),
  });
  const [engineCpu, baselineCpu, householdCpu] = [b.engine, b.baseline, b.household].map(median);
  console.log(`  (b) young family, every risk on, 10,000 paths, medians of ${ROUNDS} alternating rounds (CPU time)`);
  line('engine', `${engineCpu.toFixed(3)} CPU-s`, `${(baselineCpu / engineCpu).toFixed(2)} x faster than the baseline (target >= 2.5)`);
  line(BASELINE, `${baselineCpu.toFixed(3)} CPU-s`);
  line(BASELINE_HOUSEHOLD, `${householdCpu.toFixed(3)} CPU-s`, `engine ${(householdCpu / engineCpu).toFixed(2)} x faster than it`);
  const firstRatio = (cpu: number) => `${cpu.toFixed(3)} CPU-s (${(cpu / first.engine.cpu).toFixed(2)} x)`;
  line(
    'first run after a short warm-up',
    `${first.engine.cpu.toFixed(3)} CPU-s engine`,
    `baseline ${firstRatio(first.baseline.cpu)}, old baseline ${firstRatio(first.household.cpu)}`,
  );

  // Peak memory, 100,000 young-family paths, each engine in a fresh process.
  const peak = (which: string) => {
    const child = spawnSync(
      process.execPath,
      [
        ...(BUNDLED ? [] : process.execArgv),
        fileURLToPath(new URL(`./household-memory.${BUNDLED ? 'mjs' : 'ts'}`, import.meta.url)),
        which,
      ],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    return Number(child.stdout.trim());
  };
  const engineMb = peak('engine');
  const baselineMb = peak('baseline');
  line(
    'peak memory, 100,000 young-family paths',
    `${engineMb.toFixed(0)} MB engine`,
    `${baselineMb.toFixed(0)} MB baseline (whole): ${((engineMb / baselineMb - 1) * 100).toFixed(1)}% more (target <= 20%)`,
  );

  // (c) The young family under UK and US rules against the same household under FLAT.
  taxCost(ROUNDS);

  layers('(a) stylised retiree', retiree, PATHS_A / 2);
  layers('(b) young family', family, 10_000);
}

await main();
