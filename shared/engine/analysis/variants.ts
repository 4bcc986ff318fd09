/**
 * Plan variants run on the same paths as the base plan (SENSITIVITY, STRESS): per variant the
 * outcome counts, the paired sums against the base for success and depletion, and batch sketches
 * of the terminal estate, so that the merge gives each change with a paired standard error.
 */
import type { HouseholdPlan } from '../household/plan.js';
import { PathOutcomes, type EconomyShock } from '../household/path-runner.js';
import type { ShardRange } from '../output/simulate-shard.js';
import { QuantileSketch } from '../stats/index.js';
import type { SketchJSON } from '../stats/index.js';
import type { Estimate, PairedDifference, VariantOutcome } from './analysis-document.js';
import { bernoulliVariance, pairedDifference, pathsDifference } from './estimates.js';
import {
  bootstrapPairedDifferences,
  mergePairedAges,
  PairedAges,
  replicateStandardDeviation,
  type PairedAgesJson,
} from '../compare/paired-ages.js';
import { estateKey, estateValue } from '../compare/estate-buckets.js';
import type { RunnerPool } from './runner-pool.js';

/** Interleaved batches (path index mod VARIANT_BATCHES) of the terminal estate: the median reads them merged. */
export const VARIANT_BATCHES = 16;
/** Paths run per variant at a time: the base's outcomes for them are kept meanwhile. */
const VARIANT_CHUNK = 4096;

export interface Variant {
  key: string;
  build: () => { plan: HouseholdPlan; shock?: EconomyShock };
}

export interface VariantCounts {
  paths: number;
  successes: number;
  depletions: number;
  /** Paired sums of variant − base, per path: success (0/1) and depletion (0/1). */
  successD: [number, number];
  depletionD: [number, number];
  estate: SketchJSON[];
  depletionAge: SketchJSON;
  /** A variant's pairs (base, variant) of real terminal estates as bucket keys, counted, for a paired bootstrap of the median's change. */
  estatePairs?: PairedAgesJson;
}

class VariantAccumulator {
  paths = 0;
  successes = 0;
  depletions = 0;
  readonly successD: [number, number] = [0, 0];
  readonly depletionD: [number, number] = [0, 0];
  readonly estate = Array.from({ length: VARIANT_BATCHES }, () => new QuantileSketch());
  readonly depletionAge = new QuantileSketch();
  readonly estatePairs = new PairedAges();

  /** Path p, at position k of the variant's outcomes `sim` (and of the base's, for a variant). */
  add(p: number, sim: PathOutcomes, k: number, primaryAge0: number, base: PathOutcomes | null): void {
    const s = sim.success[k];
    const d = sim.depletionYear[k] >= 0 ? 1 : 0;
    this.paths++;
    this.successes += s;
    this.depletions += d;
    this.estate[p % VARIANT_BATCHES].add(sim.terminalEstateReal[k]);
    if (d === 1) this.depletionAge.add(primaryAge0 + sim.depletionYear[k]);
    if (base) {
      this.estatePairs.add(estateKey(base.terminalEstateReal[k]), estateKey(sim.terminalEstateReal[k]));
      const ds = s - base.success[k];
      const dd = d - (base.depletionYear[k] >= 0 ? 1 : 0);
      this.successD[0] += ds;
      this.successD[1] += ds * ds;
      this.depletionD[0] += dd;
      this.depletionD[1] += dd * dd;
    }
  }

  toJSON(): VariantCounts {
    return {
      paths: this.paths,
      successes: this.successes,
      depletions: this.depletions,
      successD: this.successD,
      depletionD: this.depletionD,
      estate: this.estate.map((e) => e.toJSON()),
      depletionAge: this.depletionAge.toJSON(),
      estatePairs: this.estatePairs.toJSON(),
    };
  }
}

