import type { EconomyPath } from '../economy/economy-path.js';
import type { MemberLifePath } from '../life/life-path.js';
import type { CompiledPlan } from './compiled-plan.js';
import { HouseholdPathSimulator, type HouseholdLifeCosts } from './household-path.js';

/** Takes each simulated year of a batch: the figures of its running paths, in one call per year. */
export interface YearRecorder {
  recordYear(t: number, batch: HouseholdBatch): void;
}

/**
 * A batch of paths for a shard: each path runs alone through its years on the one household
 * simulator (household-path.ts), which writes its yearly figures into the batch's buffers, year
 * major (`[t * capacity + slot]`); once every slot has run, the batch hands the recorder one year
 * at a time, with that year's running paths (docs/PERFORMANCE.md says why the household year runs
 * path by path, and the recording year by year).
 *
 * A recorder reads year t's figures per slot from `netWorth` … `taxes`, `inverseCpiStart` and
 * `inverseCpiEnd` (views of year t only while `recordYear(t, …)` runs) for the slots in `active`;
 * the per-path results below stay readable until the next batch runs.
 */
export class HouseholdBatch {
  readonly capacity: number;
  readonly years: number;
  /**
   * Inputs, per slot: the path's economy, and its members' lives at [slot * memberCount + m]. Each
   * is a view into one buffer per series for the whole batch.
   */
  readonly economies: readonly EconomyPath[];
  readonly lives: readonly MemberLifePath[];
  /** Per slot, its members' lives (views of `lives`), as the simulator takes them. */
  readonly slotLives: readonly MemberLifePath[][];

  // Results per slot, after run().
  /** Years simulated: up to and including the year of the last adult death, or the horizon. */
  readonly yearsRun: Int32Array;
  readonly depletionYear: Int32Array;
  /** 1 when the path's last year fell short: it ran out, where a path depleted earlier and not then had a cash squeeze. */
  readonly ranOut: Uint8Array;
  readonly totalShortfallReal: Float64Array;
  readonly terminalEstateReal: Float64Array;
  /** The estate tax taken from the terminal estate, real. */
  readonly estateTaxReal: Float64Array;
  /** 1 when the path never fell short and met every essential goal. */
  readonly success: Uint8Array;
  /**
   * Per goal at [g * B + slot], real (year-0 money): targets that came due and amounts paid; whether
   * it came due; whether every occurrence was paid in full.
   */
  readonly goalTarget: Float64Array;
  readonly goalPaid: Float64Array;
  readonly goalCameDue: Uint8Array;
  readonly goalFull: Uint8Array;

  /** The slots running in the year being recorded, ascending: the first `activeCount` entries. */
  readonly active: Int32Array;
  activeCount = 0;

  // The recorded year's figures per slot (nominal; flows at the start of the year, balances at the end).
  netWorth: Float64Array;
  liquidAssets: Float64Array;
  income: Float64Array;
  spending: Float64Array;
  shortfall: Float64Array;
  taxes: Float64Array;
  /**
   * The recorded year's deflators per slot: 1 / its price index at the start of the year (for
   * flows) and at its end (for balances).
   */
  inverseCpiStart: Float64Array;
  inverseCpiEnd: Float64Array;

  /** The one household simulator, writing each slot's yearly figures at [t * capacity + slot]. */
  private readonly simulator: HouseholdPathSimulator;
  /** Per year t, the views of its figures in the simulator's buffers (netWorth … taxes). */
  private readonly yearViews: Float64Array[][];
  /**
   * 1 / each slot's price index at the start of year t, at [t * capacity + slot], for t up to the
   * year after its path's last (a balance at the end of year t is deflated by cpi[t + 1]); per t,
   * `inverseCpiViews[t]`. Inverted once per path-year as the slot runs, and stored year-major like
   * the figures, so that recording a year reads the running slots' deflators from one stretch.
   */
  private readonly inverseCpi: Float64Array;
  private readonly inverseCpiViews: Float64Array[];

