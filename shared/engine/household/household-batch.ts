import type { EconomyPath } from '../economy/economy-path.js';
import { CareSetting, MemberState, type MemberLifePath } from '../life/life-path.js';
import { AccountKind, DISCRETIONARY_TIER, IncomeKind, InsuranceKind, TaxCategory, TIERS, type CompiledPlan } from './compiled-plan.js';
import { annuityPayment, benefitShare, glideEquity, guardrailFactor } from './formulas.js';
import { withdraw } from './withdraw.js';
import type { HouseholdLifeCosts } from './household-path.js';
import { EventLog, LogCode } from './path-events.js';

/** Takes each simulated year of a batch: the figures of its running paths, in one call per year. */
export interface YearRecorder {
  recordYear(t: number, batch: HouseholdBatch): void;
}

/** A goal paid at least this share of its target counts as paid in full. */
const FULL = 1 - 1e-12;
/**
 * A balance at or below this many currency units is what floating-point rounding leaves of an
 * account that was drawn down to nothing (e.g. income + assets - income != assets): it is zero.
 */
const ROUNDING_DUST = 1e-9;

const { HEALTHY, DISABLED, LTC, DEAD } = MemberState;
const { SALARY, RENTAL, OTHER } = IncomeKind;
const { EARNED, PENSION } = TaxCategory;
const { TERM_LIFE, DISABILITY_INCOME } = InsuranceKind;
const { RETIREMENT, TAXABLE } = AccountKind;

/**
 * The household's yearly cash flows on a batch of paths at once (docs/MODEL.md's order within a year):
 * a pure function of the compiled plan, each path's economy and its members' life paths.
 *
 * The batch runs year by year. Its state is struct-of-arrays: one typed array per state variable,
 * item-major and indexed by the path's slot in the batch (`balance[a * B + i]` is account a on
 * slot i), and each step of the year is a loop over the batch's running paths, for the plan items
 * that exist. A path stops with the year its last adult died (the year after that year is not
 * run) and leaves the list of running paths (`active`), which stays in slot order. Every path's
 * arithmetic is the same, in the same order, as if it ran alone: its numbers do not depend on the
 * batch it ran in.
 */
export class HouseholdBatch {
  readonly capacity: number;
  readonly years: number;
  /**
   * Inputs, per slot: the path's economy, and its members' lives at [slot * memberCount + m]. Each
   * is a view into one buffer per series for the whole batch (`lifeState[(slot * M + m) * Y + t]`,
   * `cpi[slot * (Y + 1) + t]`, …), which the yearly steps read directly: one load, where a
   * path's own small arrays, scattered over the heap, would cost a chain of them.
   */
  readonly economies: readonly EconomyPath[];
  readonly lives: readonly MemberLifePath[];
  private readonly lifeState: Uint8Array;
  private readonly lifeUnemployed: Uint8Array;
  private readonly lifeCare: Uint8Array;
  private readonly cpi: Float64Array;
  private readonly yearShortRate: Float64Array;
  private readonly yearCashReturn: Float64Array;
  private readonly yearBondReturn: Float64Array;
  private readonly yearEquityReturn: Float64Array;
  private readonly yearPropertyReturn: Float64Array;

  // Results per slot, after run().
  /** Years simulated: up to and including the year of the last adult death, or the horizon. */
  readonly yearsRun: Int32Array;
  readonly depletionYear: Int32Array;
  readonly totalShortfallReal: Float64Array;
  readonly terminalEstateReal: Float64Array;
  /** 1 when the path never fell short and met every essential goal. */
  readonly success: Uint8Array;
  /** Per goal at [g * B + slot], real (year-0 money): targets that came due and amounts paid; whether it came due; whether every occurrence was paid in full. */
  readonly goalTarget: Float64Array;
  readonly goalPaid: Float64Array;
  readonly goalCameDue: Uint8Array;
  readonly goalFull: Uint8Array;

  /** The running paths' slots, ascending: the first `activeCount` entries. */
  readonly active: Int32Array;
  activeCount = 0;

  // The year's figures per slot, as recorded (nominal; flows at the start of the year, balances at the end).
  readonly netWorth: Float64Array;
  readonly liquidAssets: Float64Array;
  readonly income: Float64Array;
  readonly spending: Float64Array;
  readonly shortfall: Float64Array;
  readonly taxes: Float64Array;
  /** The year's economy per slot: the price index at the start of the year and at its end, the short rate, returns. */
  readonly cpiStart: Float64Array;
  readonly cpiEnd: Float64Array;
  private readonly shortRate: Float64Array;
  private readonly cashReturn: Float64Array;
  private readonly bondReturn: Float64Array;
  private readonly equityReturn: Float64Array;
  private readonly propertyReturn: Float64Array;

  // State per item and slot.
  /** Account balances (nominal), in the compiled order (an implicit cash account last if the plan has none). */
  readonly balance: Float64Array;
  private readonly propertyValue: Float64Array;
  /** 1 while the household owns the property: 0 once sold, and 0 until bought for a property a goal buys. */
  private readonly propertyOwned: Uint8Array;
  /** Outstanding liability balances (nominal) and the payments left. */
  readonly debt: Float64Array;
  private readonly debtYearsLeft: Int32Array;
  private readonly ltcYearsPaid: Int32Array;
  private readonly disabledYears: Int32Array;
  private readonly unemployedYears: Int32Array;
  private readonly guardFactor: Float64Array;

