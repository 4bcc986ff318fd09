/**
 * A query over a run's lives through the local runtime, end to end, against the run itself:
 * simulate examples/young-family-mortgage.json at 10,000 paths (POST to COMPLETED), then POST a
 * three-condition query over its lives (an event, a metric at an age, an outcome) and poll it to
 * COMPLETED (HTTP server, dynalite, in-process queue, worker threads). Prints both wall times and
 * their ratio (target: the query in at most 1.5 times the run's time), each run's shards and
 * engine time. Alternates run and query three times, so load on a shared machine falls on both;
 * `QUERIES_BENCH_PATHS` changes the paths.
 */
import { readFileSync } from 'node:fs';
import { runToEnd, startBenchService } from './local-service.js';

const example = JSON.parse(readFileSync(new URL('../examples/young-family-mortgage.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

export const benchQuery = {
  where: {
    all: [
      { event: { type: 'JOB_LOSS', memberId: 'alex', toAge: 49 } },
      { metric: 'netWorth', atAge: 65, memberId: 'alex', gte: 250_000 },
      { not: { outcome: 'DEPLETED' } },
    ],
  },
  select: [
    { stat: 'probability', where: { outcome: 'SUCCEEDED' } },
    { stat: 'p50', metric: 'netWorth', atAge: 75, memberId: 'alex' },
    { stat: 'mean', metric: 'terminalEstate' },
  ],
  compareTo: 'rest',
};

function line(label: string, value: string, target = ''): void {
  console.log(`  ${label}`.padEnd(56), value.padEnd(18), target);
}

export async function run(): Promise<void> {
  const service = await startBenchService();
  try {
    const household = await service.call('POST', '/households', { name: 'Bench', currency: 'USD' });
    const scenario = await service.call('POST', `/households/${household.id}/scenarios`, example);
    const simulations = `/households/${household.id}/scenarios/${scenario.id}/simulations`;
    const paths = Number(process.env.QUERIES_BENCH_PATHS ?? 10_000);
    // Warm up the worker threads on both kinds of shard.
    const warm = await runToEnd(service, simulations, { paths: 2_000, seed: 3 });
    await runToEnd(service, `${simulations}/${warm.run.id}/queries`, benchQuery);
    const ratios: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const simulation = await runToEnd(service, simulations, { paths, seed: 7 + round });
      const query = await runToEnd(service, `${simulations}/${simulation.run.id}/queries`, benchQuery);
      const ratio = query.wallMs / simulation.wallMs;
      ratios.push(ratio);
      line(`round ${round}: ${paths.toLocaleString('en-US')}-path run, POST to COMPLETED`, `${(simulation.wallMs / 1000).toFixed(2)} s`);
      line(`  shards, engine time (summed)`, `${simulation.run.shards}, ${(simulation.run.elapsedMs / 1000).toFixed(2)} s`);
      line(`round ${round}: three-condition query, POST to COMPLETED`, `${(query.wallMs / 1000).toFixed(2)} s`);
      line(`  shards, engine time (summed)`, `${query.run.shards}, ${(query.run.elapsedMs / 1000).toFixed(2)} s`);
      line(`  lives matched`, `${query.run.answer.matched} of ${query.run.answer.lives}`);
      line(`  query / run`, ratio.toFixed(2), 'target <= 1.5');
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    line('median query / run', sorted[1].toFixed(2), 'target <= 1.5');
  } finally {
    await service.close();
  }
}
