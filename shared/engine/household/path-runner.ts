import { allocateEconomyPath, createEconomyGenerator, type EconomyPath } from '../economy/index.js';
import { createLifeModel } from '../life/index.js';
import { allocateMemberLifePath, type MemberLifePath } from '../life/life-path.js';
import { compilePlan, type CompiledPlan } from './compiled-plan.js';
import { HouseholdBatch, type YearRecorder } from './household-batch.js';
import { HouseholdPathSimulator, type HouseholdLifeCosts, type PathEvent } from './household-path.js';
import type { HouseholdPlan } from './plan.js';

/**
 * Paths simulated together, year by year. Larger batches spread each year's per-item loop set-up
 * and each distribution's cache misses over more paths, until the batch's state no longer fits in
 * cache; any size gives the same numbers (bench/household.bench.ts measures the choice).
 */
export const BATCH_PATHS = 256;

/** Per path of a list run by `runBatch`, at the path's position k in the list: what analyses read. */
export class PathOutcomes {
  readonly success: Uint8Array;
  readonly depletionYear: Int32Array;
  readonly terminalEstateReal: Float64Array;
  readonly yearsRun: Int32Array;
  /** Per path and goal at [k * goals + g]: whether the goal came due, and whether it was paid in full every time. */
  readonly goalCameDue: Uint8Array;
  readonly goalFull: Uint8Array;

  constructor(
    readonly size: number,
    readonly goals: number,
  ) {
    this.success = new Uint8Array(size);
    this.depletionYear = new Int32Array(size);
    this.terminalEstateReal = new Float64Array(size);
    this.yearsRun = new Int32Array(size);
    this.goalCameDue = new Uint8Array(size * goals);
    this.goalFull = new Uint8Array(size * goals);
  }

  /** Copies the first `count` paths' outcomes of `from` (for the same plan's goals). */
  copyFrom(from: PathOutcomes, count: number): void {
    this.success.set(from.success.subarray(0, count));
    this.depletionYear.set(from.depletionYear.subarray(0, count));
    this.terminalEstateReal.set(from.terminalEstateReal.subarray(0, count));
    this.yearsRun.set(from.yearsRun.subarray(0, count));
    this.goalCameDue.set(from.goalCameDue.subarray(0, count * this.goals));
    this.goalFull.set(from.goalFull.subarray(0, count * this.goals));
  }
}

/**
 * Everything needed to simulate paths of one plan under one seed, allocated once: the economy
 * generator, the life model, their output buffers and the household simulators. A path depends
 * only on (seed, pathIndex), so any path can be re-run alone (for `lives`) or paired with another
 * plan's same path (comparisons), and paths run alone (`run`) or in batches (`runBatch`) give the
 * same numbers.
 */
export class PathRunner {
  readonly compiled: CompiledPlan;
  readonly simulator: HouseholdPathSimulator;
  /** The last path's economy and lives, for `run`. */
  readonly economy: EconomyPath;
  readonly lives: MemberLifePath[];
  /** Years of economy generated for the last path run (`economy` holds stale values beyond). */
  economyYears = 0;
  private readonly economyGenerator: ReturnType<typeof createEconomyGenerator>;
  private readonly lifeModel: ReturnType<typeof createLifeModel>;
  private readonly lifeCosts: HouseholdLifeCosts;
  private batchSimulator: HouseholdBatch | null = null;
  /** Per slot of the batch: the years of economy generated. */
  private batchEconomyYears = new Int32Array(0);

  /**
   * `shock`, if given, alters each path's economy after it is generated (a stress test's shock on
   * top of the stochastic path); it must change year t from the generated years ≤ t only, so that
   * a prefix of the economy stays a prefix.
   */
  constructor(
    plan: HouseholdPlan,
    readonly seed: number,
    private readonly shock: EconomyShock | null = null,
  ) {
    const c = (this.compiled = compilePlan(plan));
    const years = c.years;
    const life = plan.assumptions.life;
    this.lifeCosts = {
      homeCareAnnualCost: life.longTermCare.homeCareAnnualCost,
      nursingHomeAnnualCost: life.longTermCare.nursingHomeAnnualCost,
      careCostPremium: life.longTermCare.careCostPremium,
      benefitFraction: life.unemployment.benefitFraction,
      benefitYears: life.unemployment.benefitYears,
    };
    this.simulator = new HouseholdPathSimulator(c, this.lifeCosts);
    this.economy = allocateEconomyPath(years);
    this.lives = plan.members.map(() => allocateMemberLifePath(years));
    this.economyGenerator = createEconomyGenerator(plan.assumptions.economic, seed, years);
    this.lifeModel = createLifeModel(
      life,
      plan.members.map((m, i) => ({
        id: m.id,
        birthYear: m.birthYear,
        sex: m.sex,
        health: m.health,
        smoker: m.smoker,
        retirementAge: m.retirementAge,
        ...(m.occupationClass !== undefined ? { occupationClass: m.occupationClass } : {}),
        employed: c.hasSalary[i] === 1,
      })),
      plan.startYear,
      years,
      seed,
    );
  }

  /**
   * What a path's lives and economy depend on besides its index: runners with the same key (and
   * no shock) generate the same lives and economy for every path, so one runner's generated path
   * can serve the others (`runOn`). Plan variants that move spending or savings share it.
   */
  get generationKey(): string | null {
    if (this.shock !== null) return null;
    if (this.key === undefined) {
      const plan = this.compiled.plan;
      this.key = JSON.stringify([
        this.seed,
        plan.startYear,
        plan.years,
        plan.members,
        Array.from(this.compiled.hasSalary),
        plan.assumptions,
      ]);
    }
    return this.key;
  }

  private key: string | undefined = undefined;

