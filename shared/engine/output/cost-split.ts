import { inEconomySample } from './economy-sample.js';
import type { ShardRange } from './simulate-shard.js';

/**
 * How much more a path in the economy sample costs than one outside it, as a share of a path's
 * cost: its economy is generated over the whole horizon (not only while the household lasts) and
 * recorded. Measured on the young-family example (docs/PERFORMANCE.md); remeasure when generation
 * or recording changes, since it is the ratio of the two costs.
 */
export const ECONOMY_SAMPLE_COST = 0.45;

/**
 * Splits paths [0, paths) into `shards` contiguous ranges of near-equal cost, a path in the economy
 * sample counting 1 + ECONOMY_SAMPLE_COST: the sample is every path below 4,096 and then every
 * 16th, so equal counts of paths would give the first shard most of it, and the run would wait for
 * that shard. Each range holds at
 * least one path; any split gives the same output (shards merge exactly).
 */
export function splitPathsByCost(paths: number, shards: number): ShardRange[] {
  const k = Math.max(1, Math.min(shards, paths));
  const cost = (p: number) => (inEconomySample(p) ? 1 + ECONOMY_SAMPLE_COST : 1);
  let total = 0;
  for (let p = 0; p < paths; p++) total += cost(p);
  const out: ShardRange[] = [];
  let start = 0;
  let spent = 0;
  for (let i = 1; i < k; i++) {
    // The range ends where the cost so far first reaches i k-ths of the total, leaving a path for each later range.
    let end = start + 1;
    spent += cost(start);
    while (end < paths - (k - i) && spent + cost(end) / 2 < (total * i) / k) spent += cost(end++);
    out.push({ pathStart: start, pathCount: end - start });
    start = end;
  }
  out.push({ pathStart: start, pathCount: paths - start });
  return out;
}