  // The year's working values per item and slot.
  private readonly stateNow: Uint8Array;
  private readonly unemployedNow: Uint8Array;
  private readonly alive: Uint8Array;
  private readonly accessNow: Uint8Array;
  private readonly salaryPotential: Float64Array;
  private readonly salaryPaid: Float64Array;
  private readonly goalDueNow: Float64Array;
  private readonly need: Float64Array;
  private readonly fraction: Float64Array;
  // The year's working values per slot.
  private readonly adultsAlive: Int32Array;
  private readonly adultDead: Int32Array;
  private readonly adultsInNursingHome: Int32Array;
  private readonly working: Int32Array;
  private readonly extraEssential: Float64Array;
  private readonly earned: Float64Array;
  private readonly pension: Float64Array;
  private readonly untaxed: Float64Array;
  private readonly employeeContributions: Float64Array;
  private readonly incomeTax: Float64Array;
  private readonly savings: Float64Array;
  private readonly premiums: Float64Array;
  private readonly care: Float64Array;
  private readonly essential: Float64Array;
  private readonly discretionary: Float64Array;
  private readonly netIncome: Float64Array;
  private readonly payout: Float64Array;
  /** The portfolio's value before and after the year's returns, for the guardrails. */
  private readonly portfolioBefore: Float64Array;
  private readonly portfolioAfter: Float64Array;

  /** Per year, (1 + care-cost premium)^t. */
  private readonly careFactor: Float64Array;
  /** Accounts that take contributions or a match; accounts with a fixed yearly saving; term-life policies. */
  private readonly contributors: Int32Array;
  private readonly savers: Int32Array;
  private readonly termLife: Int32Array;
  /** The goals falling due in year t (ascending) are goalsDue[goalsDueAt[t] … goalsDueAt[t + 1]). */
  private readonly goalsDueAt: Int32Array;
  private readonly goalsDue: Int32Array;
  /** Events of slot 0, logged only while `events` is on (a single path replayed for its events). */
  readonly log: EventLog;
  private logging = false;
  /** Per-year series of slot 0 (SERIES order), written only while `trace` is on. */
  private trace: Float64Array[] | null = null;

  constructor(
    private readonly c: CompiledPlan,
    private readonly life: HouseholdLifeCosts,
    capacity: number,
  ) {
    const B = (this.capacity = capacity);
    const Y = (this.years = c.years);
    const M = c.memberCount;
    const A = c.accountCount;
    const G = c.goalCount;
    const f64 = (n: number) => new Float64Array(n * B);
    this.lifeState = new Uint8Array(B * M * Y);
    this.lifeUnemployed = new Uint8Array(B * M * Y);
    this.lifeCare = new Uint8Array(B * M * Y);
    const view = <T extends Uint8Array | Float64Array>(all: T, k: number, size: number) => all.subarray(k * size, (k + 1) * size) as T;
    this.lives = Array.from({ length: B * M }, (_, k) => ({
      years: Y,
      state: view(this.lifeState, k, Y),
      unemployed: view(this.lifeUnemployed, k, Y),
      careSetting: view(this.lifeCare, k, Y),
      deathYear: -1,
    }));
    this.cpi = f64(Y + 1);
    this.yearShortRate = f64(Y);
    this.yearCashReturn = f64(Y);
    this.yearBondReturn = f64(Y);
    this.yearEquityReturn = f64(Y);
    this.yearPropertyReturn = f64(Y);
    const startRates = f64(Y + 1);
    const inflation = f64(Y);
    this.economies = Array.from({ length: B }, (_, i) => ({
      years: Y,
      shortRate: view(this.yearShortRate, i, Y),
      shortRateStart: view(startRates, i, Y + 1),
      inflation: view(inflation, i, Y),
      cpi: view(this.cpi, i, Y + 1),
      cashReturn: view(this.yearCashReturn, i, Y),
      bondReturn: view(this.yearBondReturn, i, Y),
      equityReturn: view(this.yearEquityReturn, i, Y),
      propertyReturn: view(this.yearPropertyReturn, i, Y),
    }));
    this.yearsRun = new Int32Array(B);
    this.depletionYear = new Int32Array(B);
    this.totalShortfallReal = f64(1);
    this.terminalEstateReal = f64(1);
    this.success = new Uint8Array(B);
    this.goalTarget = f64(G);
    this.goalPaid = f64(G);
    this.goalCameDue = new Uint8Array(G * B);
    this.goalFull = new Uint8Array(G * B);
    this.active = new Int32Array(B);
    this.netWorth = f64(1);
    this.liquidAssets = f64(1);
    this.income = f64(1);
    this.spending = f64(1);
    this.shortfall = f64(1);
    this.taxes = f64(1);
    this.cpiStart = f64(1);
    this.cpiEnd = f64(1);
    this.shortRate = f64(1);
    this.cashReturn = f64(1);
    this.bondReturn = f64(1);
    this.equityReturn = f64(1);
    this.propertyReturn = f64(1);
    this.balance = f64(A);
    this.propertyValue = f64(c.propertyCount);
    this.propertyOwned = new Uint8Array(c.propertyCount * B);
    this.debt = f64(c.liabilityCount);
    this.debtYearsLeft = new Int32Array(c.liabilityCount * B);
    this.ltcYearsPaid = new Int32Array(c.insuranceCount * B);
    this.disabledYears = new Int32Array(M * B);
    this.unemployedYears = new Int32Array(M * B);
    this.guardFactor = f64(1);
    this.stateNow = new Uint8Array(M * B);
    this.unemployedNow = new Uint8Array(M * B);
    this.alive = new Uint8Array(M * B);
    this.accessNow = new Uint8Array(A * B);
    this.salaryPotential = f64(M);
    this.salaryPaid = f64(M);
    this.goalDueNow = f64(G);
    this.need = f64(TIERS);
    this.fraction = f64(TIERS);
    this.adultsAlive = new Int32Array(B);
    this.adultDead = new Int32Array(B);
    this.adultsInNursingHome = new Int32Array(B);
    this.working = new Int32Array(B);
    this.extraEssential = f64(1);
    this.earned = f64(1);
    this.pension = f64(1);
    this.untaxed = f64(1);
    this.employeeContributions = f64(1);
    this.incomeTax = f64(1);
    this.savings = f64(1);
    this.premiums = f64(1);
    this.care = f64(1);
    this.essential = f64(1);
    this.discretionary = f64(1);
    this.netIncome = f64(1);
    this.payout = f64(1);
    this.portfolioBefore = f64(1);
    this.portfolioAfter = f64(1);
    this.careFactor = new Float64Array(Y);
    for (let t = 0; t < Y; t++) this.careFactor[t] = Math.pow(1 + life.careCostPremium, t);
    const indices = (n: number, keep: (k: number) => boolean) => Int32Array.from({ length: n }, (_, k) => k).filter(keep);
    this.contributors = indices(A, (a) => c.contribution[a] !== 0 || c.matchRate[a] !== 0);
    this.savers = indices(A, (a) => c.extraContribution[a] !== 0 && c.extraContributionToT[a] > 0);
    this.termLife = indices(c.insuranceCount, (n) => c.insuranceKind[n] === TERM_LIFE);
    this.goalsDueAt = new Int32Array(Y + 1);
    const due: number[] = [];
    for (let t = 0; t < Y; t++) {
      this.goalsDueAt[t] = due.length;
      for (let g = 0; g < G; g++) if (c.goalDue[g * Y + t] === 1) due.push(g);
    }
    this.goalsDueAt[Y] = due.length;
    this.goalsDue = Int32Array.from(due);
    // At most, every year: each property sold, each policy paying, each term-life payout, a depletion; plus each goal occurrence and legacy.
    this.log = new EventLog(Y * (c.propertyCount + c.insuranceCount + this.termLife.length + 1) + due.length + G);
  }