  /** Generates path `pathIndex`'s lives and economy into `lives` and `economy` (for `runOn`), without the household. */
  generatePath(pathIndex: number): void {
    this.economyYears = this.generate(pathIndex, this.lives, this.economy, false);
    this.generated = pathIndex;
  }

  /** The path last generated by `generatePath` (−1 after `run`, which generates its own). */
  generated = -1;

  /** Runs this runner's plan on the path `source` last generated (a runner with the same generation key). */
  runOn(source: PathRunner): HouseholdPathSimulator {
    if (source.generationKey === null || source.generationKey !== this.generationKey)
      throw new Error('runOn: the runners generate different paths');
    this.simulator.run(source.economy, source.lives, null);
    this.checkYears(source.generated, this.simulator.yearsRun, source.economyYears);
    return this.simulator;
  }

  /**
   * Runs path `pathIndex` alone. Lives do not depend on money, so they come first and fix the years
   * the household runs; the economy is generated for those years only (a prefix of the full path),
   * or for the whole horizon when `fullEconomy` is set.
   */
  run(pathIndex: number, events: PathEvent[] | null = null, fullEconomy = false): HouseholdPathSimulator {
    const years = this.generate(pathIndex, this.lives, this.economy, fullEconomy);
    this.economyYears = years;
    this.generated = -1;
    this.simulator.run(this.economy, this.lives, events);
    this.checkYears(pathIndex, this.simulator.yearsRun, years);
    return this.simulator;
  }

  /** The batch, its slots' economies and lives (built on first use). */
  batch(): HouseholdBatch {
    if (this.batchSimulator === null) {
      this.batchSimulator = new HouseholdBatch(this.compiled, this.lifeCosts, BATCH_PATHS);
      this.batchEconomyYears = new Int32Array(BATCH_PATHS);
    }
    return this.batchSimulator;
  }

  /**
   * Runs paths[from … from + count) (count ≤ BATCH_PATHS) as one batch, slot k holding paths[from + k],
   * handing each year to `recorder`. `fullEconomy(p)` says which paths need their economy over the
   * whole horizon. Each path is generated and run in turn (its lives and economy are still in cache
   * when the household reads them), then the batch is recorded year by year. The batch's results
   * stay readable until the next batch runs.
   */
  runSlots(
    paths: ArrayLike<number>,
    from: number,
    count: number,
    recorder: YearRecorder | null,
    fullEconomy: (pathIndex: number) => boolean,
  ): HouseholdBatch {
    if (count > BATCH_PATHS) throw new RangeError(`batch of ${count} paths in a simulator for ${BATCH_PATHS}`);
    const batch = this.batch();
    for (let k = 0; k < count; k++) {
      const p = paths[from + k];
      // A path whose economy is wanted whole (the economy sample) keeps it in its slot; the others' is scratch.
      const full = fullEconomy(p);
      const economy = full ? batch.economies[k] : this.economy;
      const years = this.generate(p, batch.slotLives[k], economy, full);
      this.batchEconomyYears[k] = years;
      batch.runSlot(k, economy);
      this.checkYears(p, batch.yearsRun[k], years);
    }
    if (recorder !== null) batch.record(count, recorder);
    return batch;
  }

  /** Years of economy generated for slot k of the last batch. */
  slotEconomyYears(k: number): number {
    return this.batchEconomyYears[k];
  }

  /**
   * Runs every path of `paths` (any indices, any order) and writes each one's outcome at its
   * position in `out`. Nothing is recorded, so the paths simply run one after the other, each on
   * the runner's own economy and lives (no batch buffers to fill).
   */
  runBatch(paths: ArrayLike<number>, out: PathOutcomes, fullEconomy = false): void {
    const G = this.compiled.goalCount;
    if (out.size < paths.length || out.goals !== G)
      throw new RangeError(`outcomes for ${out.size} paths and ${out.goals} goals, asked ${paths.length} paths and ${G} goals`);
    for (let k = 0; k < paths.length; k++) {
      const sim = this.run(paths[k], null, fullEconomy);
      out.success[k] = sim.success ? 1 : 0;
      out.depletionYear[k] = sim.depletionYear;
      out.terminalEstateReal[k] = sim.terminalEstateReal;
      out.yearsRun[k] = sim.yearsRun;
      for (let g = 0; g < G; g++) {
        out.goalCameDue[k * G + g] = sim.goalCameDue[g];
        out.goalFull[k * G + g] = sim.goalFull[g];
      }
    }
  }

  /** Draws path p's lives, then its economy for the years the household runs (or all); returns those years. */
  private generate(p: number, lives: MemberLifePath[], economy: EconomyPath, fullEconomy: boolean): number {
    this.lifeModel.simulatePath(p, lives);
    const years = fullEconomy ? this.compiled.years : householdYears(this.compiled, lives);
    this.economyGenerator.generate(p, economy, years);
    if (this.shock !== null) {
      this.shock(economy, years);
      this.economyGenerator.changed(economy);
    }
    return years;
  }

  private checkYears(p: number, ran: number, years: number): void {
    if (ran > years) throw new Error(`path ${p} ran ${ran} years on ${years} years of economy`);
  }
}

/** Changes the first `years` years of a generated economy in place. */
export type EconomyShock = (economy: EconomyPath, years: number) => void;

/** Years the household's path runs: through the year of the last adult death, or to the horizon. */
export function householdYears(c: CompiledPlan, lives: readonly MemberLifePath[]): number {
  let years = 0;
  for (let m = 0; m < c.memberCount; m++) {
    if (c.isAdult[m] === 0) continue;
    const d = lives[m].deathYear;
    const end = d >= 0 && d < c.years ? d + 1 : c.years;
    if (end > years) years = end;
  }
  return years;
}
