import { ExactSum } from '../stats/index.js';
import type { EconomyPath } from '../economy/economy-path.js';
import { MemberState, type MemberLifePath } from '../life/life-path.js';
import type { CompiledPlan } from '../household/compiled-plan.js';
import type { HouseholdBatch, YearRecorder } from '../household/household-batch.js';
import { MONEY_UNIT, RATE_UNIT } from './fixed-point-sum.js';
import { Distribution } from './distribution.js';
import { DistributionGrid } from './distribution-grid.js';
import { EconomyStage } from './economy-stage.js';
import { inEconomySample } from './economy-sample.js';
import { keepSmallestRanks, sampleRank, SAMPLE_SIZE } from './path-sample.js';
import {
  type DenseDistribution,
  emptyDistribution,
  type InGrid,
  readDistributionJson,
  type ShardHead,
  type ShardPart,
} from './shard-part.js';
import {
  ANNUALISED_FACTORS,
  ECONOMY_FACTORS,
  SERIES_METRICS,
  type MergedDistribution,
  type MergedDistributions,
  type SampledPath,
  type ShardResult,
} from './shard-result.js';

const { HEALTHY, DEAD, DISABLED, LTC } = MemberState;

const SERIES_SLOTS = SERIES_METRICS.length * 2;
/** Per series metric, 1 for an end-of-year balance (deflated by cpi[t + 1]), 0 for a flow during the year (by cpi[t]). */
const IS_BALANCE = Uint8Array.from(SERIES_METRICS, (m) => (m === 'netWorth' || m === 'liquidAssets' ? 1 : 0));
const NET_WORTH = 2 * SERIES_METRICS.indexOf('netWorth');
const LIQUID_ASSETS = 2 * SERIES_METRICS.indexOf('liquidAssets');
/**
 * Per series slot (metric * 2 + view), the slot whose values it often repeats on every path: a
 * real view its nominal one (while prices have not moved), liquid assets net worth in the same
 * view (while nothing is illiquid); -1 for none. Sources come before their followers.
 */
const FOLLOWS = Int8Array.from({ length: SERIES_SLOTS }, (_, slot) => {
  if (slot === LIQUID_ASSETS || slot === LIQUID_ASSETS + 1) return slot - LIQUID_ASSETS + NET_WORTH;
  return (slot & 1) === 1 ? slot - 1 : -1;
});

const grid = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

/**
 * A year's values of the n running slots in running order: `bySlot` itself when the running slots
 * are the first n (`dense`: no path of the batch has ended yet), else gathered into `out`.
 */
function inRunningOrder(bySlot: Float64Array, act: Int32Array, n: number, dense: boolean, out: Float64Array): Float64Array {
  if (dense) return bySlot;
  for (let k = 0; k < n; k++) out[k] = bySlot[act[k]];
  return out;
}

/** Whether the first n values are all exactly 1. */
function allOne(values: Float64Array, n: number): boolean {
  for (let k = 0; k < n; k++) if (values[k] !== 1) return false;
  return true;
}

/**
 * Folds simulated paths into a shard's counts, sums and sketches: each year of a batch as it is
 * simulated (`recordYear`, one call per year with every running path's figures), then each path's
 * own figures once the batch has run (`addPaths`). Sketches and sums do not depend on the order
 * values arrive in, so any batching gives the same results.
 */
export class ShardAccumulator implements YearRecorder {
  private paths = 0;
  private pathYears = 0;
  private successes = 0;
  private depletions = 0;
  private runningOut = 0;
  private readonly depletionAge = new Distribution(MONEY_UNIT);
  private readonly totalShortfall = new ExactSum();
  private readonly terminalEstate = new Distribution(MONEY_UNIT);
  private readonly estateTax = new ExactSum();
  private readonly goalDue: number[];
  private readonly goalAchieved: number[];
  private readonly goalRatio: ExactSum[];
  private readonly halfYearsLived: number[];
  private readonly everDisabled: number[];
  private readonly everCare: number[];
  private readonly everUnemployed: number[];
  private readonly running: number[];
  private readonly depletedBy: number[];
  /** aliveUntil[m][end]: paths on which member m was alive in years [0, end) (dead from `end` on, or to the horizon). */
  private readonly aliveUntil: number[][];
  private readonly disabled: number[][];
  private readonly care: number[][];
  /** Distribution (metric * 2 + view) * years + t. */
  private readonly series: DistributionGrid;
  /** Distribution factor * years + t. */
  private readonly economy: DistributionGrid;
  /** The economy sample's factors on their way into `economy`, folded many paths at a time. */
  private readonly economyStage: EconomyStage;
  private readonly annualised: Distribution[];
  private sample: SampledPath[] = [];
  /**
   * following[slot * Y + t] = 1 while every path so far had the same value in year t for the slot
   * as for the slot it FOLLOWS: its values are then not folded, and its distribution is its
   * source's (copied when the first batch with another value arrives). Flows in year 0
   * (cpi[0] = 1), plans without inflation and households without illiquid wealth thus pay for
   * fewer distributions.
   */
  private readonly following: Uint8Array;
  /** One year's values of the running paths, per series slot, in running order. */
  private readonly values: Float64Array[] = [];
  private sampleThreshold = Infinity;