  /** Logs slot 0's events on the next runs (for a single path replayed for its events). */
  setLogging(on: boolean): void {
    this.logging = on;
  }

  /** Writes slot 0's per-year series into `series` (SERIES_METRICS order, `years` long each) on the next runs; null stops. */
  setTrace(series: Float64Array[] | null): void {
    this.trace = series;
  }

  /** Simulates slots [0, count) with their economies and lives, handing each year to `recorder`. */
  run(count: number, recorder: YearRecorder | null): void {
    if (count > this.capacity) throw new RangeError(`batch of ${count} paths in a simulator for ${this.capacity}`);
    this.start(count);
    let t = 0;
    for (; t < this.years; t++) {
      this.states(t);
      if (this.activeCount === 0) break;
      this.propertySales(t);
      this.incomes(t);
      this.insurance(t);
      this.careCosts(t);
      this.expenses(t);
      this.debtService();
      this.goalsFallingDue(t);
      this.payByTier();
      if (this.c.hasDebtPayoff === 1 || this.c.hasPurchase === 1) this.balanceSheetGoals(t);
      this.saveOrWithdraw();
      this.returns(t);
      this.termLifePayouts(t);
      this.record(t, recorder);
    }
    for (let k = 0; k < this.activeCount; k++) this.yearsRun[this.active[k]] = t;
    this.finish(count);
  }

  /** Every slot's state at the start of year 0. */
  private start(count: number): void {
    const c = this.c;
    const B = this.capacity;
    for (let i = 0; i < count; i++) {
      this.active[i] = i;
      this.depletionYear[i] = -1;
      this.totalShortfallReal[i] = 0;
      this.guardFactor[i] = 1;
      this.yearsRun[i] = 0;
    }
    this.activeCount = count;
    for (let a = 0; a < c.accountCount; a++) this.balance.fill(c.accountBalance0[a], a * B, a * B + count);
    for (let p = 0; p < c.propertyCount; p++) {
      this.propertyValue.fill(c.propertyValue0[p], p * B, p * B + count);
      this.propertyOwned.fill(1 - c.propertyBought[p], p * B, p * B + count);
    }
    for (let l = 0; l < c.liabilityCount; l++) {
      const later = c.liabilityFinancesPurchase[l] === 1; // lent at the purchase
      this.debt.fill(later ? 0 : c.liabilityBalance0[l], l * B, l * B + count);
      this.debtYearsLeft.fill(later ? 0 : c.liabilityYears[l], l * B, l * B + count);
    }
    this.ltcYearsPaid.fill(0);
    this.disabledYears.fill(0);
    this.unemployedYears.fill(0);
    this.goalTarget.fill(0);
    this.goalPaid.fill(0);
    this.goalCameDue.fill(0);
    this.goalFull.fill(1);
    this.log.size = 0;
  }

  /** The running paths drop those whose last adult has died: they ran through year t - 1. */
  private dropEnded(t: number): void {
    const act = this.active;
    let kept = 0;
    for (let k = 0; k < this.activeCount; k++) {
      const i = act[k];
      if (this.adultsAlive[i] === 0) this.yearsRun[i] = t;
      else act[kept++] = i;
    }
    this.activeCount = kept;
  }

