import { ExactSum, QuantileSketch } from '../stats/index.js';
import { HeldShard } from './held-shard.js';
import { keepSmallestRanks } from './path-sample.js';
import { BinaryShardPart } from './shard-result-binary.js';
import {
  type DenseDistribution,
  emptyDistribution,
  emptySketch,
  JsonShardPart,
  readDistributionJson,
  readSketchJson,
  type ShardHead,
  type ShardPart,
} from './shard-part.js';
import {
  ANNUALISED_FACTORS,
  ECONOMY_FACTORS,
  SERIES_METRICS,
  type DistributionJson,
  type ExactSumJson,
  type MergedDistribution,
  type MergedDistributions,
  type MergedShards,
  type ShardResult,
  type SketchJson,
  type SketchReading,
} from './shard-result.js';

export type { MergedDistribution, MergedShards };

export function mergeSums(parts: ExactSumJson[]): ExactSumJson {
  return sumOf(parts).toJSON();
}

/** The sketch each merged JSON was written from, so that reading that JSON (the output's percentiles) does not decode it again. */
const mergedSketches = new WeakMap<SketchJson, SketchReading>();

/** Merges sketches in their JSON form (a comparison's stored batches), read and checked as a shard result's are. */
export function mergeSketches(parts: SketchJson[]): SketchJson {
  const sketch = QuantileSketch.mergedFromDense(parts.map((p) => readSketchJson(emptySketch(), p)));
  const json = sketch.toJSON();
  mergedSketches.set(json, sketch);
  return json;
}