  constructor(private readonly c: CompiledPlan) {
    const Y = c.years;
    const M = c.memberCount;
    const G = c.goalCount;
    this.goalDue = new Array(G).fill(0);
    this.goalAchieved = new Array(G).fill(0);
    this.goalRatio = grid(G, () => new ExactSum());
    this.halfYearsLived = new Array(M).fill(0);
    this.everDisabled = new Array(M).fill(0);
    this.everCare = new Array(M).fill(0);
    this.everUnemployed = new Array(M).fill(0);
    this.running = new Array(Y).fill(0);
    this.depletedBy = new Array(Y).fill(0);
    this.aliveUntil = grid(M, () => new Array(Y + 1).fill(0));
    this.disabled = grid(M, () => new Array(Y).fill(0));
    this.care = grid(M, () => new Array(Y).fill(0));
    this.series = new DistributionGrid(SERIES_SLOTS * Y, MONEY_UNIT);
    this.economy = new DistributionGrid(ECONOMY_FACTORS.length * Y, RATE_UNIT);
    this.economyStage = new EconomyStage(this.economy, Y);
    this.annualised = grid(ANNUALISED_FACTORS.length, () => new Distribution(RATE_UNIT));
    this.following = new Uint8Array(SERIES_SLOTS * Y);
    for (let slot = 0; slot < SERIES_SLOTS; slot++) if (FOLLOWS[slot] >= 0) this.following.fill(1, slot * Y, (slot + 1) * Y);
  }

  /** The slot whose distribution year t of `slot` has: itself, or the first source up its chain that no longer follows. */
  private holder(slot: number, t: number): number {
    const Y = this.c.years;
    while (this.following[slot * Y + t] === 1) slot = FOLLOWS[slot];
    return slot;
  }

  /** Buffers of one year's values per series slot, and of the inverse price indices, for `size` paths. */
  private valueBuffers(size: number): Float64Array[] {
    if (this.values.length === 0 || this.values[0].length < size) {
      this.values.length = 0;
      for (let slot = 0; slot < SERIES_SLOTS; slot++) this.values.push(new Float64Array(size));
      this.inverseCpi = [new Float64Array(size), new Float64Array(size)];
    }
    return this.values;
  }

  /** Per deflator (0: the year's start, 1: its end), 1 / the price index of each running path, in running order. */
  private inverseCpi: Float64Array[] = [];
  /** Per series slot, the buffer holding its values this year: its own, or its nominal view's while prices have not moved. */
  private readonly slotValues: Float64Array[] = new Array(SERIES_SLOTS);

