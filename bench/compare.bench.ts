/**
 * The comparison in process: examples/couple-near-retirement.json against the same plan with a
 * guardrails spending rule (the recorded comparison's pair), at 10,000 paths in one shard, a few
 * times. Prints the median time of the paired shard (`compareShard`, both plans simulated) and of
 * building the document from it (`buildComparison`, the bootstraps included), in one process on
 * the sources: a before/after ratio of these is what a change to the comparison is measured by.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { toHouseholdPlan, validateScenario } from '../shared/domain/scenario/index.js';
import { buildComparison, compareShard, type HouseholdPlan } from '../shared/engine/index.js';

function plan(patch: (doc: Record<string, any>) => void = () => {}): HouseholdPlan {
  const doc = JSON.parse(readFileSync(new URL('../examples/couple-near-retirement.json', import.meta.url), 'utf8'));
  patch(doc);
  const r = validateScenario(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return toHouseholdPlan(r.value);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<void> {
  const baseline = plan();
  const alternative = plan((d) => {
    d.strategy.spendingRule = { type: 'GUARDRAILS', badYearReturn: -0.1, cut: 0.1, floor: 0.8 };
  });
  const paths = Number(process.env.COMPARE_BENCH_PATHS ?? 10_000);
  const rounds = Number(process.env.COMPARE_BENCH_ROUNDS ?? 5);
  compareShard(baseline, alternative, 1, { pathStart: 0, pathCount: 500 }); // warm up
  const shardMs: number[] = [];
  const buildMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const shard = compareShard(baseline, alternative, 7 + r, { pathStart: 0, pathCount: paths });
    const t1 = performance.now();
    buildComparison(baseline, alternative, shard, { seed: 7 + r, shards: 1, elapsedMs: 0 });
    const t2 = performance.now();
    shardMs.push(t1 - t0);
    buildMs.push(t2 - t1);
  }
  const line = (label: string, value: string) => console.log(`  ${label}`.padEnd(56), value);
  line(`comparison, ${paths.toLocaleString('en-US')} paths, ${rounds} rounds`, '');
  line('  paired shard (compareShard), median', `${(median(shardMs) / 1000).toFixed(2)} s`);
  line('  building the document (buildComparison), median', `${(median(buildMs) / 1000).toFixed(2)} s`);
}
