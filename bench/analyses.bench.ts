/**
 * Analyses through the local runtime, end to end: POST an analysis of
 * examples/young-family-mortgage.json at 10,000 paths and poll until it is COMPLETED (HTTP
 * server, dynalite, in-process queue, worker threads): a SPENDING solve (target: at most 3 s) and
 * a DIAGNOSE of the plan (target: at most 10 s). Prints the wall time beside its target, the
 * run's shards and engine time, the time the worker completing the set spent building the
 * document (the merge, a solver's last bisection and its check: the document's elapsedMs less the
 * shards'), the share of the wall time outside the engine (1 - (shard time / parallel workers +
 * build time) / wall), and the path-years the analysis simulated (from the document's metadata,
 * counting every trial).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { runToEnd, startBenchService } from './local-service.js';

const example = JSON.parse(readFileSync(new URL('../examples/young-family-mortgage.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

function line(label: string, value: string, target = ''): void {
  console.log(`  ${label}`.padEnd(56), value.padEnd(18), target);
}

const analyses = [
  { label: 'SPENDING solve', body: { type: 'SOLVE', lever: { type: 'SPENDING' } }, target: 'target <= 3 s' },
  { label: 'DIAGNOSE (the plan)', body: { type: 'DIAGNOSE' }, target: 'target <= 10 s' },
];

export async function run(): Promise<void> {
  const service = await startBenchService();
  try {
    const household = await service.call('POST', '/households', { name: 'Bench', currency: 'USD' });
    const scenario = await service.call('POST', `/households/${household.id}/scenarios`, example);
    const base = `/households/${household.id}/scenarios/${scenario.id}/analyses`;
    await runToEnd(service, base, { ...analyses[0].body, paths: 500, seed: 3 }); // warm up the worker threads
    const paths = Number(process.env.ANALYSES_BENCH_PATHS ?? 10_000);
    const workers = Number(process.env.LOCAL_WORKERS) || availableParallelism();
    for (const analysis of analyses) {
      const { run, wallMs } = await runToEnd(service, base, { ...analysis.body, paths, seed: 7 });
      const metadata = run.analysis.metadata;
      line(
        `${analysis.label}, ${paths.toLocaleString('en-US')} paths, POST to COMPLETED`,
        `${(wallMs / 1000).toFixed(2)} s`,
        analysis.target,
      );
      line(`  server-side duration (durationMs)`, `${(run.durationMs / 1000).toFixed(2)} s`);
      line(`  shards, workers`, `${run.shards}, ${Math.min(workers, run.shards)}`);
      const buildMs = metadata.elapsedMs - run.elapsedMs;
      const outside = 1 - (run.elapsedMs / Math.min(workers, run.shards) + buildMs) / wallMs;
      line(`  shard engine time (elapsedMs, summed)`, `${(run.elapsedMs / 1000).toFixed(2)} s`);
      line(`  building the document, one worker`, `${(buildMs / 1000).toFixed(2)} s`);
      line(`  share outside the engine`, `${(outside * 100).toFixed(1)} %`);
      line(`  paths simulated, every trial`, metadata.pathsSimulated.toLocaleString('en-US'));
      line(
        `  path-years`,
        metadata.simulatedPathYears.toLocaleString('en-US'),
        `${Math.round(metadata.simulatedPathYears / (wallMs / 1000)).toLocaleString('en-US')} path-years/s of wall time`,
      );
    }
  } finally {
    await service.close();
  }
}
