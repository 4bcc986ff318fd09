/**
 * Runs through the local runtime, end to end: POST a simulation of examples/young-family-mortgage.json
 * and wait until it is COMPLETED (HTTP server, dynalite, in-process queue, worker threads), for
 * 10,000 and 100,000 paths. Prints the wall time (target: 10,000 paths under 1.5 s), the shards,
 * and the share of the wall time spent outside the engine (queueing, storing, merging; target at
 * 100,000 paths: at most 15%). Engine time is the run's `elapsedMs` (summed over shards) spread
 * over the workers that ran in parallel: outside = 1 - (elapsedMs / min(workers, shards)) / wall.
 * The time outside the engine, as a share of engine time (target at 10,000 paths: at most 30%),
 * is broken down from the shard workers' log lines (bench/shard-log.ts) into the steps of the
 * critical path; the steps and the engine time per worker add up to the wall time.
 * Each size runs RUNS_BENCH_REPEAT times (default 5 up to 10,000 paths, else 1) after a warm-up
 * run; the breakdown shown is the run with the median share. The client waits with GETs of the run
 * with `?wait=20`, re-issued while the run has not ended: the server re-reads the run item every
 * 25 ms, and at once when the worker thread that ended the run hints so (shared/domain/runs/run-wait.ts),
 * so the last step is the hint, the re-read and the answer.
 * Also measures the engine's single-core speed on the example, which sets the inline budget.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { inlinePathYears, shardPathYears } from '../shared/domain/runs/limits.js';
import { toHouseholdPlan, validateScenario } from '../shared/domain/scenario/index.js';
import { simulateShard } from '../shared/engine/index.js';
import { runToEnd, startBenchService, WAIT_SECONDS } from './local-service.js';
import { captureShardLog, type ShardLine } from './shard-log.js';

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

/**
 * The time outside the engine on a run's critical path, step by step (ms); with the engine time per
 * worker they add up to the wall time.
 */
