/**
 * The household benchmark's measured work, which bench/household.bench.ts runs from an esbuild
 * bundle (as the functions are deployed) in a process of its own; `npx tsx bench/household-cases.ts`
 * runs it from the sources. Household engine throughput on one core, through the general engine
 * (economy, life, cash flows, recording, merge and output), each figure a ratio to references run
 * in this same process, in alternating rounds (a loaded machine slows all of them alike; medians of CPU time):
 * (a) the stylised retirement case (bench/stylised-retiree.ts): path-years per CPU-second, against
 *     the hand-written floor on the engine's primitives (bench/stylised-retiree-floor.ts);
 * (b) the young-family example with every risk on, 10,000 paths;
 * (c) the young family under UK and US tax rules against the same household under FLAT (target: at most 1.3 x);
 * and, with `--against <git-ref>`, the engine at that revision beside today's on the three cases (bundled
 * from a temporary worktree by bench/against-ref.ts, its own economy, life and output code
 * included), peak memory of 100,000 young-family paths on each, and where each case's time goes
 * (generation, household year, recording, merge and output) on each. Before timing, the two
 * engines' documents are compared number by number: where they differ (the model moved between
 * the revisions), the bench says so, and its ratios compare different work.
 * docs/PERFORMANCE.md records the latest figures.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { simulate, simulateHeldShard, type HouseholdPlan } from '../shared/engine/index.js';
import type { PlanTax } from '../shared/engine/household/plan.js';
import { PathRunner } from '../shared/engine/household/path-runner.js';
import { forEachBatch } from '../shared/engine/output/simulate-shard.js';
import { stylisedRetireeFloor } from './stylised-retiree-floor.js';
import { stylisedRetiree } from './stylised-retiree.js';
import { youngFamily } from './young-family.js';

/** The engine at another revision, as bench/against-ref.ts bundles it. */
interface RefEngine {
  label: string;
  engine: { simulate: typeof simulate; simulateHeldShard?: typeof simulateHeldShard };
  pathRunner?: { PathRunner: typeof PathRunner };
  simulateShard?: { forEachBatch: typeof forEachBatch };
}

function cpuSeconds<T>(f: () => T): { value: T; cpu: number } {
  const c0 = process.cpuUsage();
  const value = f();
  const c = process.cpuUsage(c0);
  return { value, cpu: (c.user + c.system) / 1e6 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const line = (label: string, value: string, note = '') => console.log(`  ${label}`.padEnd(52), value.padEnd(30), note);

/** Runs each contender once per round, in turn, and gives each one's CPU seconds per round. */
function rounds(n: number, contenders: Record<string, () => unknown>): Record<string, number[]> {
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (let r = 0; r < n; r++) for (const [k, f] of Object.entries(contenders)) cpu[k].push(cpuSeconds(f).cpu);
  return cpu;
}

/**
 * The numbers of two documents that differ (elapsedMs aside), by the path of each (`summary.depletionAge.p5`),
 * how many numbers were compared, and the fields only one of them has (a field added or renamed
 * between revisions, which is no difference in the work). Object.is: every number to the bit, -0 and
 * NaN included.
 */
function differences(a: unknown, b: unknown, path = '', out = { paths: [] as string[], compared: 0, oneSided: [] as string[] }) {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (key === 'elapsedMs') continue;
      const at = path ? `${path}.${key}` : key;
      if (!(key in a) || !(key in b)) out.oneSided.push(at);
      else differences((a as any)[key], (b as any)[key], at, out);
    }
  } else {
    out.compared++;
    if (!Object.is(a, b)) out.paths.push(path);
  }
  return out;
}

/** Says whether the ref's document is today's to the bit: if not, the ratios compare different work. */
function reportSameWork(label: string, today: unknown, ref: unknown, refLabel: string): void {
  const found = differences(today, ref);
  const oneSided = found.oneSided.length > 0 ? ` (fields in one of them only: ${found.oneSided.slice(0, 3).join(', ')})` : '';
  if (found.paths.length === 0) {
    console.log(`  ${label}: the engine and ${refLabel}: the same ${found.compared} numbers, to the bit (elapsedMs aside)${oneSided}`);
  } else {
    console.log(
      `  ${label}: ${found.paths.length} of ${found.compared} numbers differ from ${refLabel}'s ` +
        `(first: ${found.paths.slice(0, 3).join(', ')}): ` +
        'the model moved between the revisions, and the ratios below compare different work',
    );
  }
}

/** Run from the esbuild bundle (as deployed) rather than from the TypeScript sources. */
const BUNDLED = !import.meta.url.endsWith('.ts');
const ROUNDS = Number(process.env.HOUSEHOLD_BENCH_ROUNDS) || 5;

