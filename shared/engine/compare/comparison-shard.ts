import { ExactSum } from '../stats/index.js';
import type { HouseholdPlan } from '../household/plan.js';
import { BATCH_PATHS, PathRunner } from '../household/path-runner.js';
import type { HouseholdBatch } from '../household/household-batch.js';
import { MemberState } from '../life/life-path.js';
import { ShardAccumulator } from '../output/shard-accumulator.js';
import { inEconomySample } from '../output/economy-sample.js';
import { checkRange, forEachBatch, type ShardRange } from '../output/simulate-shard.js';
import { Distribution } from '../output/distribution.js';
import { MONEY_UNIT } from '../output/fixed-point-sum.js';
import type { DistributionJson, ExactSumJson, ShardResult } from '../output/shard-result.js';
import { ENGINE_VERSION } from '../version.js';
import { PairedAges, type PairedAgesJson } from './paired-ages.js';
import { estateKey } from './estate-buckets.js';
import { PairedYears, RealNetWorthRecorder, type PairedYearsJson } from './paired-years.js';

/**
 * Number of interleaved batches (path index mod BATCHES) for the paired standard errors of
 * figures that are not plain means (percentiles, ratios): fixed by path index, so they do not
 * depend on how the paths were sharded.
 */
export const BATCHES = 32;

/** Mean-type figures compared path by path, in this order; then per common member four more. */
export const PAIRED_MEANS = ['probabilityOfSuccess', 'probabilityOfDepletion', 'expectedShortfall', 'terminalEstate.mean'] as const;
export const PAIRED_MEMBER_MEANS = ['lifeExpectancy', 'probabilityDisabled', 'probabilityLongTermCare', 'probabilityUnemployed'] as const;

export interface BatchSide {
  depletions: number;
  /** The primary member's age at depletion, among the batch's depleted paths. */
  depletionAge: DistributionJson;
  /** Per goal (the side's own goal list): due, achieved, funded ratio sum. */
  goals: { due: number; achieved: number; fundedRatio: ExactSumJson }[];
}

export interface ComparisonShardResult {
  engineVersion: string;
  baseline: ShardResult;
  alternative: ShardResult;
  /** Members present in both scenarios (by id), whose figures are paired. */
  commonMembers: string[];
  /** Per paired figure: exact sums of d = alternative − baseline and of d². */
  pairedSums: { d: ExactSumJson; d2: ExactSumJson }[];
  batches: { baseline: BatchSide; alternative: BatchSide }[];
  /** Per path the pair (baseline, alternative) of the primary member's depletion ages, counted (paired-ages.ts). */
  depletionAges: PairedAgesJson;
  /** Per path the pair (baseline, alternative) of real terminal estates as bucket keys (estate-buckets.ts), counted. */
  terminalEstates: PairedAgesJson;
  /** Per year, the paired differences of real net worth, and the bootstrap's sample of paths (paired-years.ts). */
  pairedYears: PairedYearsJson;
  failedToSucceeded: number;
  succeededToFailed: number;
}

class Batch {
  depletions = 0;
  readonly depletionAge = new Distribution(MONEY_UNIT);
  readonly goalDue: number[];
  readonly goalAchieved: number[];
  readonly goalRatio: ExactSum[];
  constructor(goals: number) {
    this.goalDue = new Array(goals).fill(0);
    this.goalAchieved = new Array(goals).fill(0);
    this.goalRatio = Array.from({ length: goals }, () => new ExactSum());
  }
  /** Slot i of a batch that has run. */
  add(b: HouseholdBatch, i: number, primaryAge0: number): void {
    if (b.depletionYear[i] >= 0) {
      this.depletions++;
      this.depletionAge.add(primaryAge0 + b.depletionYear[i]);
    }
    for (let g = 0; g < this.goalDue.length; g++) {
      const at = g * b.capacity + i;
      if (b.goalCameDue[at] === 0) continue;
      this.goalDue[g]++;
      if (b.goalFull[at] === 1) this.goalAchieved[g]++;
      this.goalRatio[g].add(b.goalTarget[at] > 0 ? b.goalPaid[at] / b.goalTarget[at] : 1);
    }
  }
  toJSON(): BatchSide {
    return {
      depletions: this.depletions,
      depletionAge: this.depletionAge.toJSON(),
      goals: this.goalDue.map((due, g) => ({ due, achieved: this.goalAchieved[g], fundedRatio: this.goalRatio[g].toJSON() })),
    };
  }
}

const { DEAD, DISABLED, LTC } = MemberState;