  constructor(c: CompiledPlan, life: HouseholdLifeCosts, capacity: number) {
    const B = (this.capacity = capacity);
    const Y = (this.years = c.years);
    const M = c.memberCount;
    const G = c.goalCount;
    const f64 = (n: number) => new Float64Array(n * B);
    const lifeState = new Uint8Array(B * M * Y);
    const lifeUnemployed = new Uint8Array(B * M * Y);
    const lifeCare = new Uint8Array(B * M * Y);
    const view = <T extends Uint8Array | Float64Array>(all: T, k: number, size: number) => all.subarray(k * size, (k + 1) * size) as T;
    // The same fields in the same order as allocateMemberLifePath's and allocateEconomyPath's, so
    // that the simulator reads one shape of each, whether it runs a batch's slot or a single path.
    this.lives = Array.from({ length: B * M }, (_, k) => ({
      years: Y,
      state: view(lifeState, k, Y),
      unemployed: view(lifeUnemployed, k, Y),
      careSetting: view(lifeCare, k, Y),
      deathYear: -1,
    }));
    this.slotLives = Array.from({ length: B }, (_, i) => this.lives.slice(i * M, (i + 1) * M));
    const cpi = f64(Y + 1);
    const shortRate = f64(Y);
    const startRates = f64(Y + 1);
    const inflation = f64(Y);
    const cashReturn = f64(Y);
    const bondReturn = f64(Y);
    const equityReturn = f64(Y);
    const propertyReturn = f64(Y);
    this.economies = Array.from({ length: B }, (_, i) => ({
      years: Y,
      shortRate: view(shortRate, i, Y),
      shortRateStart: view(startRates, i, Y + 1),
      inflation: view(inflation, i, Y),
      cpi: view(cpi, i, Y + 1),
      cashReturn: view(cashReturn, i, Y),
      bondReturn: view(bondReturn, i, Y),
      equityReturn: view(equityReturn, i, Y),
      propertyReturn: view(propertyReturn, i, Y),
    }));
    this.yearsRun = new Int32Array(B);
    this.depletionYear = new Int32Array(B);
    this.ranOut = new Uint8Array(B);
    this.totalShortfallReal = f64(1);
    this.terminalEstateReal = f64(1);
    this.estateTaxReal = f64(1);
    this.success = new Uint8Array(B);
    this.goalTarget = f64(G);
    this.goalPaid = f64(G);
    this.goalCameDue = new Uint8Array(G * B);
    this.goalFull = new Uint8Array(G * B);
    this.active = new Int32Array(B);
    this.inverseCpi = f64(Y + 1);
    this.inverseCpiViews = Array.from({ length: Y + 1 }, (_, t) => this.inverseCpi.subarray(t * B, (t + 1) * B));
    this.inverseCpiStart = this.inverseCpiViews[0];
    this.inverseCpiEnd = this.inverseCpiViews[1];
    const sim = (this.simulator = new HouseholdPathSimulator(c, life, B));
    this.netWorth = sim.netWorth;
    this.liquidAssets = sim.liquidAssets;
    this.income = sim.income;
    this.spending = sim.spending;
    this.shortfall = sim.shortfall;
    this.taxes = sim.taxes;
    const series = [sim.netWorth, sim.liquidAssets, sim.income, sim.spending, sim.shortfall, sim.taxes];
    this.yearViews = Array.from({ length: Y }, (_, t) => series.map((s) => s.subarray(t * B, (t + 1) * B)));
  }

  /**
   * Simulates slot i on its lives (already generated) and `economy`: the slot's own (`economies[i]`)
   * or, for a path whose economy is not kept, a scratch path (the recording keeps only its
   * deflators). Keeping only the economies the recording reads spares the batch's buffers the
   * cache traffic of every path's economy.
   */
  runSlot(i: number, economy: EconomyPath): void {
    const sim = this.simulator;
    const B = this.capacity;
    sim.run(economy, this.slotLives[i], null, i);
    const cpi = economy.cpi;
    const inverseCpi = this.inverseCpi;
    for (let t = 0; t <= sim.yearsRun; t++) inverseCpi[t * B + i] = 1 / cpi[t];
    this.yearsRun[i] = sim.yearsRun;
    this.depletionYear[i] = sim.depletionYear;
    this.ranOut[i] = sim.ranOut ? 1 : 0;
    this.totalShortfallReal[i] = sim.totalShortfallReal;
    this.terminalEstateReal[i] = sim.terminalEstateReal;
    this.estateTaxReal[i] = sim.estateTaxReal;
    this.success[i] = sim.success ? 1 : 0;
    for (let g = 0; g < sim.goalCameDue.length; g++) {
      this.goalTarget[g * B + i] = sim.goalTarget[g];
      this.goalPaid[g * B + i] = sim.goalPaid[g];
      this.goalCameDue[g * B + i] = sim.goalCameDue[g];
      this.goalFull[g * B + i] = sim.goalFull[g];
    }
  }

  /**
   * Hands slots [0, count) (each run by `runSlot`) to `recorder`, year by year, with each year's
   * running slots: a path runs through its first `yearsRun` years, so each year's list is the
   * previous year's without the paths that ended.
   */
  record(count: number, recorder: YearRecorder): void {
    const active = this.active;
    let n = 0;
    for (let i = 0; i < count; i++) if (this.yearsRun[i] > 0) active[n++] = i;
    for (let t = 0; t < this.years && n > 0; t++) {
      this.activeCount = n;
      this.inverseCpiStart = this.inverseCpiViews[t];
      this.inverseCpiEnd = this.inverseCpiViews[t + 1];
      const views = this.yearViews[t];
      this.netWorth = views[0];
      this.liquidAssets = views[1];
      this.income = views[2];
      this.spending = views[3];
      this.shortfall = views[4];
      this.taxes = views[5];
      recorder.recordYear(t, this);
      let running = 0;
      for (let k = 0; k < n; k++) if (this.yearsRun[active[k]] > t + 1) active[running++] = active[k];
      n = running;
    }
  }
}
