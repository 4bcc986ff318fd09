/**
 * Runs through the local runtime, end to end: POST a simulation of examples/young-family-mortgage.json
 * and poll until it is COMPLETED (HTTP server, dynalite, in-process queue, worker threads), for
 * 10,000 and 100,000 paths. Prints the wall time (target: 10,000 paths under 1.5 s), the shards,
 * and the share of the wall time spent outside the engine (queueing, storing, merging; target at
 * 100,000 paths: at most 15%). Engine time is the run's `elapsedMs` (summed over shards) spread
 * over the workers that ran in parallel: outside = 1 - (elapsedMs / min(workers, shards)) / wall;
 * the time outside is also split into the client's part (wall - durationMs: HTTP and polling) and
 * the server's (durationMs - engine time), and given as a share of engine time (target at 10,000
 * paths: at most 30%).
 * Also measures the engine's single-core speed on the example, which sets the inline budget.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { inlinePathYears, shardPathYears } from '../shared/domain/runs/limits.js';
import { toHouseholdPlan, validateScenario } from '../shared/domain/scenario/index.js';
import { simulateShard } from '../shared/engine/index.js';
import { runToEnd, startBenchService } from './local-service.js';

const example = JSON.parse(readFileSync(new URL('../examples/young-family-mortgage.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

function line(label: string, value: string, target = ''): void {
  console.log(`  ${label}`.padEnd(48), value.padEnd(26), target);
}

function engineSpeed(): number {
  const checked = validateScenario(example);
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const plan = toHouseholdPlan(checked.value);
  simulateShard(plan, 1, { pathStart: 0, pathCount: 200 }); // warm up
  const started = performance.now();
  simulateShard(plan, 2, { pathStart: 0, pathCount: 1_000 });
  return (1_000 * plan.years) / ((performance.now() - started) / 1000);
}

export async function run(): Promise<void> {
  process.env.LOG_LEVEL ??= 'warn';
  const speed = engineSpeed();
  line('engine, young family, one core', `${Math.round(speed).toLocaleString('en-US')} path-years/s`);
  line(
    'inline budget (RUN_INLINE_PATH_YEARS)',
    `${inlinePathYears().toLocaleString('en-US')} path-years`,
    `(${(inlinePathYears() / speed).toFixed(2)} s of engine time)`,
  );

  const service = await startBenchService();
  // Printed once the runtime is up: the local queue sets its own default shard size.
  line('shard size (SHARD_PATH_YEARS)', `${shardPathYears().toLocaleString('en-US')} path-years`);
  try {
    const { call } = service;
    const household = await call('POST', '/households', { name: 'Bench', currency: 'USD' });
    const scenario = await call('POST', `/households/${household.id}/scenarios`, example);
    const base = `/households/${household.id}/scenarios/${scenario.id}/simulations`;
    const workers = Number(process.env.LOCAL_WORKERS) || availableParallelism();

    const timedRun = async (paths: number) => {
      const { run, wallMs } = await runToEnd(service, base, { paths, seed: 7 });
      const parallel = Math.min(workers, run.shards);
      const outside = 1 - run.elapsedMs / parallel / wallMs;
      return { run, wallMs, outside };
    };

    await timedRun(2_000); // warm up the worker threads
    // RUNS_BENCH_PATHS=10000 (comma-separated) runs only the sizes named.
    const sizes = (process.env.RUNS_BENCH_PATHS ?? '10000,100000').split(',').map(Number);
    for (const paths of sizes) {
      const target = paths === 10_000 ? 'target < 1.5 s' : paths === 100_000 ? 'target outside <= 15%' : '';
      const { run: result, wallMs, outside } = await timedRun(paths);
      line(`${paths.toLocaleString('en-US')} paths, POST to COMPLETED`, `${(wallMs / 1000).toFixed(2)} s`, paths === 10_000 ? target : '');
      line(`  server-side duration (durationMs)`, `${(result.durationMs / 1000).toFixed(2)} s`);
      line(`  shards, workers`, `${result.shards}, ${Math.min(workers, result.shards)}`);
      line(`  engine time (elapsedMs, summed)`, `${(result.elapsedMs / 1000).toFixed(2)} s`);
      line(`  share outside the engine`, `${(outside * 100).toFixed(1)} %`, paths === 100_000 ? target : '');
      // The time outside the engine, split by where the bench can see it: between the server's
      // record of the run and the client (HTTP, polling every 20 ms), and within the server's
      // duration around the engine's time (queueing, worker start, merge, compression, storage).
      const engineMs = result.elapsedMs / Math.min(workers, result.shards);
      const clientMs = wallMs - result.durationMs;
      const serverMs = result.durationMs - engineMs;
      line(`  outside: client, HTTP and polling`, `${(clientMs / 1000).toFixed(2)} s`);
      line(`  outside: server, around the engine`, `${(serverMs / 1000).toFixed(2)} s`);
      line(
        `  outside, as a share of engine time`,
        `${(((wallMs - engineMs) / engineMs) * 100).toFixed(0)} %`,
        paths === 10_000 ? 'target <= 30%' : '',
      );
    }
  } finally {
    await service.close();
  }
}
