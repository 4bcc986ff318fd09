import { ExactSum, QuantileSketch } from '../stats/index.js';
import { keepSmallestRanks } from './path-sample.js';
import type { DistributionJson, ExactSumJson, ShardResult, ShardResultOf, SketchJson } from './shard-result.js';

export function mergeSums(parts: ExactSumJson[]): ExactSumJson {
  return sumOf(parts).toJSON();
}

/** The sketch each merged JSON was written from, so that reading that JSON (the output's percentiles) does not decode it again. */
const mergedSketches = new WeakMap<SketchJson, QuantileSketch>();

export function mergeSketches(parts: SketchJson[]): SketchJson {
  const sketch = QuantileSketch.mergedFromJSON(parts);
  const json = sketch.toJSON();
  mergedSketches.set(json, sketch);
  return json;
}

/** The sketch of a sketch's JSON: the merge's own, if the merge wrote it (read only: it is not copied), else decoded. */
export function readSketch(json: SketchJson): QuantileSketch {
  return mergedSketches.get(json) ?? QuantileSketch.fromJSON(json);
}

export function mergeDistributions(parts: DistributionJson[]): DistributionJson {
  return distributionJson(distributionOf(parts));
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

/** A merged distribution held in memory: its sketch and exact sum, never encoded unless the merge is written as JSON. */
export interface MergedDistribution {
  sketch: QuantileSketch;
  sum: ExactSum;
  unit: number;
}

/** Merged shard results held in memory: what the output is built from, with no JSON written and read back. */
export type MergedShards = ShardResultOf<MergedDistribution, ExactSum>;

function sumOf(parts: ExactSumJson[]): ExactSum {
  const total = new ExactSum();
  for (const p of parts) total.merge(ExactSum.fromJSON(p));
  return total;
}

function distributionOf(parts: DistributionJson[]): MergedDistribution {
  const sketch = QuantileSketch.mergedFromJSON(parts.map((p) => p.sketch));
  return { sketch, sum: sumOf(parts.map((p) => p.sum)), unit: parts[0].unit };
}

/**
 * Merges shard results of one run into memory: associative and independent of order (counts add,
 * sums are exact, sketches merge exactly). The fan-in builds the output from this directly.
 */
export function mergeShards(results: ShardResult[]): MergedShards {
  if (results.length === 0) throw new Error('no shard results to merge');
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
    depletionAge: distributionOf(pick((r) => r.depletionAge)),
    totalShortfall: sumOf(pick((r) => r.totalShortfall)),
    terminalEstate: distributionOf(pick((r) => r.terminalEstate)),
    goals: first.goals.map((_, g) => ({
      due: results.reduce((s, r) => s + r.goals[g].due, 0),
      achieved: results.reduce((s, r) => s + r.goals[g].achieved, 0),
      fundedRatio: sumOf(results.map((r) => r.goals[g].fundedRatio)),
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
      views.map((years, v) => years.map((_, t) => distributionOf(results.map((r) => r.series[k][v][t])))),
    ),
    economy: first.economy.map((years, f) => years.map((_, t) => distributionOf(results.map((r) => r.economy[f][t])))),
    annualised: first.annualised.map((_, f) => distributionOf(results.map((r) => r.annualised[f]))),
    sample: keepSmallestRanks(results.flatMap((r) => r.sample.map((s) => ({ ...s })))),
  };
}

function distributionJson(d: MergedDistribution): DistributionJson {
  const sketch = d.sketch.toJSON();
  mergedSketches.set(sketch, d.sketch);
  return { sketch, sum: d.sum.toJSON(), unit: d.unit };
}

/** Merges shard results of one run into a shard result (JSON, mergeable again); see mergeShards. */
export function mergeShardResults(results: ShardResult[]): ShardResult {
  if (results.length === 1) return results[0];
  const merged = mergeShards(results);
  return {
    ...merged,
    depletionAge: distributionJson(merged.depletionAge),
    totalShortfall: merged.totalShortfall.toJSON(),
    terminalEstate: distributionJson(merged.terminalEstate),
    goals: merged.goals.map((g) => ({ ...g, fundedRatio: g.fundedRatio.toJSON() })),
    series: merged.series.map((views) => views.map((years) => years.map(distributionJson))),
    economy: merged.economy.map((years) => years.map(distributionJson)),
    annualised: merged.annualised.map(distributionJson),
  };
}