function breakdown(lines: ShardLine[], run: Record<string, any>, postedAt: number, wallMs: number, engineMs: number, parallel: number) {
  const sum = (pick: (line: ShardLine) => number | undefined) => lines.reduce((total, line) => total + (pick(line) ?? 0), 0);
  const busy = (line: ShardLine) =>
    (line.loadMs ?? 0) + (line.engineMs ?? 0) + (line.waitMs ?? 0) + (line.storeMs ?? 0) + (line.joinMs ?? 0);
  const fanIn = (line: ShardLine) =>
    (line.readMs ?? 0) + (line.mergeMs ?? 0) + (line.outputMs ?? 0) + (line.completeMs ?? 0) + (line.cleanupMs ?? 0);
  const completing = lines.find((line) => line.outcome === 'COMPLETED_RUN') as ShardLine;
  const firstStart = Math.min(...lines.map((line) => line.time - busy(line) - fanIn(line)));
  // The fan-in is placed by the run's completedAt (taken as the output was stored, before the run is
  // marked COMPLETED) rather than by the line's time, which a worker writes some time after.
  const outputStored = Date.parse(run.completedAt);
  const lastJoin = outputStored - (completing.readMs ?? 0) - (completing.mergeMs ?? 0) - (completing.outputMs ?? 0);
  const completed = outputStored + (completing.completeMs ?? 0);
  const perWorker = (pick: (line: ShardLine) => number | undefined) => sum(pick) / parallel;
  const steps: Record<string, number> = {
    'POST until the first shard starts': firstStart - postedAt,
    'shard: run and input read (per worker)': perWorker((line) => line.loadMs),
    'shard: waited for the others (per worker)': perWorker((line) => line.waitMs),
    'shard: result stored (per worker)': perWorker((line) => line.storeMs),
    'shard: joined to the run (per worker)': perWorker((line) => line.joinMs),
    'waiting for the slower worker': lastJoin - firstStart - sum(busy) / parallel,
    'fan-in: shard results read back': completing.readMs ?? 0,
    'fan-in: merge, output built': completing.mergeMs ?? 0,
    'fan-in: output stored': completing.outputMs ?? 0,
    'fan-in: run marked COMPLETED': completing.completeMs ?? 0,
    [`client sees it (GET with wait=${WAIT_SECONDS})`]: postedAt + wallMs - completed,
  };
  return { steps, outside: wallMs - engineMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

export async function run(): Promise<void> {
  // The workers log one line per shard at info; the capture keeps those and drops the other info lines.
  process.env.LOG_LEVEL = 'info';
  const shardLog = captureShardLog();
  const speed = engineSpeed();
  line('Node.js, load average (1 min)', `${process.version}, ${loadavg()[0].toFixed(2)}`);
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
      const { run, wallMs, postedAt } = await runToEnd(service, base, { paths, seed: 7 });
      const parallel = Math.min(workers, run.shards);
      const engineMs = run.elapsedMs / parallel;
      const lines = await shardLog.ofRun(run.id);
      const shardEngineMs = lines
        .filter((l) => l.engineMs !== undefined)
        .sort((a, b) => a.shard - b.shard)
        .map((l) => l.engineMs);
      return { run, wallMs, parallel, engineMs, shardEngineMs, ...breakdown(lines, run, postedAt, wallMs, engineMs, parallel) };
    };

    await timedRun(2_000); // warm up the worker threads
    // RUNS_BENCH_PATHS=10000 (comma-separated) runs only the sizes named.
    const sizes = (process.env.RUNS_BENCH_PATHS ?? '10000,100000').split(',').map(Number);
    for (const paths of sizes) {
      const repeat = Number(process.env.RUNS_BENCH_REPEAT) || (paths <= 10_000 ? 5 : 1);
      const runs: Awaited<ReturnType<typeof timedRun>>[] = [];
      for (let i = 0; i < repeat; i++) runs.push(await timedRun(paths));
      const ratios = runs.map((r) => r.outside / r.engineMs);
      const shown = runs[ratios.indexOf(median(ratios))];
      const { run: result, wallMs, engineMs, parallel } = shown;
      const target = paths === 10_000 ? 'target < 1.5 s' : paths === 100_000 ? 'target outside <= 15%' : '';
      line(`${paths.toLocaleString('en-US')} paths, runs`, `${repeat}, the median shown`, `load ${loadavg()[0].toFixed(2)}`);
      line(`  POST to COMPLETED`, `${(wallMs / 1000).toFixed(2)} s`, paths === 10_000 ? target : '');
      line(`  server-side duration (durationMs)`, `${(result.durationMs / 1000).toFixed(2)} s`);
      line(`  shards, workers`, `${result.shards}, ${parallel}`);
      line(`  engine time (elapsedMs, summed)`, `${(result.elapsedMs / 1000).toFixed(2)} s`);
      line(`  engine time per worker`, `${Math.round(engineMs)} ms`);
      // Shards of unequal cost leave one worker waiting for the other (splitPathsByCost).
      line(`  engine time by shard`, `${shown.shardEngineMs.map((ms) => Math.round(ms ?? 0)).join(', ')} ms`);
      line(`  share of wall time outside the engine`, `${((1 - engineMs / wallMs) * 100).toFixed(1)} %`, paths === 100_000 ? target : '');
      line(`  outside the engine, by step`, 'ms, % of engine time');
      for (const [step, ms] of Object.entries(shown.steps)) {
        line(`    ${step}`, `${Math.round(ms)} ms, ${((ms / engineMs) * 100).toFixed(1)} %`);
      }
      line(`  outside the engine, in all`, `${Math.round(shown.outside)} ms`);
      line(
        `  outside, as a share of engine time`,
        `${(ratios[runs.indexOf(shown)] * 100).toFixed(0)} % (runs: ${ratios.map((r) => (r * 100).toFixed(0)).join(', ')})`,
        paths === 10_000 ? 'target <= 30%' : '',
      );
    }
  } finally {
    await service.close();
    shardLog.stop();
  }
}