  /** (1) States: who is alive this year (a death in year t shows as DEAD from t + 1), who may draw which account, the year's prices. */
  private states(t: number): void {
    const c = this.c;
    const B = this.capacity;
    const M = c.memberCount;
    const act = this.active;
    const n = this.activeCount;
    const Y = this.years;
    const {
      adultsAlive,
      adultDead,
      adultsInNursingHome,
      working,
      stateNow,
      unemployedNow,
      alive,
      disabledYears,
      lifeState,
      lifeUnemployed,
      lifeCare,
    } = this;
    for (let k = 0; k < n; k++) {
      const i = act[k];
      adultsAlive[i] = 0;
      adultDead[i] = 0;
      adultsInNursingHome[i] = 0;
      working[i] = 0;
    }
    for (let m = 0; m < M; m++) {
      const adult = c.isAdult[m] === 1;
      const earns = c.hasSalary[m] === 1 && c.memberAge0[m] + t < c.retirementAge[m];
      const at = m * B;
      for (let k = 0; k < n; k++) {
        const i = act[k];
        const life = (i * M + m) * Y + t;
        const st = lifeState[life];
        stateNow[at + i] = st;
        unemployedNow[at + i] = lifeUnemployed[life];
        const a = st !== DEAD ? 1 : 0;
        alive[at + i] = a;
        if (adult) {
          if (a === 1) adultsAlive[i]++;
          else adultDead[i]++;
          if (st === LTC && lifeCare[life] === CareSetting.NURSING_HOME) adultsInNursingHome[i]++;
        }
        if (a === 1 && earns) working[i]++;
        disabledYears[at + i] = st === DISABLED ? disabledYears[at + i] + 1 : 0;
      }
    }
    this.dropEnded(t);
    const running = this.activeCount;
    // A retirement account may be drawn once its owner reaches the access age (or has died: it passes to the estate).
    for (let a = 0; a < c.accountCount; a++) {
      const m = c.accountOwner[a];
      const always = c.accountKind[a] !== RETIREMENT || m < 0;
      const reached = !always && c.memberAge0[m] + t >= c.accessAge[a];
      for (let k = 0; k < running; k++) {
        const i = act[k];
        this.accessNow[a * B + i] = always || reached || alive[m * B + i] === 0 ? 1 : 0;
      }
    }
    this.yearStart(t);
  }

  /** The year's economy of each running path, gathered per slot, and the year's sums set to zero. */
  private yearStart(t: number): void {
    const act = this.active;
    const n = this.activeCount;
    const Y = this.years;
    const { cpi, yearShortRate, yearCashReturn, yearBondReturn, yearEquityReturn, yearPropertyReturn } = this;
    const { cpiStart, cpiEnd, shortRate, cashReturn, bondReturn, equityReturn, propertyReturn } = this;
    const {
      extraEssential,
      earned,
      pension,
      untaxed,
      employeeContributions,
      savings,
      premiums,
      care,
      portfolioBefore,
      portfolioAfter,
      payout,
    } = this;
    for (let k = 0; k < n; k++) {
      const i = act[k];
      cpiStart[i] = cpi[i * (Y + 1) + t];
      cpiEnd[i] = cpi[i * (Y + 1) + t + 1];
      const at = i * Y + t;
      shortRate[i] = yearShortRate[at];
      cashReturn[i] = yearCashReturn[at];
      bondReturn[i] = yearBondReturn[at];
      equityReturn[i] = yearEquityReturn[at];
      propertyReturn[i] = yearPropertyReturn[at];
      extraEssential[i] = 0;
      earned[i] = 0;
      pension[i] = 0;
      untaxed[i] = 0;
      employeeContributions[i] = 0;
      savings[i] = 0;
      premiums[i] = 0;
      care[i] = 0;
      portfolioBefore[i] = 0;
      portfolioAfter[i] = 0;
      payout[i] = 0;
    }
  }