  /**
   * Year t of a batch: each series slot's values on the running paths (nominal, and real by the
   * year's price index), folded in one call per distribution.
   */
  recordYear(t: number, batch: HouseholdBatch): void {
    const Y = this.c.years;
    const n = batch.activeCount;
    const act = batch.active;
    const values = this.valueBuffers(batch.capacity);
    this.running[t] += n;
    // The running slots are ascending, so the last is n - 1 only when they are 0 … n - 1.
    const dense = act[n - 1] === n - 1;
    const deflators = [
      inRunningOrder(batch.inverseCpiStart, act, n, dense, this.inverseCpi[0]),
      inRunningOrder(batch.inverseCpiEnd, act, n, dense, this.inverseCpi[1]),
    ];
    // Where no running path's prices have moved (every flow in year 0, every figure of a plan
    // without inflation), a real value is its nominal one times 1 exactly, so the nominal buffer
    // serves both views.
    const unmoved = [allOne(deflators[0], n), allOne(deflators[1], n)];
    const metrics = [batch.netWorth, batch.liquidAssets, batch.income, batch.spending, batch.shortfall, batch.taxes];
    const slotValues = this.slotValues;
    for (let m = 0; m < SERIES_METRICS.length; m++) {
      const nominal = inRunningOrder(metrics[m], act, n, dense, values[2 * m]);
      slotValues[2 * m] = nominal;
      if (unmoved[IS_BALANCE[m]]) {
        slotValues[2 * m + 1] = nominal;
        continue;
      }
      const real = values[2 * m + 1];
      const inverse = deflators[IS_BALANCE[m]];
      for (let k = 0; k < n; k++) real[k] = nominal[k] * inverse[k];
      slotValues[2 * m + 1] = real;
    }
    // A follower that differs from its source on some path of the batch stops following: it takes
    // a copy of its holder's distribution as it was before this batch (sources come first).
    const following = this.following;
    for (let slot = 0; slot < SERIES_SLOTS; slot++) {
      const d = slot * Y + t;
      if (following[d] === 0) continue;
      const own = slotValues[slot];
      const source = slotValues[FOLLOWS[slot]];
      if (own === source) continue;
      let k = 0;
      while (k < n && own[k] === source[k]) k++;
      if (k === n) continue;
      this.series.copy(this.holder(slot, t) * Y + t, d);
      following[d] = 0;
    }
    for (let slot = 0; slot < SERIES_SLOTS; slot++) {
      const d = slot * Y + t;
      if (following[d] === 0) this.series.addBatch(d, slotValues[slot], 0, n);
    }
  }

  /**
   * Each path's own figures after its batch ran: outcome, goals, lives, the economy of paths in the
   * economy sample (`economyYears(k)` years of economy were generated for slot k) and the path sample.
   */
  addPaths(batch: HouseholdBatch, count: number, pathIndex: (k: number) => number, economyYears: (k: number) => number): void {
    const c = this.c;
    const Y = c.years;
    const M = c.memberCount;
    const B = batch.capacity;
    for (let i = 0; i < count; i++) {
      const T = batch.yearsRun[i];
      const depletionYear = batch.depletionYear[i];
      this.paths++;
      this.pathYears += T;
      if (batch.success[i] === 1) this.successes++;
      if (depletionYear >= 0) {
        this.depletions++;
        this.runningOut += batch.ranOut[i];
        this.depletionAge.add(c.memberAge0[c.primary] + depletionYear);
        for (let t = depletionYear; t < Y; t++) this.depletedBy[t]++;
      }
      this.totalShortfall.add(batch.totalShortfallReal[i]);
      this.terminalEstate.add(batch.terminalEstateReal[i]);
      this.estateTax.add(batch.estateTaxReal[i]);
      for (let g = 0; g < c.goalCount; g++) {
        const at = g * B + i;
        if (batch.goalCameDue[at] === 0) continue;
        this.goalDue[g]++;
        if (batch.goalFull[at] === 1) this.goalAchieved[g]++;
        this.goalRatio[g].add(batch.goalTarget[at] > 0 ? batch.goalPaid[at] / batch.goalTarget[at] : 1);
      }
      for (let m = 0; m < M; m++) this.addLife(m, batch.lives[i * M + m]);
      const p = pathIndex(i);
      if (inEconomySample(p)) {
        if (economyYears(i) < Y) throw new Error(`path ${p} is in the economy sample but has ${economyYears(i)} years of economy`);
        this.economyStage.add(batch.economies[i]);
        this.addAnnualised(batch.economies[i]);
      }
      const rank = sampleRank(p);
      if (rank < this.sampleThreshold) {
        this.sample.push({ pathIndex: p, rank, terminalEstate: batch.terminalEstateReal[i] });
        if (this.sample.length >= 2 * SAMPLE_SIZE) {
          this.sample = keepSmallestRanks(this.sample);
          this.sampleThreshold = this.sample[this.sample.length - 1].rank;
        }
      }
    }
  }

  /**
   * One member's life on one path: years lived (the year of death counting one half, which compares
   * with e_x), the years alive, states by year, ever in each. Most members stay healthy until they
   * die, so their years are read once, for the first one that is not healthy.
   */
  private addLife(m: number, life: MemberLifePath): void {
    const Y = this.c.years;
    this.halfYearsLived[m] += life.deathYear >= 0 ? 2 * life.deathYear + 1 : 2 * Y;
    const state = life.state;
    let end = 0;
    while (end < Y && state[end] === HEALTHY) end++;
    if (end < Y && state[end] !== DEAD) end = this.addIllness(m, life, end);
    this.aliveUntil[m][end]++;
    const unemployed = life.unemployed;
    for (let t = 0; t < end; t++) {
      if (unemployed[t] === 1) {
        this.everUnemployed[m]++;
        break;
      }
    }
  }

