import type { SampledPath } from './shard-result.js';
import { fmix32 } from '../random/index.js';

/** How many paths every shard keeps (and the merge keeps) for re-simulation as `lives`. */
export const SAMPLE_SIZE = 400;

/**
 * A path's rank in a fixed pseudo-random order of path indices (a bijective integer hash). The
 * sample is the SAMPLE_SIZE paths of smallest rank among those simulated, so it does not depend
 * on how the paths were split into shards: merging keeps the smallest ranks of the union.
 */
export function sampleRank(pathIndex: number): number {
  return fmix32((pathIndex ^ 0x9e3779b9) >>> 0);
}

export function keepSmallestRanks(sample: SampledPath[]): SampledPath[] {
  sample.sort((a, b) => a.rank - b.rank || a.pathIndex - b.pathIndex);
  const out: SampledPath[] = [];
  for (const s of sample) {
    if (out.length > 0 && out[out.length - 1].pathIndex === s.pathIndex) continue;
    out.push(s);
    if (out.length === SAMPLE_SIZE) break;
  }
  return out;
}