  /**
   * Property sales by rule (in its year, or once the home is left for a nursing home): the price
   * less costs and the debt it secures goes to cash.
   */
  private propertySales(t: number): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const cash = c.cashAccount * B;
    for (let p = 0; p < c.propertyCount; p++) {
      const inYear = c.propertySellT[p] === t;
      const onNursingHome = c.propertySellOnNursingHome[p] === 1;
      if (!inYear && !onNursingHome) continue;
      const at = p * B;
      for (let k = 0; k < n; k++) {
        const i = act[k];
        if (this.propertyOwned[at + i] === 0) continue;
        if (!inYear && this.adultsInNursingHome[i] !== this.adultsAlive[i]) continue;
        let proceeds = this.propertyValue[at + i] * (1 - c.propertySellingCost[p]);
        for (let l = 0; l < c.liabilityCount; l++) {
          if (c.liabilityProperty[l] === p) {
            proceeds -= this.debt[l * B + i];
            this.debt[l * B + i] = 0;
            this.debtYearsLeft[l * B + i] = 0;
          }
        }
        if (proceeds >= 0) this.balance[cash + i] += proceeds;
        else this.extraEssential[i] -= proceeds;
        this.propertyOwned[at + i] = 0;
        this.propertyValue[at + i] = 0;
        this.logEvent(i, LogCode.PROPERTY_SOLD, t, p, -1, proceeds);
      }
    }
  }

  /** (2) Incomes, unemployment benefit, retirement contributions and the employer's match, income tax, fixed savings. */
  private incomes(t: number): void {
    const c = this.c;
    const B = this.capacity;
    const Y = this.years;
    const act = this.active;
    const n = this.activeCount;
    const { earned, pension, untaxed, salaryPotential, salaryPaid, stateNow, unemployedNow, alive, cpiStart, balance } = this;
    for (let m = 0; m < c.memberCount; m++) {
      if (c.hasSalary[m] === 0) continue;
      for (let k = 0; k < n; k++) {
        salaryPotential[m * B + act[k]] = 0;
        salaryPaid[m * B + act[k]] = 0;
      }
    }
    for (let inc = 0; inc < c.incomeCount; inc++) {
      const kind = c.incomeKind[inc];
      const m = c.incomeMember[inc];
      const indexed = c.incomeIndexed[inc] === 1;
      const amount0 = c.incomeAmount[inc];
      if (kind === SALARY) {
        if (c.memberAge0[m] + t >= c.retirementAge[m]) continue;
        const growth = c.incomeGrowthFactor[inc * Y + t];
        const at = m * B;
        for (let k = 0; k < n; k++) {
          const i = act[k];
          const potential = amount0 * cpiStart[i] * growth;
          salaryPotential[at + i] += potential;
          if (stateNow[at + i] === HEALTHY && unemployedNow[at + i] === 0) {
            salaryPaid[at + i] += potential;
            earned[i] += potential;
          }
        }
      } else if (kind === RENTAL) {
        const owned = c.incomeProperty[inc] * B;
        for (let k = 0; k < n; k++) {
          const i = act[k];
          if (this.propertyOwned[owned + i] === 1) earned[i] += amount0 * (indexed ? cpiStart[i] : 1);
        }
      } else if (kind === OTHER) {
        if (t < c.incomeFromT[inc] || t > c.incomeToT[inc]) continue;
        const into = c.incomeTax[inc] === EARNED ? earned : c.incomeTax[inc] === PENSION ? pension : untaxed;
        for (let k = 0; k < n; k++) {
          const i = act[k];
          if (m >= 0 && alive[m * B + i] === 0) continue;
          into[i] += amount0 * (indexed ? cpiStart[i] : 1);
        }
      } else {
        if (c.memberAge0[m] + t < c.incomeFromAge[inc]) continue;
        const survivor = c.incomeSurvivor[inc];
        for (let k = 0; k < n; k++) {
          const i = act[k];
          const amount = amount0 * (indexed ? cpiStart[i] : 1);
          pension[i] += alive[m * B + i] === 1 ? amount : amount * survivor;
        }
      }
    }
    // Unemployment benefit: a fraction of the lost salary for the first `benefitYears` of a spell.
    const { benefitFraction, benefitYears } = this.life;
    for (let m = 0; m < c.memberCount; m++) {
      const at = m * B;
      for (let k = 0; k < n; k++) {
        const i = act[k];
        if (alive[at + i] === 1 && unemployedNow[at + i] === 1 && salaryPotential[at + i] > 0) {
          const share = benefitShare(benefitYears, ++this.unemployedYears[at + i]);
          if (stateNow[at + i] === HEALTHY && share > 0) earned[i] += share * benefitFraction * salaryPotential[at + i];
        } else {
          this.unemployedYears[at + i] = 0;
        }
      }
    }
    // Retirement contributions out of salary (pre-tax), plus the employer's match.
    const own = this.employeeContributions;
    for (let x = 0; x < this.contributors.length; x++) {
      const a = this.contributors[x];
      const m = c.accountOwner[a];
      if (m < 0) continue;
      const f = c.contribution[a];
      const match = c.matchRate[a] * Math.min(f, c.matchLimit[a]);
      for (let k = 0; k < n; k++) {
        const i = act[k];
        const salary = salaryPaid[m * B + i];
        if (salary === 0) continue;
        const ownPart = f * salary;
        balance[a * B + i] += ownPart + match * salary;
        own[i] += ownPart;
      }
    }
    for (let k = 0; k < n; k++) {
      const i = act[k];
      this.incomeTax[i] = (earned[i] - own[i]) * c.taxEarned + pension[i] * c.taxPension;
    }
    // Fixed savings out of net income while the account's owner lives (the whole path if unowned).
    for (let x = 0; x < this.savers.length; x++) {
      const a = this.savers[x];
      if (t >= c.extraContributionToT[a]) continue;
      const m = c.accountOwner[a];
      const amount0 = c.extraContribution[a];
      for (let k = 0; k < n; k++) {
        const i = act[k];
        if (m >= 0 && alive[m * B + i] === 0) continue;
        const amount = amount0 * cpiStart[i];
        balance[a * B + i] += amount;
        this.savings[i] += amount;
      }
    }
  }

  /** Insurance: premiums while in force, benefits while claiming. */
  private insurance(t: number): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const { premiums, untaxed, alive, stateNow, cpiStart } = this;
    for (let p = 0; p < c.insuranceCount; p++) {
      const m = c.insuranceMember[p];
      const kind = c.insuranceKind[p];
      const age = c.memberAge0[m] + t;
      const indexed = c.insuranceIndexed[p] === 1;
      const premium = c.insurancePremium[p];
      const at = m * B;
      if (kind === TERM_LIFE) {
        if (age >= c.insuranceUntilAge[p]) continue;
        for (let k = 0; k < n; k++) {
          const i = act[k];
          if (alive[at + i] === 1) premiums[i] += premium * (indexed ? cpiStart[i] : 1);
        }
      } else if (kind === DISABILITY_INCOME) {
        if (age >= c.insuranceUntilAge[p]) continue;
        for (let k = 0; k < n; k++) {
          const i = act[k];
          if (alive[at + i] === 0) continue;
          if (stateNow[at + i] !== DISABLED) premiums[i] += premium * (indexed ? cpiStart[i] : 1);
          else if (this.disabledYears[at + i] > c.insuranceWaiting[p]) {
            const benefit = c.insuranceAmount[p] * this.salaryPotential[at + i];
            untaxed[i] += benefit;
            if (benefit > 0) this.logEvent(i, LogCode.INSURANCE_PAYOUT, t, p, m, benefit);
          }
        }
      } else {
        for (let k = 0; k < n; k++) {
          const i = act[k];
          if (alive[at + i] === 0) continue;
          const index = indexed ? cpiStart[i] : 1;
          if (stateNow[at + i] !== LTC) premiums[i] += premium * index;
          else if (this.ltcYearsPaid[p * B + i] < c.insuranceMaxYears[p]) {
            const benefit = c.insuranceAmount[p] * index;
            untaxed[i] += benefit;
            this.ltcYearsPaid[p * B + i]++;
            this.logEvent(i, LogCode.INSURANCE_PAYOUT, t, p, m, benefit);
          }
        }
      }
    }
  }

  /** Care costs by setting, growing with CPI plus the care-cost premium. */
  private careCosts(t: number): void {
    const B = this.capacity;
    const M = this.c.memberCount;
    const act = this.active;
    const n = this.activeCount;
    const Y = this.years;
    const { care, stateNow, lifeCare, cpiStart } = this;
    const { homeCareAnnualCost, nursingHomeAnnualCost } = this.life;
    const factor = this.careFactor[t];
    for (let m = 0; m < M; m++) {
      for (let k = 0; k < n; k++) {
        const i = act[k];
        if (stateNow[m * B + i] !== LTC) continue;
        const cost = lifeCare[(i * M + m) * Y + t] === CareSetting.NURSING_HOME ? nursingHomeAnnualCost : homeCareAnnualCost;
        care[i] += cost * cpiStart[i] * factor;
      }
    }
  }

  /** Expenses: essential and discretionary parts, discretionary spending scaled by the guardrails. */
  private expenses(t: number): void {
    const c = this.c;
    const act = this.active;
    const n = this.activeCount;
    const { essential, discretionary, cpiStart, working, adultDead } = this;
    for (let k = 0; k < n; k++) {
      const i = act[k];
      essential[i] = this.extraEssential[i] + this.premiums[i] + this.care[i];
      discretionary[i] = 0;
    }
    for (let e = 0; e < c.expenseCount; e++) {
      const living = c.expenseIsLiving[e] === 1;
      if (!living && (t < c.expenseFromT[e] || t > c.expenseToT[e])) continue;
      const amount0 = c.expenseAmount[e];
      const indexed = c.expenseIndexed[e] === 1;
      const retirementFactor = c.expenseRetirementFactor[e];
      const survivorFactor = c.expenseSurvivorFactor[e];
      const essentialShare = c.expenseEssential[e];
      for (let k = 0; k < n; k++) {
        const i = act[k];
        let amount = amount0 * (indexed ? cpiStart[i] : 1);
        if (living) {
          if (working[i] === 0) amount *= retirementFactor;
          if (adultDead[i] > 0) amount *= survivorFactor;
        }
        const ess = amount * essentialShare;
        essential[i] += ess;
        discretionary[i] += amount - ess;
      }
    }
    for (let k = 0; k < n; k++) discretionary[act[k]] *= this.guardFactor[act[k]];
  }

  /** Debt service: interest on the balance at the start of the year plus scheduled principal, an essential outflow. */
  private debtService(): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const { debt, debtYearsLeft, essential, shortRate } = this;
    for (let l = 0; l < c.liabilityCount; l++) {
      const variable = c.liabilityVariable[l] === 1;
      const interestOnly = c.liabilityInterestOnly[l] === 1;
      const discountAt = c.liabilityDiscountAt[l];
      const at = l * B;
      for (let k = 0; k < n; k++) {
        const i = act[k];
        const left = debtYearsLeft[at + i];
        const b = debt[at + i];
        if (left <= 0 || b <= 0) continue;
        let rate = variable ? shortRate[i] + c.liabilityRate[l] : c.liabilityRate[l];
        if (rate < 0) rate = 0;
        const interest = b * rate;
        const payment = interestOnly
          ? left === 1
            ? interest + b
            : interest
          : annuityPayment(b, rate, left, discountAt >= 0 ? c.liabilityDiscount[discountAt + left] : Math.pow(1 + rate, -left));
        const principal = left === 1 ? b : payment - interest;
        debt[at + i] = left === 1 ? 0 : b - principal;
        debtYearsLeft[at + i] = left - 1;
        essential[i] += payment;
      }
    }
  }

  /** Goals falling due this year, by priority tier (a member's goal only while the member lives). */
  private goalsFallingDue(t: number): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const { need, goalDueNow, cpiStart, alive } = this;
    for (let tier = 0; tier < TIERS; tier++) {
      const from = tier === 0 ? this.essential : tier === DISCRETIONARY_TIER ? this.discretionary : null;
      for (let k = 0; k < n; k++) need[tier * B + act[k]] = from === null ? 0 : from[act[k]];
    }
    const debtPayoff = c.hasDebtPayoff === 1;
    const purchase = c.hasPurchase === 1;
    for (let d = this.goalsDueAt[t]; d < this.goalsDueAt[t + 1]; d++) {
      const g = this.goalsDue[d];
      const m = c.goalMember[g];
      const l = c.goalLiability[g];
      const p = c.goalProperty[g];
      const amount0 = c.goalAmount[g];
      const tierAt = c.goalTier[g] * B;
      for (let k = 0; k < n; k++) {
        const i = act[k];
        goalDueNow[g * B + i] = 0;
        if (m >= 0 && alive[m * B + i] === 0) continue;
        let target = amount0 * cpiStart[i];
        // Repaying a liability asks at most for what is still owed after this year's payment.
        if (debtPayoff && l >= 0 && this.debt[l * B + i] < target) target = this.debt[l * B + i];
        // A deposit is at most the price: the property's market value at the start of the year.
        if (purchase && p >= 0 && this.propertyValue[p * B + i] < target) target = this.propertyValue[p * B + i];
        if (target <= 0) continue;
        goalDueNow[g * B + i] = target;
        need[tierAt + i] += target;
      }
    }
  }

  /** Pay by tier: essentials from everything liquid (after tax); lower tiers only above the cash buffer. */
  private payByTier(): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const {
      need,
      fraction,
      netIncome,
      balance,
      accessNow,
      earned,
      pension,
      untaxed,
      incomeTax,
      employeeContributions,
      savings,
      income,
      shortfall,
      spending,
      taxes,
      cpiStart,
    } = this;
    const keep = 1 - c.taxWithdrawal;
    const A = c.accountCount;
    const kind = c.accountKind;
    const cashBuffer = c.cashBuffer;
    for (let k = 0; k < n; k++) {
      const i = act[k];
      const grossIncome = earned[i] + pension[i] + untaxed[i];
      income[i] = grossIncome;
      const net = grossIncome - incomeTax[i] - employeeContributions[i] - savings[i];
      netIncome[i] = net;
      let liquidAfterTax = 0;
      for (let a = 0; a < A; a++) {
        if (kind[a] === RETIREMENT) {
          if (accessNow[a * B + i] === 1) liquidAfterTax += balance[a * B + i] * keep;
        } else liquidAfterTax += balance[a * B + i];
      }
      const resources = net + liquidAfterTax;
      const need0 = need[i];
      const paid0 = need0 <= resources ? need0 : Math.max(0, resources);
      shortfall[i] = need0 - paid0;
      fraction[i] = need0 > 0 ? paid0 / need0 : 1;
      let room = resources - paid0 - cashBuffer * cpiStart[i];
      if (room < 0) room = 0;
      let spent = paid0;
      for (let tier = 1; tier < TIERS; tier++) {
        const needed = need[tier * B + i];
        const f = needed <= room ? 1 : room / needed;
        fraction[tier * B + i] = f;
        const paid = needed * f;
        room -= paid;
        if (room < 0) room = 0;
        spent += paid;
      }
      spending[i] = spent;
      taxes[i] = incomeTax[i];
    }
  }

  /** Goals that move the balance sheet (repaying a liability, buying a property), with what they were paid. */
  private balanceSheetGoals(t: number): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const { debt, debtYearsLeft, propertyOwned, propertyValue, goalDueNow, fraction } = this;
    for (let d = this.goalsDueAt[t]; d < this.goalsDueAt[t + 1]; d++) {
      const g = this.goalsDue[d];
      const l = c.goalLiability[g];
      const p = c.goalProperty[g];
      const tierAt = c.goalTier[g] * B;
      for (let k = 0; k < n; k++) {
        const i = act[k];
        const due = goalDueNow[g * B + i];
        if (due === 0) continue;
        const paid = due * fraction[tierAt + i];
        // DEBT_PAYOFF repays its liability: later payments are recomputed on the lower balance
        // over the years left (an interest-only loan's balloon falls with it).
        if (l >= 0) {
          const left = debt[l * B + i] - paid;
          if (left <= ROUNDING_DUST) {
            debt[l * B + i] = 0;
            debtYearsLeft[l * B + i] = 0;
          } else debt[l * B + i] = left;
        }
        // HOME_PURCHASE buys its property at its market value: the deposit is what the goal was
        // paid, and the liability naming the property lends the rest over its term, the first
        // payment falling due next year. Net worth is unchanged by the purchase itself.
        if (p >= 0 && propertyOwned[p * B + i] === 0) {
          propertyOwned[p * B + i] = 1;
          const loan = propertyValue[p * B + i] - paid;
          if (loan <= ROUNDING_DUST) continue;
          for (let x = 0; x < c.liabilityCount; x++) {
            if (c.liabilityProperty[x] !== p || c.liabilityFinancesPurchase[x] === 0) continue;
            debt[x * B + i] = loan;
            debtYearsLeft[x * B + i] = c.liabilityYears[x];
          }
        }
      }
    }
  }

  /** (3) Save the surplus (cash up to the buffer, the rest to the surplus account) or withdraw the deficit. */
  private saveOrWithdraw(): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const cash = c.cashAccount * B;
    const surplus = c.surplusAccount * B;
    const { balance } = this;
    for (let k = 0; k < n; k++) {
      const i = act[k];
      const flow = this.netIncome[i] - this.spending[i];
      const buffer = c.cashBuffer * this.cpiStart[i];
      if (flow >= 0) {
        const toCash = Math.min(flow, Math.max(0, buffer - balance[cash + i]));
        balance[cash + i] += toCash;
        balance[surplus + i] += flow - toCash;
      } else {
        this.taxes[i] += withdraw(c, balance, this.accessNow, B, i, -flow, buffer);
      }
    }
  }

  /** (4) Returns by allocation (along a glide path), fees, tax on taxable gains; the guardrails; property values. */
  private returns(t: number): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const { balance, cashReturn, bondReturn, equityReturn } = this;
    const taxGains = c.taxGains;
    const { portfolioBefore: before, portfolioAfter: after } = this;
    for (let a = 0; a < c.accountCount; a++) {
      const at = a * B;
      const glide = c.hasGlide[a] === 1;
      const we0 = c.weightEquity[a];
      const wb0 = c.weightBonds[a];
      const wc = c.weightCash[a];
      const taxable = c.accountKind[a] === TAXABLE && taxGains > 0;
      const keep = 1 - c.accountFee[a];
      let we = we0;
      let wb = wb0;
      if (glide) {
        const target = glideEquity(c.memberAge0[c.accountOwner[a]] + t, c.glideStart[a], c.glideEnd[a], we0, c.glideEndEquity[a]);
        wb += we - target;
        we = target;
      }
      for (let k = 0; k < n; k++) {
        const i = act[k];
        const b = balance[at + i];
        if (b <= ROUNDING_DUST) {
          balance[at + i] = 0;
          continue;
        }
        const r = wc * cashReturn[i] + wb * bondReturn[i] + we * equityReturn[i];
        let nb = b * (1 + r);
        if (taxable && r > 0) {
          const tax = b * r * taxGains;
          nb -= tax;
          this.taxes[i] += tax;
        }
        nb *= keep;
        balance[at + i] = nb;
        before[i] += b;
        after[i] += nb;
      }
    }
    if (c.guardrails) {
      for (let k = 0; k < n; k++) {
        const i = act[k];
        const ret = before[i] > 0 ? after[i] / before[i] - 1 : 0;
        this.guardFactor[i] = guardrailFactor(this.guardFactor[i], ret, c.guardBadYear, c.guardCut, c.guardFloor);
      }
    }
    for (let p = 0; p < c.propertyCount; p++) {
      for (let k = 0; k < n; k++) {
        const i = act[k];
        this.propertyValue[p * B + i] *= 1 + this.propertyReturn[i];
      }
    }
  }

  /** Term life: the sum assured reaches cash at the end of the year of death. */
  private termLifePayouts(t: number): void {
    const c = this.c;
    const B = this.capacity;
    const M = c.memberCount;
    const act = this.active;
    const n = this.activeCount;
    const { payout, lives, cpiStart } = this;
    if (this.termLife.length === 0) return;
    for (let x = 0; x < this.termLife.length; x++) {
      const p = this.termLife[x];
      const m = c.insuranceMember[p];
      if (c.memberAge0[m] + t >= c.insuranceUntilAge[p]) continue;
      const indexed = c.insuranceIndexed[p] === 1;
      for (let k = 0; k < n; k++) {
        const i = act[k];
        if (lives[i * M + m].deathYear !== t) continue;
        const amount = c.insuranceAmount[p] * (indexed ? cpiStart[i] : 1);
        payout[i] += amount;
        this.logEvent(i, LogCode.INSURANCE_PAYOUT, t, p, m, amount);
      }
    }
    const cash = c.cashAccount * B;
    for (let k = 0; k < n; k++) this.balance[cash + act[k]] += payout[act[k]];
  }

  /** (5) Record the year's figures (end-of-year balances), shortfalls and depletion, goals paid; hand the year to the recorder. */
  private record(t: number, recorder: YearRecorder | null): void {
    const c = this.c;
    const B = this.capacity;
    const act = this.active;
    const n = this.activeCount;
    const { balance, accessNow, netWorth, liquidAssets, shortfall, cpiStart } = this;
    for (let k = 0; k < n; k++) {
      const i = act[k];
      let worth = 0;
      let liquidEnd = 0;
      for (let a = 0; a < c.accountCount; a++) {
        worth += balance[a * B + i];
        if (accessNow[a * B + i] === 1) liquidEnd += balance[a * B + i];
      }
      for (let p = 0; p < c.propertyCount; p++) if (this.propertyOwned[p * B + i] === 1) worth += this.propertyValue[p * B + i];
      for (let l = 0; l < c.liabilityCount; l++) worth -= this.debt[l * B + i];
      netWorth[i] = worth;
      liquidAssets[i] = liquidEnd;
      this.income[i] += this.payout[i];
      const short = shortfall[i];
      if (short > 0) {
        this.totalShortfallReal[i] += short / cpiStart[i];
        if (this.depletionYear[i] < 0) {
          this.depletionYear[i] = t;
          this.logEvent(i, LogCode.DEPLETION, t, -1, -1, short);
        }
      }
    }
    for (let d = this.goalsDueAt[t]; d < this.goalsDueAt[t + 1]; d++) {
      const g = this.goalsDue[d];
      const tierAt = c.goalTier[g] * B;
      const at = g * B;
      for (let k = 0; k < n; k++) {
        const i = act[k];
        const target = this.goalDueNow[at + i];
        if (target === 0) continue;
        const paid = target * this.fraction[tierAt + i];
        this.goalCameDue[at + i] = 1;
        this.goalTarget[at + i] += target / cpiStart[i];
        this.goalPaid[at + i] += paid / cpiStart[i];
        const full = paid >= target * FULL;
        if (!full) this.goalFull[at + i] = 0;
        this.logEvent(i, full ? LogCode.GOAL_FUNDED : LogCode.GOAL_MISSED, t, g, -1, paid);
      }
    }
    // The last recorded net worth per slot, for the terminal estate.
    for (let k = 0; k < n; k++) this.terminalEstateReal[act[k]] = netWorth[act[k]];
    if (this.trace !== null) {
      const s = this.trace;
      s[0][t] = netWorth[0];
      s[1][t] = liquidAssets[0];
      s[2][t] = this.income[0];
      s[3][t] = this.spending[0];
      s[4][t] = shortfall[0];
      s[5][t] = this.taxes[0];
    }
    if (recorder !== null) recorder.recordYear(t, this);
  }

  /** After the last year: the terminal estate (real), legacy goals, success. */
  private finish(count: number): void {
    const c = this.c;
    const B = this.capacity;
    const G = c.goalCount;
    this.log.inLoop = this.log.size;
    for (let i = 0; i < count; i++) {
      const T = this.yearsRun[i];
      const cpiEnd = this.cpi[i * (this.years + 1) + T];
      const estateReal = T > 0 ? this.terminalEstateReal[i] / cpiEnd : 0;
      this.terminalEstateReal[i] = estateReal;
      let success = this.depletionYear[i] < 0;
      for (let g = 0; g < G; g++) {
        const at = g * B + i;
        if (c.goalIsLegacy[g] === 1) {
          const target = c.goalAmount[g];
          const estate = Math.max(0, estateReal);
          this.goalCameDue[at] = 1;
          this.goalTarget[at] = target;
          this.goalPaid[at] = Math.min(estate, target);
          this.goalFull[at] = estate >= target ? 1 : 0;
          this.logEvent(i, estate >= target ? LogCode.GOAL_FUNDED : LogCode.GOAL_MISSED, T - 1, g, -1, estate * cpiEnd);
        }
        if (c.goalTier[g] === 0 && this.goalFull[at] === 0) success = false;
      }
      this.success[i] = success ? 1 : 0;
    }
  }

  /** Logs an event of slot i (kept only for slot 0 while logging is on). */
  private logEvent(i: number, code: number, t: number, item: number, member: number, amount: number): void {
    if (this.logging && i === 0) this.log.add(code, t, item, member, amount);
  }
}
