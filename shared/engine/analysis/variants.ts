/**
 * Plan variants run on the same paths as the base plan (SENSITIVITY, STRESS): per variant the
 * outcome counts, the paired sums against the base for success and depletion, and batch sketches
 * of the terminal estate, so that the merge gives each change with a paired standard error.
 */
import type { HouseholdPathSimulator } from '../household/household-path.js';
import type { HouseholdPlan } from '../household/plan.js';
import type { EconomyShock } from '../household/path-runner.js';
import type { ShardRange } from '../output/simulate-shard.js';
import { QuantileSketch } from '../stats/index.js';
import type { SketchJSON } from '../stats/index.js';
import type { Estimate, PairedDifference, VariantOutcome } from './analysis-document.js';
import { batchMeansDifference, bernoulliVariance, pairedDifference } from './estimates.js';
import type { RunnerPool } from './runner-pool.js';

/** Interleaved batches (path index mod VARIANT_BATCHES) for the batch-means error of median changes. */
export const VARIANT_BATCHES = 16;

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
}

class VariantAccumulator {
  paths = 0;
  successes = 0;
  depletions = 0;
  readonly successD: [number, number] = [0, 0];
  readonly depletionD: [number, number] = [0, 0];
  readonly estate = Array.from({ length: VARIANT_BATCHES }, () => new QuantileSketch());
  readonly depletionAge = new QuantileSketch();

  add(p: number, sim: HouseholdPathSimulator, primaryAge0: number, base: HouseholdPathSimulator | null): void {
    const s = sim.success ? 1 : 0;
    const d = sim.depletionYear >= 0 ? 1 : 0;
    this.paths++;
    this.successes += s;
    this.depletions += d;
    this.estate[p % VARIANT_BATCHES].add(sim.terminalEstateReal);
    if (d === 1) this.depletionAge.add(primaryAge0 + sim.depletionYear);
    if (base) {
      const ds = s - (base.success ? 1 : 0);
      const dd = d - (base.depletionYear >= 0 ? 1 : 0);
      this.successD[0] += ds; this.successD[1] += ds * ds;
      this.depletionD[0] += dd; this.depletionD[1] += dd * dd;
    }
  }

  toJSON(): VariantCounts {
    return {
      paths: this.paths, successes: this.successes, depletions: this.depletions,
      successD: this.successD, depletionD: this.depletionD,
      estate: this.estate.map((e) => e.toJSON()), depletionAge: this.depletionAge.toJSON(),
    };
  }
}

/** Runs the base plan and every variant on each path of the range; index 0 of the result is the base. */
export function runVariants(pool: RunnerPool, plan: HouseholdPlan, variants: readonly Variant[], range: ShardRange): VariantCounts[] {
  const base = pool.runner('base', () => ({ plan }));
  const runners = variants.map((v) => pool.runner(v.key, v.build));
  const primaryAge0 = base.compiled.memberAge0[base.compiled.primary];
  const acc = [base, ...runners].map(() => new VariantAccumulator());
  for (let p = range.pathStart; p < range.pathStart + range.pathCount; p++) {
    const baseSim = pool.run(base, p);
    acc[0].add(p, baseSim, primaryAge0, null);
    // The base path's figures are read before the next run reuses no buffer of its: each runner owns its simulator.
    runners.forEach((r, k) => acc[k + 1].add(p, pool.run(r, p), primaryAge0, baseSim));
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
    success: pairedDifference(v.successD[0], v.successD[1], n, bernoulliVariance(p(base.successes), n) + bernoulliVariance(p(v.successes), n)),
    depletion: pairedDifference(v.depletionD[0], v.depletionD[1], n, bernoulliVariance(p(base.depletions), n) + bernoulliVariance(p(v.depletions), n)),
  };
}

/** Change of the median terminal estate, with a batch-means standard error over the interleaved batches. */
export function medianEstateChange(base: VariantCounts, v: VariantCounts): Estimate {
  const diffs: number[] = [];
  for (let b = 0; b < VARIANT_BATCHES; b++) {
    const x = QuantileSketch.fromJSON(v.estate[b]);
    const y = QuantileSketch.fromJSON(base.estate[b]);
    if (x.count > 0 && y.count > 0) diffs.push(x.quantile(0.5) - y.quantile(0.5));
  }
  return batchMeansDifference(median(allEstates(v)) - median(allEstates(base)), diffs);
}