async function loadRef(): Promise<RefEngine | undefined> {
  const file = process.env.HOUSEHOLD_BENCH_REF_BUNDLE;
  if (!file) return undefined;
  const mod = (await import(file)) as Omit<RefEngine, 'label'>;
  return { ...mod, label: `the engine at ${process.env.HOUSEHOLD_BENCH_REF_LABEL ?? file}` };
}

/** The layers one engine's run is timed by, or undefined where that engine has not the modules for them. */
function layerContenders(
  engine: Pick<RefEngine, 'engine' | 'pathRunner' | 'simulateShard'>,
  plan: HouseholdPlan,
  paths: number,
): Record<string, () => unknown> | undefined {
  const Runner = engine.pathRunner?.PathRunner;
  const batches = engine.simulateShard?.forEachBatch;
  const heldShard = engine.engine.simulateHeldShard;
  const range = { pathStart: 0, pathCount: paths };
  if (!Runner || !batches || !heldShard || typeof Runner.prototype.generatePath !== 'function') {
    return pathMajorLayerContenders(engine as PathMajorEngine, plan, paths);
  }
  const never = () => false;
  return {
    generation: () => {
      const runner = new Runner(plan, 2024);
      for (let p = 0; p < paths; p++) runner.generatePath(p);
    },
    household: () => {
      const runner = new Runner(plan, 2024);
      batches(range, (indices, count) => runner.runSlots(indices, 0, count, null, never));
    },
    shard: () => heldShard(plan, 2024, range),
    run: () => engine.engine.simulate(plan, { seed: 2024, paths }),
  };
}

/**
 * The engine before paths ran in batches (before 9774c29): path by path, its shards returning
 * their result as JSON. Its runner reaches its generators through private fields, which the bench
 * reaches into to time generation alone, as the bench of its time did.
 */
interface PathMajorEngine {
  engine: {
    simulate: typeof simulate;
    simulateShard?: (plan: HouseholdPlan, seed: number, range: { pathStart: number; pathCount: number }) => unknown;
  };
  pathRunner?: {
    PathRunner: new (plan: HouseholdPlan, seed: number) => { run(p: number): unknown };
    householdYears?: (compiled: unknown, lives: unknown) => number;
  };
}

interface PathMajorGenerators {
  lifeModel?: { simulatePath(p: number, lives: unknown[]): void };
  economyGenerator?: { generate(p: number, economy: unknown, years: number): void };
  lives: unknown[];
  economy: unknown;
  compiled: unknown;
}

function pathMajorLayerContenders(ref: PathMajorEngine, plan: HouseholdPlan, paths: number): Record<string, () => unknown> | undefined {
  const Runner = ref.pathRunner?.PathRunner;
  const years = ref.pathRunner?.householdYears;
  const shard = ref.engine.simulateShard;
  if (!Runner || !years || !shard) return undefined;
  const probe = new Runner(plan, 2024) as unknown as PathMajorGenerators;
  if (typeof probe.lifeModel?.simulatePath !== 'function' || typeof probe.economyGenerator?.generate !== 'function') return undefined;
  return {
    generation: () => {
      const runner = new Runner(plan, 2024) as unknown as Required<PathMajorGenerators>;
      for (let p = 0; p < paths; p++) {
        runner.lifeModel.simulatePath(p, runner.lives);
        runner.economyGenerator.generate(p, runner.economy, years(runner.compiled, runner.lives));
      }
    },
    household: () => {
      const runner = new Runner(plan, 2024);
      for (let p = 0; p < paths; p++) runner.run(p);
    },
    shard: () => shard(plan, 2024, { pathStart: 0, pathCount: paths }),
    run: () => ref.engine.simulate(plan, { seed: 2024, paths }),
  };
}

/**
 * Where a case's time goes, by layers each run on its own (medians of alternating rounds): the
 * paths' lives and economies generated; plus the household year (no recording); the whole shard
 * (plus recording, the result held in memory as a run's completing shard holds it); the whole run
 * (plus the merge and the output document, its lives replayed). With a ref, its column and what the
 * engine has gained on it per layer; the last column is the engine's time with that layer's alone
 * taken out: no change to the other layers could bring the engine's whole run below it.
 */