/** The sketch of a sketch's JSON: the merge's own, if the merge wrote it (read only: it is not copied), else decoded. */
export function readSketch(json: SketchJson): SketchReading {
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

function sumOf(parts: ExactSumJson[]): ExactSum {
  const total = new ExactSum();
  for (const p of parts) total.merge(ExactSum.fromJSON(p));
  return total;
}

function distributionOf(parts: DistributionJson[]): MergedDistribution {
  return mergedDistribution(parts.map((p) => readDistributionJson(emptyDistribution(), p)));
}

/**
 * A shard result in any form: a shard's own held in memory (HeldShard), JSON, or binary (as stored,
 * shard-result-binary.ts).
 */
export type ShardResultInput = HeldShard | ShardResult | Uint8Array;

const partOf = (r: ShardResultInput): ShardPart => {
  if (r instanceof Uint8Array) return new BinaryShardPart(r);
  return r instanceof HeldShard ? r.part() : new JsonShardPart(r);
};

/** The next distribution of every part, merged. */
function nextDistribution(parts: readonly ShardPart[]): MergedDistribution {
  return mergedDistribution(parts.map((part) => part.nextDistribution()));
}

/** Distributions read as plain arrays, merged: the sketch from their bucket arrays, the sum from their partials. */
function mergedDistribution(read: readonly DenseDistribution[]): MergedDistribution {
  const sum = new ExactSum();
  for (const d of read) {
    // As ExactSum.fromJSON then merge: the same partials, so the same sum to the bit.
    const part = new ExactSum();
    for (let k = 0; k < d.partialCount; k++) part.add(d.partials[k]);
    sum.merge(part);
  }
  return { sketch: QuantileSketch.mergedFromDense(read), sum, unit: read[0].unit };
}

/** The distributions of the parts, merged into new sketches and sums, distribution by distribution. */
function mergeParts(parts: readonly ShardPart[], years: number): MergedDistributions {
  // The distributions in the parts' order (ShardPart).
  const next = () => nextDistribution(parts);
  const depletionAge = next();
  const terminalEstate = next();
  const series = SERIES_METRICS.map(() => [0, 1].map(() => Array.from({ length: years }, next)));
  const economy = ECONOMY_FACTORS.map(() => Array.from({ length: years }, next));
  const annualised = ANNUALISED_FACTORS.map(next);
  return { depletionAge, terminalEstate, series, economy, annualised };
}

/**
 * Merges shard results of one run into memory: associative and independent of order (counts add,
 * sums are exact, sketches merge exactly). The fan-in builds the output from this directly. Each
 * result is read once, distribution by distribution, into reused arrays (ShardPart), whichever
 * its form; the first held in memory (HeldShard) takes the others into its own accumulator, in
 * place, and holds the merge afterwards.
 */
export function mergeShards(results: readonly ShardResultInput[]): MergedShards {
  if (results.length === 0) throw new Error('no shard results to merge');
  const heldAt = results.findIndex((r) => r instanceof HeldShard);
  const held = heldAt >= 0 ? (results[heldAt] as HeldShard) : undefined;
  const parts = results.filter((_, i) => i !== heldAt).map(partOf);
  const heads = held ? [held.head, ...parts.map((part) => part.head)] : parts.map((part) => part.head);
  const first = heads[0];
  for (const r of heads) {
    if (
      r.years !== first.years ||
      r.engineVersion !== first.engineVersion ||
      r.goals.length !== first.goals.length ||
      r.members.length !== first.members.length
    ) {
      throw new Error('shard results come from different plans or engine versions');
    }
  }
  const Y = first.years;
  const pick = <T>(f: (r: ShardHead) => T): T[] => heads.map(f);
  const { depletionAge, terminalEstate, series, economy, annualised } = held ? held.mergeParts(parts) : mergeParts(parts, Y);
  return {
    engineVersion: first.engineVersion,
    years: Y,
    ranges: unionRanges(heads.flatMap((r) => r.ranges)),
    paths: pick((r) => r.paths).reduce((a, b) => a + b, 0),
    pathYears: pick((r) => r.pathYears).reduce((a, b) => a + b, 0),
    successes: pick((r) => r.successes).reduce((a, b) => a + b, 0),
    depletions: pick((r) => r.depletions).reduce((a, b) => a + b, 0),
    runningOut: pick((r) => r.runningOut).reduce((a, b) => a + b, 0),
    depletionAge,
    totalShortfall: sumOf(pick((r) => r.totalShortfall)),
    terminalEstate,
    ...(first.estateTax !== undefined ? { estateTax: sumOf(pick((r) => r.estateTax!)) } : {}),
    goals: first.goals.map((_, g) => ({
      due: heads.reduce((s, r) => s + r.goals[g].due, 0),
      achieved: heads.reduce((s, r) => s + r.goals[g].achieved, 0),
      fundedRatio: sumOf(heads.map((r) => r.goals[g].fundedRatio)),
    })),
    members: first.members.map((_, m) => ({
      halfYearsLived: heads.reduce((s, r) => s + r.members[m].halfYearsLived, 0),
      everDisabled: heads.reduce((s, r) => s + r.members[m].everDisabled, 0),
      everLongTermCare: heads.reduce((s, r) => s + r.members[m].everLongTermCare, 0),
      everUnemployed: heads.reduce((s, r) => s + r.members[m].everUnemployed, 0),
    })),
    running: addArrays(pick((r) => r.running)),
    depletedBy: addArrays(pick((r) => r.depletedBy)),
    memberYears: first.memberYears.map((_, m) => ({
      alive: addArrays(heads.map((r) => r.memberYears[m].alive)),
      disabled: addArrays(heads.map((r) => r.memberYears[m].disabled)),
      longTermCare: addArrays(heads.map((r) => r.memberYears[m].longTermCare)),
    })),
    series,
    economy,
    annualised,
    sample: keepSmallestRanks(heads.flatMap((r) => r.sample.map((s) => ({ ...s })))),
    ...(held?.runner ? { runner: held.runner } : {}),
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
  const { runner: _, estateTax, ...merged } = mergeShards(results);
  return {
    ...merged,
    depletionAge: distributionJson(merged.depletionAge),
    totalShortfall: merged.totalShortfall.toJSON(),
    terminalEstate: distributionJson(merged.terminalEstate),
    ...(estateTax !== undefined ? { estateTax: estateTax.toJSON() } : {}),
    goals: merged.goals.map((g) => ({ ...g, fundedRatio: g.fundedRatio.toJSON() })),
    series: merged.series.map((views) => views.map((years) => years.map(distributionJson))),
    economy: merged.economy.map((years) => years.map(distributionJson)),
    annualised: merged.annualised.map(distributionJson),
  };
}
