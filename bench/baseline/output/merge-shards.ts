import { ExactSum, QuantileSketch } from '../stats/index.js';
import { keepSmallestRanks } from './path-sample.js';
import type { DistributionJson, ExactSumJson, ShardResult, SketchJson } from './shard-result.js';

export function mergeSums(parts: ExactSumJson[]): ExactSumJson {
  const total = new ExactSum();
  for (const p of parts) total.merge(ExactSum.fromJSON(p));
  return total.toJSON();
}

export function mergeSketches(parts: SketchJson[]): SketchJson {
  const sketch = QuantileSketch.fromJSON(parts[0]);
  for (let i = 1; i < parts.length; i++) sketch.merge(QuantileSketch.fromJSON(parts[i]));
  return sketch.toJSON();
}

export function mergeDistributions(parts: DistributionJson[]): DistributionJson {
  return { sketch: mergeSketches(parts.map((p) => p.sketch)), sum: mergeSums(parts.map((p) => p.sum)), unit: parts[0].unit };
}

/** Sorted, coalesced union of path ranges; overlapping shards would count paths twice, so they are refused. */
export function unionRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].filter((r) => r[1] > 0).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, count] of sorted) {
    const last = out[out.length - 1];
    if (last && start < last[0] + last[1]) throw new Error(`shards overlap at path ${start}`);
    if (last && start === last[0] + last[1]) last[1] += count;
    else out.push([start, count]);
  }
  return out;
}

const addArrays = (arrays: number[][]): number[] => arrays[0].map((_, i) => arrays.reduce((s, a) => s + a[i], 0));

/** Merges shard results of one run: associative and independent of order (counts add, sums are exact, sketches merge exactly). */
export function mergeShardResults(results: ShardResult[]): ShardResult {
  if (results.length === 0) throw new Error('no shard results to merge');
  if (results.length === 1) return results[0];
  const first = results[0];
  for (const r of results) {
    if (
      r.years !== first.years ||
      r.engineVersion !== first.engineVersion ||
      r.goals.length !== first.goals.length ||
      r.members.length !== first.members.length
    ) {
      throw new Error('shard results come from different plans or engine versions');
    }
  }
  const pick = <T>(f: (r: ShardResult) => T): T[] => results.map(f);
  return {
    engineVersion: first.engineVersion,
    years: first.years,
    ranges: unionRanges(results.flatMap((r) => r.ranges)),
    paths: pick((r) => r.paths).reduce((a, b) => a + b, 0),
    pathYears: pick((r) => r.pathYears).reduce((a, b) => a + b, 0),
    successes: pick((r) => r.successes).reduce((a, b) => a + b, 0),
    depletions: pick((r) => r.depletions).reduce((a, b) => a + b, 0),
    depletionAge: mergeDistributions(pick((r) => r.depletionAge)),
    totalShortfall: mergeSums(pick((r) => r.totalShortfall)),
    terminalEstate: mergeDistributions(pick((r) => r.terminalEstate)),
    goals: first.goals.map((_, g) => ({
      due: results.reduce((s, r) => s + r.goals[g].due, 0),
      achieved: results.reduce((s, r) => s + r.goals[g].achieved, 0),
      fundedRatio: mergeSums(results.map((r) => r.goals[g].fundedRatio)),
    })),
    members: first.members.map((_, m) => ({
      halfYearsLived: results.reduce((s, r) => s + r.members[m].halfYearsLived, 0),
      everDisabled: results.reduce((s, r) => s + r.members[m].everDisabled, 0),
      everLongTermCare: results.reduce((s, r) => s + r.members[m].everLongTermCare, 0),
      everUnemployed: results.reduce((s, r) => s + r.members[m].everUnemployed, 0),
    })),
    running: addArrays(pick((r) => r.running)),
    depletedBy: addArrays(pick((r) => r.depletedBy)),
    memberYears: first.memberYears.map((_, m) => ({
      alive: addArrays(results.map((r) => r.memberYears[m].alive)),
      disabled: addArrays(results.map((r) => r.memberYears[m].disabled)),
      longTermCare: addArrays(results.map((r) => r.memberYears[m].longTermCare)),
    })),
    series: first.series.map((views, k) =>
      views.map((years, v) => years.map((_, t) => mergeDistributions(results.map((r) => r.series[k][v][t])))),
    ),
    economy: first.economy.map((years, f) => years.map((_, t) => mergeDistributions(results.map((r) => r.economy[f][t])))),
    annualised: first.annualised.map((_, f) => mergeDistributions(results.map((r) => r.annualised[f]))),
    sample: keepSmallestRanks(results.flatMap((r) => r.sample.map((s) => ({ ...s })))),
  };
}