/** Runs the base plan and every variant on each path of the range; index 0 of the result is the base. */
export function runVariants(pool: RunnerPool, plan: HouseholdPlan, variants: readonly Variant[], range: ShardRange): VariantCounts[] {
  const base = pool.runner('base', () => ({ plan }));
  const runners = variants.map((v) => pool.runner(v.key, v.build));
  const primaryAge0 = base.compiled.memberAge0[base.compiled.primary];
  const acc = [base, ...runners].map(() => new VariantAccumulator());
  // The range in chunks: the base's outcomes are kept while each variant runs the same paths.
  const paths = new Float64Array(VARIANT_CHUNK);
  const baseOut = new PathOutcomes(VARIANT_CHUNK, base.compiled.goalCount);
  for (let from = range.pathStart; from < range.pathStart + range.pathCount; from += VARIANT_CHUNK) {
    const count = Math.min(VARIANT_CHUNK, range.pathStart + range.pathCount - from);
    const chunk = paths.subarray(0, count);
    for (let k = 0; k < count; k++) chunk[k] = from + k;
    const out = pool.runBatch(base, chunk);
    baseOut.copyFrom(out, count);
    for (let k = 0; k < count; k++) acc[0].add(from + k, baseOut, k, primaryAge0, null);
    runners.forEach((r, v) => {
      const sim = pool.runBatch(r, chunk);
      for (let k = 0; k < count; k++) acc[v + 1].add(from + k, sim, k, primaryAge0, baseOut);
    });
  }
  return acc.map((a) => a.toJSON());
}

export function mergeVariantCounts(a: VariantCounts, b: VariantCounts): VariantCounts {
  const merge = (x: SketchJSON, y: SketchJSON) => {
    const s = QuantileSketch.fromJSON(x);
    s.merge(QuantileSketch.fromJSON(y));
    return s.toJSON();
  };
  return {
    paths: a.paths + b.paths,
    successes: a.successes + b.successes,
    depletions: a.depletions + b.depletions,
    successD: [a.successD[0] + b.successD[0], a.successD[1] + b.successD[1]],
    depletionD: [a.depletionD[0] + b.depletionD[0], a.depletionD[1] + b.depletionD[1]],
    estate: a.estate.map((e, i) => merge(e, b.estate[i])),
    depletionAge: merge(a.depletionAge, b.depletionAge),
    estatePairs: mergePairedAges([a.estatePairs ?? [], b.estatePairs ?? []]),
  };
}

function allEstates(v: VariantCounts): QuantileSketch {
  const s = new QuantileSketch();
  for (const e of v.estate) s.merge(QuantileSketch.fromJSON(e));
  return s;
}

const median = (s: QuantileSketch) => (s.count > 0 ? s.quantile(0.5) : 0);

export function variantOutcome(v: VariantCounts): VariantOutcome {
  const ages = QuantileSketch.fromJSON(v.depletionAge);
  return {
    success: v.paths > 0 ? v.successes / v.paths : 0,
    medianTerminalEstate: median(allEstates(v)),
    depletion: v.paths > 0 ? v.depletions / v.paths : 0,
    medianDepletionAge: ages.count > 0 ? ages.quantile(0.5) : null,
  };
}

/** The paired change in success and in depletion of a variant against the base. */
export function pairedChanges(base: VariantCounts, v: VariantCounts): { success: PairedDifference; depletion: PairedDifference } {
  const n = v.paths;
  const p = (k: number) => (n > 0 ? k / n : 0);
  return {
    success: pairedDifference(
      v.successD[0],
      v.successD[1],
      n,
      bernoulliVariance(p(base.successes), n) + bernoulliVariance(p(v.successes), n),
    ),
    depletion: pairedDifference(
      v.depletionD[0],
      v.depletionD[1],
      n,
      bernoulliVariance(p(base.depletions), n) + bernoulliVariance(p(v.depletions), n),
    ),
  };
}

/**
 * Change of the median terminal estate, with the standard error of a paired bootstrap of the
 * paths (compare/paired-ages.ts, drawing from the stream `stream` of the run's seed). Batch means
 * over the interleaved batches gave intervals that covered the truth about 90% of the time.
 */
export function medianEstateChange(base: VariantCounts, v: VariantCounts, seed: number, stream: string): Estimate {
  const change = median(allEstates(v)) - median(allEstates(base));
  const replicates = bootstrapPairedDifferences(v.estatePairs ?? [], [0.5], seed, stream, {
    counts: () => true,
    valueAt: estateValue,
    lowest: -Infinity,
  });
  return pathsDifference(change, replicateStandardDeviation(replicates.quantiles[0]) ?? 0, v.paths);
}
