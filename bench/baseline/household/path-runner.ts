import { allocateEconomyPath, createEconomyGenerator, type EconomyPath } from '../economy/index.js';
import { createLifeModel } from '../life/index.js';
import { allocateMemberLifePath, type MemberLifePath } from '../life/life-path.js';
import { compilePlan, type CompiledPlan } from './compiled-plan.js';
import { HouseholdPathSimulator, type PathEvent } from './household-path.js';
import type { HouseholdPlan } from './plan.js';

/**
 * Everything needed to simulate paths of one plan under one seed, allocated once: the economy
 * generator, the life model, their output buffers and the household simulator. A path depends
 * only on (seed, pathIndex), so any path can be re-run alone (for `lives`) or paired with
 * another plan's same path (comparisons).
 */
export class PathRunner {
  readonly compiled: CompiledPlan;
  readonly simulator: HouseholdPathSimulator;
  readonly economy: EconomyPath;
  readonly lives: MemberLifePath[];
  private readonly economyGenerator: ReturnType<typeof createEconomyGenerator>;
  private readonly lifeModel: ReturnType<typeof createLifeModel>;

  /**
   * `shock`, if given, alters each path's economy after it is generated (a stress test's shock on
   * top of the stochastic path); it must change year t from the generated years ≤ t only, so that
   * a prefix of the economy stays a prefix.
   */
  constructor(
    plan: HouseholdPlan,
    seed: number,
    private readonly shock: EconomyShock | null = null,
  ) {
    // Every field holds null first: a field written once per object is tracked as constant, and the
    // optimised code relying on that is thrown away when the next runner (the next shard) is built;
    // written twice here, the fields are ordinary from the first runner on.
    this.compiled = this.simulator = this.economy = this.economyGenerator = this.lifeModel = null as never;
    this.lives = null as never;
    const c = (this.compiled = compilePlan(plan));
    const years = c.years;
    const life = plan.assumptions.life;
    this.simulator = new HouseholdPathSimulator(c, {
      homeCareAnnualCost: life.longTermCare.homeCareAnnualCost,
      nursingHomeAnnualCost: life.longTermCare.nursingHomeAnnualCost,
      careCostPremium: life.longTermCare.careCostPremium,
      benefitFraction: life.unemployment.benefitFraction,
      benefitYears: life.unemployment.benefitYears,
    });
    this.economy = withGeneralFieldTypes(allocateEconomyPath(years));
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

  /** Years of economy generated for the last path run (`economy` holds stale values beyond). */
  economyYears = 0;

  /**
   * Runs path `pathIndex`. Lives do not depend on money, so they come first and fix the years the
   * household runs; the economy is generated for those years only (a prefix of the full path),
   * or for the whole horizon when `fullEconomy` is set.
   */
  run(pathIndex: number, events: PathEvent[] | null = null, fullEconomy = false): HouseholdPathSimulator {
    this.lifeModel.simulatePath(pathIndex, this.lives);
    const years = fullEconomy ? this.compiled.years : householdYears(this.compiled, this.lives);
    this.economyGenerator.generate(pathIndex, this.economy, years);
    if (this.shock !== null) this.shock(this.economy, years);
    this.economyYears = years;
    this.simulator.run(this.economy, this.lives, events);
    if (this.simulator.yearsRun > years)
      throw new Error(`path ${pathIndex} ran ${this.simulator.yearsRun} years on ${years} years of economy`);
    return this.simulator;
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

/**
 * A copy of a small object whose every field held undefined first, and is thus typed "anything" (see
 * CompiledPlan): the household loop and the economy generator read the economy buffers, and would
 * otherwise depend on the exact hidden class of the typed arrays stored in them.
 */
function withGeneralFieldTypes<T extends object>(fields: T): T {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(fields);
  for (let i = 0; i < keys.length; i++) out[keys[i]] = undefined;
  for (let i = 0; i < keys.length; i++) out[keys[i]] = (fields as Record<string, unknown>)[keys[i]];
  return out as T;
}