/** Per-path values of the paired mean-type figures of slot i of a batch that has run, written into `out`. */
function pathFigures(b: HouseholdBatch, i: number, memberCount: number, members: number[], out: Float64Array): void {
  out[0] = b.success[i];
  out[1] = b.depletionYear[i] >= 0 ? 1 : 0;
  out[2] = b.totalShortfallReal[i];
  out[3] = b.terminalEstateReal[i];
  const Y = b.years;
  for (let k = 0; k < members.length; k++) {
    const life = b.lives[i * memberCount + members[k]];
    let dis = 0,
      ltc = 0,
      unemp = 0;
    for (let t = 0; t < Y; t++) {
      const st = life.state[t];
      if (st === DEAD) break;
      if (st === DISABLED) dis = 1;
      else if (st === LTC) ltc = 1;
      if (life.unemployed[t] === 1) unemp = 1;
    }
    const base = 4 + 4 * k;
    out[base] = life.deathYear >= 0 ? life.deathYear + 0.5 : Y;
    out[base + 1] = dis;
    out[base + 2] = ltc;
    out[base + 3] = unemp;
  }
}

/** Simulates both plans on the same seed and path indices (common random numbers), path by path. */
export function compareShard(baseline: HouseholdPlan, alternative: HouseholdPlan, seed: number, range: ShardRange): ComparisonShardResult {
  checkRange(range);
  const a = new PathRunner(baseline, seed);
  const b = new PathRunner(alternative, seed);
  const accA = new ShardAccumulator(a.compiled);
  const accB = new ShardAccumulator(b.compiled);
  const common = baseline.members.map((m) => m.id).filter((id) => alternative.members.some((x) => x.id === id));
  const idxA = common.map((id) => baseline.members.findIndex((m) => m.id === id));
  const idxB = common.map((id) => alternative.members.findIndex((m) => m.id === id));
  const F = PAIRED_MEANS.length + PAIRED_MEMBER_MEANS.length * common.length;
  const fa = new Float64Array(F);
  const fb = new Float64Array(F);
  const sumD = Array.from({ length: F }, () => new ExactSum());
  const sumD2 = Array.from({ length: F }, () => new ExactSum());
  const batchesA = Array.from({ length: BATCHES }, () => new Batch(baseline.goals.length));
  const batchesB = Array.from({ length: BATCHES }, () => new Batch(alternative.goals.length));
  const depletionAges = new PairedAges();
  const terminalEstates = new PairedAges();
  const recA = new RealNetWorthRecorder(accA);
  const recB = new RealNetWorthRecorder(accB);
  const pairedYears = new PairedYears(Math.max(a.compiled.years, b.compiled.years), BATCH_PATHS);
  let failedToSucceeded = 0;
  let succeededToFailed = 0;
  forEachBatch(range, (paths, count) => {
    // Each runner keeps its batch's results until its next batch: both sides are read path by path.
    recA.begin(BATCH_PATHS, a.compiled.years);
    const simA = a.runSlots(paths, 0, count, recA, inEconomySample);
    accA.addPaths(
      simA,
      count,
      (k) => paths[k],
      (k) => a.slotEconomyYears(k),
    );
    recB.begin(BATCH_PATHS, b.compiled.years);
    const simB = b.runSlots(paths, 0, count, recB, inEconomySample);
    accB.addPaths(
      simB,
      count,
      (k) => paths[k],
      (k) => b.slotEconomyYears(k),
    );
    for (let i = 0; i < count; i++) {
      const p = paths[i];
      batchesA[p % BATCHES].add(simA, i, a.compiled.memberAge0[a.compiled.primary]);
      pathFigures(simA, i, a.compiled.memberCount, idxA, fa);
      batchesB[p % BATCHES].add(simB, i, b.compiled.memberAge0[b.compiled.primary]);
      pathFigures(simB, i, b.compiled.memberCount, idxB, fb);
      for (let f = 0; f < F; f++) {
        const d = fb[f] - fa[f];
        sumD[f].add(d);
        sumD2[f].add(d * d);
      }
      depletionAges.add(
        simA.depletionYear[i] >= 0 ? a.compiled.memberAge0[a.compiled.primary] + simA.depletionYear[i] : -1,
        simB.depletionYear[i] >= 0 ? b.compiled.memberAge0[b.compiled.primary] + simB.depletionYear[i] : -1,
      );
      terminalEstates.add(estateKey(simA.terminalEstateReal[i]), estateKey(simB.terminalEstateReal[i]));
      if (fa[0] === 0 && fb[0] === 1) failedToSucceeded++;
      if (fa[0] === 1 && fb[0] === 0) succeededToFailed++;
    }
    pairedYears.addBatch(paths, count, recA, recB);
  });
  const ranges: [number, number][] = range.pathCount > 0 ? [[range.pathStart, range.pathCount]] : [];
  return {
    engineVersion: ENGINE_VERSION,
    baseline: accA.toJSON(ranges, ENGINE_VERSION),
    alternative: accB.toJSON(ranges, ENGINE_VERSION),
    commonMembers: common,
    pairedSums: sumD.map((d, f) => ({ d: d.toJSON(), d2: sumD2[f].toJSON() })),
    batches: batchesA.map((x, i) => ({ baseline: x.toJSON(), alternative: batchesB[i].toJSON() })),
    depletionAges: depletionAges.toJSON(),
    terminalEstates: terminalEstates.toJSON(),
    pairedYears: pairedYears.toJSON(),
    failedToSucceeded,
    succeededToFailed,
  };
}