  /** A member's disabled and care years from year `from` (not healthy) to death; returns the first year dead (or the horizon). */
  private addIllness(m: number, life: MemberLifePath, from: number): number {
    const Y = this.c.years;
    const disabled = this.disabled[m];
    const care = this.care[m];
    let dis = 0;
    let ltc = 0;
    let t = from;
    for (; t < Y; t++) {
      const st = life.state[t];
      if (st === DEAD) break;
      if (st === DISABLED) {
        disabled[t]++;
        dis = 1;
      } else if (st === LTC) {
        care[t]++;
        ltc = 1;
      }
    }
    this.everDisabled[m] += dis;
    this.everCare[m] += ltc;
    return t;
  }

  /** Per year, the paths on which member m was alive. */
  private aliveByYear(m: number): number[] {
    const until = this.aliveUntil[m];
    const alive = new Array<number>(this.c.years);
    let running = 0;
    for (let t = this.c.years - 1; t >= 0; t--) {
      running += until[t + 1];
      alive[t] = running;
    }
    return alive;
  }

  /** The annualised returns over the whole horizon of one sampled path. */
  private addAnnualised(econ: EconomyPath): void {
    const Y = this.c.years;
    let gi = 1,
      gc = 1,
      ge = 1,
      gb = 1,
      gp = 1;
    for (let t = 0; t < Y; t++) {
      gi *= 1 + econ.inflation[t];
      gc *= 1 + econ.cashReturn[t];
      ge *= 1 + econ.equityReturn[t];
      gb *= 1 + econ.bondReturn[t];
      gp *= 1 + econ.propertyReturn[t];
    }
    const inv = 1 / Y;
    this.annualised[0].add(Math.pow(gi, inv) - 1);
    this.annualised[1].add(Math.pow(gc, inv) - 1);
    this.annualised[2].add(Math.pow(ge, inv) - 1);
    this.annualised[3].add(Math.pow(gb, inv) - 1);
    this.annualised[4].add(Math.pow(gp, inv) - 1);
  }

  /** The shard's result without its distributions. */
  head(ranges: [number, number][], engineVersion: string): ShardHead {
    return {
      engineVersion,
      years: this.c.years,
      ranges,
      paths: this.paths,
      pathYears: this.pathYears,
      successes: this.successes,
      depletions: this.depletions,
      runningOut: this.runningOut,
      totalShortfall: this.totalShortfall.toJSON(),
      ...(this.c.estateTax !== null ? { estateTax: this.estateTax.toJSON() } : {}),
      goals: this.goalDue.map((due, g) => ({ due, achieved: this.goalAchieved[g], fundedRatio: this.goalRatio[g].toJSON() })),
      members: this.halfYearsLived.map((h, m) => ({
        halfYearsLived: h,
        everDisabled: this.everDisabled[m],
        everLongTermCare: this.everCare[m],
        everUnemployed: this.everUnemployed[m],
      })),
      running: this.running,
      depletedBy: this.depletedBy,
      memberYears: this.disabled.map((disabled, m) => ({ alive: this.aliveByYear(m), disabled, longTermCare: this.care[m] })),
      sample: keepSmallestRanks(this.sample),
    };
  }

  toJSON(ranges: [number, number][], engineVersion: string): ShardResult {
    const Y = this.c.years;
    // The economy sample's last paths are still staged: fold them before the distributions are read.
    this.economyStage.fold();
    return {
      ...this.head(ranges, engineVersion),
      depletionAge: this.depletionAge.toJSON(),
      terminalEstate: this.terminalEstate.toJSON(),
      series: SERIES_METRICS.map((_, k) =>
        [0, 1].map((view) => Array.from({ length: Y }, (_, t) => this.series.toJSON(this.holder(k * 2 + view, t) * Y + t))),
      ),
      economy: ECONOMY_FACTORS.map((_, f) => Array.from({ length: Y }, (_, t) => this.economy.toJSON(f * Y + t))),
      annualised: this.annualised.map((d) => d.toJSON()),
    };
  }