function layers(label: string, plan: HouseholdPlan, paths: number, ref: RefEngine | undefined): void {
  const today = layerContenders(
    { engine: { simulate, simulateHeldShard }, pathRunner: { PathRunner }, simulateShard: { forEachBatch } },
    plan,
    paths,
  );
  if (!today) throw new Error('the engine lacks the modules its layers are timed by');
  const theirs = ref && layerContenders(ref, plan, paths);
  if (ref && !theirs) console.log(`  ${ref.label} has not the path runner these layers time: its layers are not timed`);
  const contenders = {
    ...today,
    ...Object.fromEntries(Object.entries(theirs ?? {}).map(([k, f]) => [`ref ${k}`, f])),
  };
  for (const f of Object.values(contenders)) f();
  const cpu = rounds(ROUNDS, contenders);
  const m = (k: string) => (cpu[k] ? median(cpu[k]) : Number.NaN);
  const [g, h, s, r] = ['generation', 'household', 'shard', 'run'].map(m);
  const [bg, bh, bs, br] = ['ref generation', 'ref household', 'ref shard', 'ref run'].map(m);
  const share = (x: number, whole: number) => (Number.isNaN(x) ? '-' : `${x.toFixed(3)} (${((100 * x) / whole).toFixed(0)}%)`);
  const row = (name: string, engine: number, baseline: number, whole = false) =>
    console.log(
      `  ${name}`.padEnd(52),
      share(engine, r).padEnd(16),
      share(baseline, br).padEnd(16),
      // A layer of a few milliseconds is a difference of two medians, within their noise: no ratio.
      (engine >= 0.01 && baseline >= 0.01 ? (baseline / engine).toFixed(2) : '-').padEnd(8),
      whole ? '' : `${(r - engine).toFixed(3)}`,
    );
  console.log(`  ${label}, ${paths.toLocaleString('en-US')} paths: where the time goes (CPU-s, medians of ${ROUNDS} alternating rounds)`);
  console.log(`  ${''.padEnd(50)} ${'engine'.padEnd(16)} ${'ref'.padEnd(16)} ${'gained'.padEnd(8)} engine without it`);
  row('lives and economies generated', g, bg);
  row('the household year (run minus generation)', h - g, bh - bg);
  row('recording (shard minus household)', s - h, bs - bh);
  row('merge and output document (run minus shard)', r - s, br - bs);
  row('whole run', r, br, true);
}

/**
 * The plan under a real tax system: a couple filing jointly, a 4% state income tax (US), the
 * pension's tax-free cash with each withdrawal (UK).
 */
function underRules(plan: HouseholdPlan, system: 'UK' | 'US'): HouseholdPlan {
  const tax: PlanTax = { system, filingStatus: 'MARRIED_JOINT', stateIncomeTaxRate: 0.04, pensionTaxFreeCash: 'WITH_EACH_WITHDRAWAL' };
  return { ...plan, tax };
}

/**
 * (c) What real tax rules cost: the young family under UK and US rules against the same household
 * under FLAT (its own flat rates), all in alternating rounds; with a ref, its engine on the same
 * three plans, its documents first compared with the engine's.
 */
function taxCost(family: HouseholdPlan, ref: RefEngine | undefined): void {
  const PATHS_C = 10_000;
  const plans: Record<string, HouseholdPlan> = { FLAT: family, UK: underRules(family, 'UK'), US: underRules(family, 'US') };
  const contenders: Record<string, () => unknown> = {};
  for (const [k, plan] of Object.entries(plans)) {
    contenders[k] = () => simulate(plan, { seed: 2024, paths: PATHS_C });
    if (ref) contenders[`ref ${k}`] = () => ref.engine.simulate(plan, { seed: 2024, paths: PATHS_C });
  }
  for (const [k, plan] of Object.entries(plans)) {
    const today = simulate(plan, { seed: 2024, paths: 1_000 });
    if (ref) reportSameWork(`(c) young family under ${k}`, today, ref.engine.simulate(plan, { seed: 2024, paths: 1_000 }), ref.label);
  }
  const cpu = rounds(ROUNDS, contenders);
  const m = (k: string) => median(cpu[k]);
  console.log(
    `  (c) young family under real tax rules, ${PATHS_C.toLocaleString('en-US')} paths, medians of ${ROUNDS} alternating rounds (CPU time)`,
  );
  for (const k of ['UK', 'US']) {
    line(`engine, ${k} rules`, `${m(k).toFixed(3)} CPU-s`, `${(m(k) / m('FLAT')).toFixed(2)} x FLAT (target <= 1.3)`);
    if (ref)
      line(`${ref.label}, ${k} rules`, `${m(`ref ${k}`).toFixed(3)} CPU-s`, `${(m(`ref ${k}`) / m('ref FLAT')).toFixed(2)} x its FLAT`);
  }
  line('engine, FLAT', `${m('FLAT').toFixed(3)} CPU-s`);
  if (ref) line(`${ref.label}, FLAT`, `${m('ref FLAT').toFixed(3)} CPU-s`);
}