  /**
   * The shard's result read as a ShardPart with `head`, its distributions from the grids' own arrays
   * (a follower's from its holder's), the few others from their JSON: what toJSON holds, read as
   * JsonShardPart reads it, with no JSON of the grids built.
   */
  part(head: ShardHead): ShardPart {
    this.economyStage.fold();
    const out = emptyDistribution();
    const singles = [this.depletionAge, this.terminalEstate];
    const series = this.series;
    const economy = this.economy;
    let next = 0;
    const inGrid: InGrid = { grid: series, d: 0 };
    return {
      head,
      nextDistribution: () => {
        let k = next++;
        if (k < singles.length) return readDistributionJson(out, singles[k].toJSON());
        k -= singles.length;
        if (k < series.size) return series.readDense(this.seriesHolder(k), out);
        k -= series.size;
        if (k < economy.size) return economy.readDense(k, out);
        k -= economy.size;
        if (k >= this.annualised.length) throw new TypeError('shard result: no distribution left');
        return readDistributionJson(out, this.annualised[k].toJSON());
      },
      nextInGrid: () => {
        const k = next - singles.length;
        if (k < 0 || k >= series.size + economy.size) return null;
        next++;
        inGrid.grid = k < series.size ? series : economy;
        inGrid.d = k < series.size ? this.seriesHolder(k) : k - series.size;
        return inGrid;
      },
    };
  }

  /** The distribution of the series grid that holds series distribution k ((metric * 2 + view) * years + t): its own or its holder's. */
  private seriesHolder(k: number): number {
    const Y = this.c.years;
    return this.holder(Math.floor(k / Y), k % Y) * Y + (k % Y);
  }

  /**
   * Merges other shards' results into this shard's own distributions, in place, and returns them as
   * the output reads merged ones: no JSON of this shard's result is written, and its grids take the
   * others' counts in their own arrays. Each part is read once, in ShardPart's order. The
   * accumulator holds the merge afterwards: it takes no more paths, and is not encoded again.
   */
  mergeParts(parts: readonly ShardPart[]): MergedDistributions {
    const Y = this.c.years;
    this.economyStage.fold();
    // A follower takes its own copy of its holder's distribution first: another shard's values may differ there.
    for (let slot = 0; slot < SERIES_SLOTS; slot++) {
      for (let t = 0; t < Y; t++) {
        if (this.following[slot * Y + t] === 0) continue;
        this.series.copy(this.holder(slot, t) * Y + t, slot * Y + t);
        this.following[slot * Y + t] = 0;
      }
    }
    const next = (into: (part: DenseDistribution) => void) => {
      for (const part of parts) into(part.nextDistribution());
    };
    const depletionAge = mergeDistribution(this.depletionAge, next);
    const terminalEstate = mergeDistribution(this.terminalEstate, next);
    for (let d = 0; d < this.series.size; d++) for (const part of parts) mergeNext(part, this.series, d);
    for (let d = 0; d < this.economy.size; d++) for (const part of parts) mergeNext(part, this.economy, d);
    const annualised = this.annualised.map((a) => mergeDistribution(a, next));
    return {
      depletionAge,
      terminalEstate,
      series: SERIES_METRICS.map((_, k) =>
        [0, 1].map((view) => Array.from({ length: Y }, (_, t) => this.series.merged((k * 2 + view) * Y + t))),
      ),
      economy: ECONOMY_FACTORS.map((_, f) => Array.from({ length: Y }, (_, t) => this.economy.merged(f * Y + t))),
      annualised,
    };
  }
}

/** The next distribution of `part` merged into distribution d of `grid`, directly where the part can (ShardPart.mergeNextInto). */
function mergeNext(part: ShardPart, grid: DistributionGrid, d: number): void {
  if (part.mergeNextInto) part.mergeNextInto(grid, d);
  else grid.mergeDense(d, part.nextDistribution());
}

/** A Distribution merged with the next distribution of every part, in place (its sketch) and into an exact sum. */
function mergeDistribution(own: Distribution, next: (into: (part: DenseDistribution) => void) => void): MergedDistribution {
  const sum = ExactSum.fromJSON(own.sum.toJSON());
  next((part) => {
    if (part.unit !== own.sum.unit) throw new TypeError('shard result: distributions of different units');
    own.sketch.mergeDense(part);
    for (let k = 0; k < part.partialCount; k++) sum.add(part.partials[k]);
  });
  return { sketch: own.sketch, sum, unit: own.sum.unit };
}