/** Peak memory (MB) of a fresh process simulating 100,000 young-family paths on today's engine or the ref's bundle. */
function peakMemory(refBundle?: string): number {
  const script = fileURLToPath(new URL(`./household-memory.${BUNDLED ? 'mjs' : 'ts'}`, import.meta.url));
  const child = spawnSync(process.execPath, [...(BUNDLED ? [] : process.execArgv), script, ...(refBundle ? [refBundle] : [])], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return Number(child.stdout.trim());
}

async function main(): Promise<void> {
  const ref = await loadRef();
  console.log(`  ${process.version}, bundled: ${BUNDLED}${ref ? `, against ${ref.label}` : ''}`);
  // (a) The stylised retiree.
  const retiree = stylisedRetiree();
  const PATHS_A = 200_000;
  const runA = (engine: typeof simulate) => engine(retiree, { seed: 2024, paths: PATHS_A });
  // The check runs each engine once on the timed case, which warms it up as well.
  const engineA = runA(simulate);
  if (ref) reportSameWork('(a) stylised retiree', engineA, runA(ref.engine.simulate), ref.label);
  stylisedRetireeFloor(20_000, 1);
  let engineYears = 0,
    refYears = 0,
    floorYears = 0;
  const a = rounds(ROUNDS, {
    engine: () => (engineYears = runA(simulate).metadata.simulatedPathYears),
    // A revision before the rename names the figure only `pathYears`.
    ...(ref ? { ref: () => (refYears = runA(ref.engine.simulate).metadata.pathYears) } : {}),
    floor: () => (floorYears = stylisedRetireeFloor(PATHS_A, 2024).pathYears),
  });
  const rate = (years: number, cpu: number[]) => years / median(cpu) / 1e6;
  const engineRate = rate(engineYears, a.engine);
  const floorRate = rate(floorYears, a.floor);
  const againstFloor = (r: number) => `${(r / floorRate).toFixed(2)} x the floor`;
  console.log(`  (a) stylised retiree, ${PATHS_A.toLocaleString('en-US')} paths, medians of ${ROUNDS} alternating rounds (CPU time)`);
  line('engine', `${engineRate.toFixed(2)} M path-years/CPU-s`, againstFloor(engineRate));
  if (ref) {
    const refRate = rate(refYears, a.ref);
    line(
      ref.label,
      `${refRate.toFixed(2)} M path-years/CPU-s`,
      `${againstFloor(refRate)}; engine ${(engineRate / refRate).toFixed(2)} x it`,
    );
  }
  line('floor (bench/stylised-retiree-floor.ts)', `${floorRate.toFixed(2)} M path-years/CPU-s`);

  // (b) The young family, every risk on.
  const family = youngFamily();
  const runB = (engine: typeof simulate, paths = 10_000) => engine(family, { seed: 2024, paths });
  runB(simulate, 1_000);
  if (ref) runB(ref.engine.simulate, 1_000);
  const first = cpuSeconds(() => runB(simulate));
  const refFirst = ref && cpuSeconds(() => runB(ref.engine.simulate));
  if (ref && refFirst) reportSameWork('(b) young family', first.value, refFirst.value, ref.label);
  const b = rounds(ROUNDS, { engine: () => runB(simulate), ...(ref ? { ref: () => runB(ref.engine.simulate) } : {}) });
  const engineCpu = median(b.engine);
  console.log(`  (b) young family, every risk on, 10,000 paths, medians of ${ROUNDS} alternating rounds (CPU time)`);
  if (ref && refFirst) {
    const refCpu = median(b.ref);
    line('engine', `${engineCpu.toFixed(3)} CPU-s`, `${(refCpu / engineCpu).toFixed(2)} x faster than ${ref.label}`);
    line(ref.label, `${refCpu.toFixed(3)} CPU-s`);
    line(
      'first run after a short warm-up',
      `${first.cpu.toFixed(3)} CPU-s engine`,
      `${refFirst.cpu.toFixed(3)} CPU-s ref (${(refFirst.cpu / first.cpu).toFixed(2)} x)`,
    );
  } else {
    line('engine', `${engineCpu.toFixed(3)} CPU-s`);
    line('first run after a short warm-up', `${first.cpu.toFixed(3)} CPU-s`);
  }

  // Peak memory, 100,000 young-family paths, each engine in a fresh process.
  const engineMb = peakMemory();
  if (ref) {
    const refMb = peakMemory(process.env.HOUSEHOLD_BENCH_REF_BUNDLE);
    line(
      'peak memory, 100,000 young-family paths',
      `${engineMb.toFixed(0)} MB engine`,
      `${refMb.toFixed(0)} MB ref: the engine ${(Math.abs(engineMb / refMb - 1) * 100).toFixed(1)}% ${engineMb >= refMb ? 'more' : 'less'}`,
    );
  } else {
    line('peak memory, 100,000 young-family paths', `${engineMb.toFixed(0)} MB`);
  }

  // (c) The young family under UK and US rules against the same household under FLAT.
  taxCost(family, ref);

  layers('(a) stylised retiree', retiree, PATHS_A / 2, ref);
  layers('(b) young family', family, 10_000, ref);
}

await main();
