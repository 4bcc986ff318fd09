import type { EconomyPath } from '../economy/economy-path.js';
import { CareSetting, MemberState, type MemberLifePath } from '../life/life-path.js';
import { AccountKind, DISCRETIONARY_TIER, IncomeKind, InsuranceKind, TaxCategory, TIERS, type CompiledPlan } from './compiled-plan.js';
import { annuityPayment, benefitShare, glideEquity, guardrailFactor } from './formulas.js';
import { EventLog, LogCode, type PathEvent } from './path-events.js';
import { withdraw } from './withdraw.js';
import { RealTaxYear } from './real-tax-year.js';

export type { PathEvent } from './path-events.js';

/** Care costs and unemployment benefit as the life assumptions give them. */
export interface HouseholdLifeCosts {
  homeCareAnnualCost: number;
  nursingHomeAnnualCost: number;
  careCostPremium: number;
  benefitFraction: number;
  benefitYears: number;
}

const FULL = 1 - 1e-12;

/**
 * The household's yearly cash flows on one path: a pure function of the compiled plan, one
 * economy path and the members' life paths (docs/MODEL.md's order within a year). Buffers are
 * allocated once per simulator and reused for every path; `run` allocates nothing unless an
 * event list is passed.
 */
/**
 * A balance at or below this many currency units is what floating-point rounding leaves of an
 * account that was drawn down to nothing (e.g. income + assets - income != assets): it is zero.
 */
const ROUNDING_DUST = 1e-9;

export class HouseholdPathSimulator {
  readonly years: number;
  // Per-year results, nominal (flows at the start of the year, balances at the end).
  readonly netWorth: Float64Array;
  readonly liquidAssets: Float64Array;
  readonly income: Float64Array;
  readonly spending: Float64Array;
  readonly shortfall: Float64Array;
  readonly taxes: Float64Array;
  /** Years simulated on this path: up to and including the year of the last adult death, or the horizon. */
  yearsRun = 0;
  depletionYear = -1;
  /** Whether the essential spending of the path's last year went unmet: the household ran out (and did not recover). */
  ranOut = false;
  totalShortfallReal = 0;
  /** The real terminal estate after the estate tax (which the LEGACY goal measures), and before it. */
  terminalEstateReal = 0;
  terminalEstateBeforeTaxReal = 0;
  /** The estate tax on the terminal estate, real (0 without an estate tax). */
  estateTaxReal = 0;
  success = false;
  /**
   * Per goal, real (year-0 money): targets that came due and amounts paid; whether it came due;
   * whether every occurrence was paid in full.
   */
  readonly goalTarget: Float64Array;
  readonly goalPaid: Float64Array;
  readonly goalCameDue: Uint8Array;
  readonly goalFull: Uint8Array;

  /** Account balances (nominal), in the compiled order (an implicit cash account last if the plan has none). */
  readonly balance: Float64Array;
  private readonly propertyValue: Float64Array;
  /**
   * 1 while the household owns the property: 0 once sold, and 0 until bought for a property a goal
   * buys (its value meanwhile follows the market, outside net worth).
   */
  private readonly propertyOwned: Uint8Array;
  /** Outstanding liability balances (nominal). */
  readonly debt: Float64Array;
  private readonly debtYearsLeft: Int32Array;
  private readonly ltcYearsPaid: Int32Array;
  private readonly alive: Uint8Array;
  private readonly disabledYears: Int32Array;
  private readonly unemployedYears: Int32Array;
  private readonly salaryPotential: Float64Array;
  private readonly salaryPaid: Float64Array;
  private readonly goalDueNow: Float64Array;
  private readonly tierNeed: Float64Array;
  private readonly tierFraction: Float64Array;
  private readonly careFactor: Float64Array;
  /** This year's state and job status of each member, and whether each account may be drawn (read once per year, used by every step). */
  private readonly stateNow: Uint8Array;
  private readonly unemployedNow: Uint8Array;
  private readonly accessNow: Uint8Array;
  /** Accounts that take contributions or a match, and the term-life policies: the loops that need them skip the rest. */
  private readonly contributors: Int32Array;
  /** Accounts with a fixed yearly saving (the solver's CONTRIBUTION lever). */
  private readonly savers: Int32Array;
  private readonly termLife: Int32Array;
  /**
   * Retirement accounts with an owner: the only accounts whose access changes (at the owner's access
   * age, or death); every other account's access flag is 1 from the start, and is not recomputed.
   */
  private readonly ageLocked: Int32Array;
  /** Whether any member has a salary: without one, the yearly salary and unemployment steps are skipped. */
  private readonly salaried: boolean;
  /**
   * The accounts the yearly loops visit: all of them, or all but the cash account (always last when
   * the plan has none of its own) when nothing can ever put money in it: no opening balance, no
   * buffer to top up, no property to sell, no term life to pay out, not the surplus account, no
   * contribution or saving. Left out, it stays 0, as it would.
   */
  private readonly accountsInLoop: number;
  /**
   * The one account a deficit is drawn from when the withdrawal order leaves no other (beside a
   * cash account that stays empty) and it is neither the cash account nor a retirement account;
   * else -1 (the general withdrawal, withdraw.ts).
   */
  private readonly drawOnly: number;
  /**
   * Whether anything but essentials can be asked for: a goal, or an expense not wholly essential.
   * Without, the lower tiers' needs are 0 every year and paying them is skipped.
   */
  private readonly lowerTiers: boolean;
  /** The goals falling due in year t (ascending) are goalsDue[goalsDueAt[t] … goalsDueAt[t + 1]): the yearly loops visit only those. */
  private readonly goalsDueAt: Int32Array;
  private readonly goalsDue: Int32Array;
  /**
   * The path's events, logged by the yearly loop on every path (code, year, item, member, amount)
   * and turned into PathEvent objects only when asked for. The loop thus has no branch that runs
   * only when events are wanted.
   */
  private readonly log: EventLog;
  /** This path's amounts of the rules-based public pensions, [income * years + t] (empty when the plan has none). */
  private readonly publicPension: Float64Array;
  /** The real tax rules' steps of a year, when the plan has them (else the flat rates apply). */
  readonly real: RealTaxYear | null;

  /**
   * `slots` paths' yearly figures fit in the per-year arrays, year t of slot i at [t * slots + i]
   * (a batch's paths, recorded year by year); one path's are at [t].
   */
  constructor(
    private readonly c: CompiledPlan,
    private readonly life: HouseholdLifeCosts,
    private readonly slots = 1,
  ) {
    const Y = (this.years = c.years);
    this.netWorth = new Float64Array(Y * slots);
    this.liquidAssets = new Float64Array(Y * slots);
    this.income = new Float64Array(Y * slots);
    this.spending = new Float64Array(Y * slots);
    this.shortfall = new Float64Array(Y * slots);
    this.taxes = new Float64Array(Y * slots);
    this.goalTarget = new Float64Array(c.goalCount);
    this.goalPaid = new Float64Array(c.goalCount);
    this.goalCameDue = new Uint8Array(c.goalCount);
    this.goalFull = new Uint8Array(c.goalCount);
    this.goalDueNow = new Float64Array(c.goalCount);
    this.balance = new Float64Array(c.accountCount);
    this.propertyValue = new Float64Array(c.propertyCount);
    this.propertyOwned = new Uint8Array(c.propertyCount);
    this.debt = new Float64Array(c.liabilityCount);
    this.debtYearsLeft = new Int32Array(c.liabilityCount);
    this.ltcYearsPaid = new Int32Array(c.insuranceCount);
    this.alive = new Uint8Array(c.memberCount);
    this.disabledYears = new Int32Array(c.memberCount);
    this.unemployedYears = new Int32Array(c.memberCount);
    this.salaryPotential = new Float64Array(c.memberCount);
    this.salaryPaid = new Float64Array(c.memberCount);
    this.tierNeed = new Float64Array(TIERS);
    this.tierFraction = new Float64Array(TIERS);
    this.careFactor = new Float64Array(Y);
    for (let t = 0; t < Y; t++) this.careFactor[t] = Math.pow(1 + life.careCostPremium, t);
    this.stateNow = new Uint8Array(c.memberCount);
    this.unemployedNow = new Uint8Array(c.memberCount);
    this.accessNow = new Uint8Array(c.accountCount);
    const contributors: number[] = [];
    for (let a = 0; a < c.accountCount; a++) if (c.contribution[a] !== 0 || c.matchRate[a] !== 0) contributors.push(a);
    this.contributors = Int32Array.from(contributors);
    const savers: number[] = [];
    for (let a = 0; a < c.accountCount; a++) if (c.extraContribution[a] !== 0 && c.extraContributionToT[a] > 0) savers.push(a);
    this.savers = Int32Array.from(savers);
    const termLife: number[] = [];
    for (let n = 0; n < c.insuranceCount; n++) if (c.insuranceKind[n] === InsuranceKind.TERM_LIFE) termLife.push(n);
    this.termLife = Int32Array.from(termLife);
    const ageLocked: number[] = [];
    for (let a = 0; a < c.accountCount; a++) {
      if (c.accountKind[a] === AccountKind.RETIREMENT && c.accountOwner[a] >= 0) ageLocked.push(a);
      else this.accessNow[a] = 1;
    }
    this.ageLocked = Int32Array.from(ageLocked);
    this.salaried = c.hasSalary.includes(1);
    this.goalsDueAt = new Int32Array(Y + 1);
    const due: number[] = [];
    for (let t = 0; t < Y; t++) {
      this.goalsDueAt[t] = due.length;
      for (let g = 0; g < c.goalCount; g++) if (c.goalDue[g * Y + t] === 1) due.push(g);
    }
    this.goalsDueAt[Y] = due.length;
    this.goalsDue = Int32Array.from(due);
    const cash = c.cashAccount;
    const cashStaysEmpty =
      cash === c.accountCount - 1 &&
      c.accountBalance0[cash] === 0 &&
      c.cashBuffer === 0 &&
      c.propertyCount === 0 &&
      termLife.length === 0 &&
      c.surplusAccount !== cash &&
      !contributors.includes(cash) &&
      !savers.includes(cash);
    this.accountsInLoop = cashStaysEmpty ? c.accountCount - 1 : c.accountCount;
    const drawn = Array.from(c.withdrawalOrder).filter((a) => a < this.accountsInLoop);
    const only = drawn.length === 1 ? drawn[0] : -1;
    this.real = c.plan.tax !== undefined ? new RealTaxYear(c) : null;
    this.drawOnly = only >= 0 && only !== cash && c.accountKind[only] !== AccountKind.RETIREMENT && this.real === null ? only : -1;
    this.lowerTiers = c.goalCount > 0 || c.expenseEssential.some((f) => f !== 1);
    if (!this.lowerTiers) this.tierFraction.fill(1);
    // At most, every year: each property sold, each policy paying, each term-life payout, a depletion;
    // plus each goal occurrence and legacy.
    const logSize = Y * (c.propertyCount + c.insuranceCount + termLife.length + 1) + due.length + c.goalCount;
    this.log = new EventLog(logSize);
    this.publicPension = new Float64Array(c.publicPensions === null ? 0 : c.incomeCount * Y);
  }

  /**
   * Simulates one path, writing its yearly figures as slot `slot`'s; when `events` is given, appends
   * the path's events to it (in the order of docs/MODEL.md's steps within each year).
   */
  run(econ: EconomyPath, lives: readonly MemberLifePath[], events: PathEvent[] | null = null, slot = 0): void {
    this.simulate(econ, lives, slot);
    if (events !== null) this.log.collect(this.c, lives, this.yearsRun, events);
  }

  private simulate(econ: EconomyPath, lives: readonly MemberLifePath[], slot: number): void {
    // Every array and constant of the plan is read into a local once per path: the yearly loop
    // then does no property loads through `c` or `this`, which calls and stores would otherwise force it to repeat.
    const c = this.c;
    const Y = this.years;
    const M = c.memberCount;
    // The accounts the yearly loops visit (an implicit cash account that stays empty left out).
    const A = this.accountsInLoop;
    const drawOnly = this.drawOnly;
    const tiers = this.lowerTiers ? TIERS : 1;
    const I = c.incomeCount;
    const E = c.expenseCount;
    const P = c.propertyCount;
    const L = c.liabilityCount;
    const N = c.insuranceCount;
    const G = c.goalCount;
    const slots = this.slots;
    const bal = this.balance;
    const alive = this.alive;
    const stNow = this.stateNow;
    const unempNow = this.unemployedNow;
    const access = this.accessNow;
    const propertyValue = this.propertyValue;
    const propertyOwned = this.propertyOwned;
    const debt = this.debt;
    const debtYearsLeft = this.debtYearsLeft;
    const ltcYearsPaid = this.ltcYearsPaid;
    const disabledYears = this.disabledYears;
    const unemployedYears = this.unemployedYears;
    const salaryPotential = this.salaryPotential;
    const salaryPaid = this.salaryPaid;
    const goalDueNow = this.goalDueNow;
    const goalTarget = this.goalTarget;
    const goalPaid = this.goalPaid;
    const goalCameDue = this.goalCameDue;
    const goalFull = this.goalFull;
    const careFactor = this.careFactor;
    const netWorthOut = this.netWorth;
    const liquidOut = this.liquidAssets;
    const incomeOut = this.income;
    const spendingOut = this.spending;
    const shortfallOut = this.shortfall;
    const taxesOut = this.taxes;
    const need = this.tierNeed;
    const frac = this.tierFraction;
    const contributors = this.contributors;
    const savers = this.savers;
    const termLife = this.termLife;
    const ageLocked = this.ageLocked;
    const salaried = this.salaried;
    const dueAt = this.goalsDueAt;
    const dueGoals = this.goalsDue;
    const log = this.log;
    log.size = 0;
    const { homeCareAnnualCost, nursingHomeAnnualCost, benefitFraction, benefitYears } = this.life;
    const { isAdult, hasSalary, memberAge0, retirementAge } = c;
    const {
      incomeKind,
      incomeMember,
      incomeIndexed,
      incomeAmount,
      incomeGrowthFactor,
      incomeProperty,
      incomeFromT,
      incomeToT,
      incomeTax: incomeTaxCategory,
      incomeFromAge,
      incomeSurvivor,
    } = c;
    const {
      accountKind,
      accountOwner,
      accessAge,
      contribution,
      matchRate,
      matchLimit,
      extraContribution,
      extraContributionToT,
      weightCash,
      weightBonds,
      weightEquity,
      hasGlide,
      glideStart,
      glideEnd,
      glideEndEquity,
      accountFee,
    } = c;
    const {
      insuranceMember,
      insuranceKind,
      insuranceIndexed,
      insuranceUntilAge,
      insurancePremium,
      insuranceWaiting,
      insuranceAmount,
      insuranceMaxYears,
    } = c;
    const {
      expenseAmount,
      expenseIndexed,
      expenseIsLiving,
      expenseRetirementFactor,
      expenseSurvivorFactor,
      expenseFromT,
      expenseToT,
      expenseEssential,
    } = c;
    const { liabilityVariable, liabilityRate, liabilityInterestOnly, liabilityDiscountAt, liabilityDiscount, liabilityProperty } = c;
    const { goalMember, goalAmount, goalTier, goalIsLegacy, goalLiability, propertySellT, propertySellingCost, propertySellOnNursingHome } =
      c;
    const { goalProperty, propertyBought, liabilityFinancesPurchase } = c;
    const debtPayoff = c.hasDebtPayoff === 1;
    const purchase = c.hasPurchase === 1;
    const { cashBuffer, taxEarned, taxPension, taxGains, taxWithdrawal, surplusAccount, guardrails, guardBadYear, guardCut, guardFloor } =
      c;
    const cpi = econ.cpi;
    const shortRate = econ.shortRate;
    const cashReturn = econ.cashReturn;
    const bondReturn = econ.bondReturn;
    const equityReturn = econ.equityReturn;
    const propertyReturn = econ.propertyReturn;

    // Per-path state reset with plain loops: these arrays hold a handful of items, for which a
    // typed array's set() or fill() (a call into the runtime) costs more than the stores.
    const balance0 = c.accountBalance0;
    for (let a = 0; a < c.accountCount; a++) bal[a] = balance0[a];
    const propertyValue0 = c.propertyValue0;
    for (let p = 0; p < P; p++) {
      propertyValue[p] = propertyValue0[p];
      propertyOwned[p] = 1 - propertyBought[p];
    }
    const liabilityBalance0 = c.liabilityBalance0;
    const liabilityYears = c.liabilityYears;
    for (let l = 0; l < L; l++) {
      const later = liabilityFinancesPurchase[l] === 1; // lent at the purchase
      debt[l] = later ? 0 : liabilityBalance0[l];
      debtYearsLeft[l] = later ? 0 : liabilityYears[l];
    }
    for (let n = 0; n < N; n++) ltcYearsPaid[n] = 0;
    for (let m = 0; m < M; m++) {
      disabledYears[m] = 0;
      unemployedYears[m] = 0;
    }
    for (let g = 0; g < G; g++) {
      goalTarget[g] = 0;
      goalPaid[g] = 0;
      goalCameDue[g] = 0;
      goalFull[g] = 1;
    }
    const real = this.real;
    if (real !== null) real.startPath();
    let depletionYear = -1;
    let totalShortfallReal = 0;
    let guardFactor = 1;
    let t = 0;
    const cash = c.cashAccount;
    const publicPension = this.publicPension;
    if (c.publicPensions !== null) c.publicPensions.fill(econ, lives, publicPension);

    for (; t < Y; t++) {
      // (1) States: who is alive this year (a death in year t shows as DEAD from t + 1).
      let adultsAlive = 0;
      let adultDead = 0;
      let adultsInNursingHome = 0;
      let working = 0;
      for (let m = 0; m < M; m++) {
        const life = lives[m];
        const st = life.state[t];
        stNow[m] = st;
        unempNow[m] = life.unemployed[t];
        const a = st !== MemberState.DEAD ? 1 : 0;
        alive[m] = a;
        if (isAdult[m] === 1) {
          if (a === 1) adultsAlive++;
          else adultDead++;
          if (st === MemberState.LTC && life.careSetting[t] === CareSetting.NURSING_HOME) adultsInNursingHome++;
        }
        if (a === 1 && hasSalary[m] === 1 && memberAge0[m] + t < retirementAge[m]) working++;
        disabledYears[m] = st === MemberState.DISABLED ? disabledYears[m] + 1 : 0;
      }
      if (adultsAlive === 0) break;
      // A retirement account may be drawn once its owner reaches the access age (or has died: it passes to the estate).
      for (let k = 0; k < ageLocked.length; k++) {
        const a = ageLocked[k];
        const m = accountOwner[a];
        access[a] = alive[m] === 0 || memberAge0[m] + t >= accessAge[a] ? 1 : 0;
      }
      const allRetired = working === 0;
      const survivor = adultDead > 0;
      const cpiT = cpi[t];
      const buffer = cashBuffer * cpiT;
      let extraEssential = 0;
      const taxed = real !== null ? real.ht.people : null;
      if (real !== null) real.begin(t, cpi, bal, alive);

      // Property sales by rule (in its year, or once the home is left for a nursing home): the
      // price less costs and the debt it secures goes to cash.
      const homeLeft = adultsInNursingHome === adultsAlive;
      for (let p = 0; p < P; p++) {
        if (propertyOwned[p] === 1 && (propertySellT[p] === t || (homeLeft && propertySellOnNursingHome[p] === 1))) {
          let proceeds = propertyValue[p] * (1 - propertySellingCost[p]);
          for (let l = 0; l < L; l++) {
            if (liabilityProperty[l] === p) {
              proceeds -= debt[l];
              debt[l] = 0;
              debtYearsLeft[l] = 0;
            }
          }
          if (proceeds >= 0) bal[cash] += proceeds;
          else extraEssential -= proceeds;
          propertyOwned[p] = 0;
          propertyValue[p] = 0;
          log.add(LogCode.PROPERTY_SOLD, t, p, -1, proceeds);
        }
      }

      // (2) Incomes.
      let earned = 0;
      let pension = 0;
      let untaxed = 0;
      if (salaried) {
        for (let m = 0; m < M; m++) {
          salaryPotential[m] = 0;
          salaryPaid[m] = 0;
        }
      }
      for (let i = 0; i < I; i++) {
        const kind = incomeKind[i];
        const m = incomeMember[i];
        const index = incomeIndexed[i] === 1 ? cpiT : 1;
        if (kind === IncomeKind.SALARY) {
          if (memberAge0[m] + t >= retirementAge[m]) continue;
          const potential = incomeAmount[i] * cpiT * incomeGrowthFactor[i * Y + t];
          salaryPotential[m] += potential;
          if (stNow[m] === MemberState.HEALTHY && unempNow[m] === 0) {
            salaryPaid[m] += potential;
            earned += potential;
            if (taxed !== null) taxed[m].earnings += potential;
          }
        } else if (kind === IncomeKind.RENTAL) {
          if (propertyOwned[incomeProperty[i]] === 1) {
            earned += incomeAmount[i] * index;
            // Rent is ordinary income without social contributions, shared by the living adults.
            if (real !== null) real.ht.shared('pensionIncome', incomeAmount[i] * index, alive);
          }
        } else if (kind === IncomeKind.OTHER) {
          if (t < incomeFromT[i] || t > incomeToT[i] || (m >= 0 && alive[m] === 0)) continue;
          const amount = incomeAmount[i] * index;
          const cat = incomeTaxCategory[i];
          if (cat === TaxCategory.EARNED) earned += amount;
          else if (cat === TaxCategory.PENSION) pension += amount;
          else untaxed += amount;
          if (real !== null && cat !== TaxCategory.NONE) {
            const field = cat === TaxCategory.EARNED ? 'earnings' : 'pensionIncome';
            if (m >= 0) taxed![m][field] += amount;
            else real.ht.shared(field, amount, alive);
          }
        } else if (kind === IncomeKind.PUBLIC_PENSION) {
          // UK State Pension or US Social Security from rules: the `statePension` kind of income.
          const paid = publicPension[i * Y + t];
          pension += paid;
          if (real !== null && paid > 0) addPension(real, true, m, paid, alive, isAdult);
        } else {
          if (memberAge0[m] + t < incomeFromAge[i]) continue;
          const amount = incomeAmount[i] * index;
          const paid = alive[m] === 1 ? amount : amount * incomeSurvivor[i];
          pension += paid;
          if (real !== null && paid > 0) addPension(real, kind === IncomeKind.STATE_PENSION, m, paid, alive, isAdult);
        }
      }
      // Unemployment benefit: a fraction of the lost salary for the first `benefitYears` of a spell.
      for (let m = 0; salaried && m < M; m++) {
        if (alive[m] === 1 && unempNow[m] === 1 && salaryPotential[m] > 0) {
          const spell = ++unemployedYears[m];
          // The spell's k-th year pays the share of it still within benefitYears (which may be fractional).
          const share = benefitShare(benefitYears, spell);
          if (stNow[m] === MemberState.HEALTHY && share > 0) {
            earned += share * benefitFraction * salaryPotential[m];
            // Unemployment benefit is taxable income without social contributions.
            if (taxed !== null) taxed[m].pensionIncome += share * benefitFraction * salaryPotential[m];
          }
        } else {
          unemployedYears[m] = 0;
        }
      }
      // Retirement contributions out of salary (pre-tax), plus the employer's match.
      let employeeContributions = 0;
      for (let k = 0; k < contributors.length; k++) {
        const a = contributors[k];
        const m = accountOwner[a];
        const salary = m >= 0 ? salaryPaid[m] : 0;
        if (salary === 0) continue;
        const f = contribution[a];
        const own = real !== null ? real.contribute(a, m, f * salary) : f * salary;
        const match = matchRate[a] * Math.min(f, matchLimit[a]) * salary;
        bal[a] += own + match;
        employeeContributions += own;
      }
      if (real !== null) {
        pension += real.paidOutTaxable;
        untaxed += real.paidOutTaxFree;
      }
      const incomeTax = real !== null ? real.provisional(alive) : (earned - employeeContributions) * taxEarned + pension * taxPension;
      // Fixed savings out of net income while the account's owner lives (the whole path if unowned).
      let savings = 0;
      for (let k = 0; k < savers.length; k++) {
        const a = savers[k];
        const m = accountOwner[a];
        if (t >= extraContributionToT[a] || (m >= 0 && alive[m] === 0)) continue;
        const amount = extraContribution[a] * cpiT;
        bal[a] += amount;
        if (real !== null) real.deposit(a, amount);
        savings += amount;
      }
      let taxes = incomeTax;

      // Insurance: premiums while in force, benefits while claiming.
      let premiums = 0;
      for (let n = 0; n < N; n++) {
        const m = insuranceMember[n];
        if (alive[m] === 0) continue;
        const kind = insuranceKind[n];
        const age = memberAge0[m] + t;
        const index = insuranceIndexed[n] === 1 ? cpiT : 1;
        const st = stNow[m];
        if (kind === InsuranceKind.TERM_LIFE) {
          if (age < insuranceUntilAge[n]) premiums += insurancePremium[n] * index;
        } else if (kind === InsuranceKind.DISABILITY_INCOME) {
          if (age >= insuranceUntilAge[n]) continue;
          if (st !== MemberState.DISABLED) premiums += insurancePremium[n] * index;
          else if (disabledYears[m] > insuranceWaiting[n]) {
            const benefit = insuranceAmount[n] * salaryPotential[m];
            untaxed += benefit;
            if (benefit > 0) {
              log.add(LogCode.INSURANCE_PAYOUT, t, n, m, benefit);
            }
          }
        } else {
          if (st !== MemberState.LTC) premiums += insurancePremium[n] * index;
          else if (ltcYearsPaid[n] < insuranceMaxYears[n]) {
            const benefit = insuranceAmount[n] * index;
            untaxed += benefit;
            ltcYearsPaid[n]++;
            log.add(LogCode.INSURANCE_PAYOUT, t, n, m, benefit);
          }
        }
      }

      // Care costs by setting, growing with CPI plus the care-cost premium.
      let care = 0;
      for (let m = 0; m < M; m++) {
        if (stNow[m] !== MemberState.LTC) continue;
        const cost = lives[m].careSetting[t] === CareSetting.NURSING_HOME ? nursingHomeAnnualCost : homeCareAnnualCost;
        care += cost * cpiT * careFactor[t];
      }

      // Expenses: essential and discretionary parts.
      let essential = extraEssential + premiums + care;
      let discretionary = 0;
      for (let e = 0; e < E; e++) {
        let amount = expenseAmount[e] * (expenseIndexed[e] === 1 ? cpiT : 1);
        if (expenseIsLiving[e] === 1) {
          if (allRetired) amount *= expenseRetirementFactor[e];
          if (survivor) amount *= expenseSurvivorFactor[e];
        } else if (t < expenseFromT[e] || t > expenseToT[e]) continue;
        const ess = amount * expenseEssential[e];
        essential += ess;
        discretionary += amount - ess;
      }
      discretionary *= guardFactor;

      // Debt service: interest on the balance at the start of the year plus scheduled principal.
      for (let l = 0; l < L; l++) {
        const n = debtYearsLeft[l];
        const b = debt[l];
        if (n <= 0 || b <= 0) continue;
        let rate = liabilityVariable[l] === 1 ? shortRate[t] + liabilityRate[l] : liabilityRate[l];
        if (rate < 0) rate = 0;
        const interest = b * rate;
        let payment: number;
        if (liabilityInterestOnly[l] === 1) payment = n === 1 ? interest + b : interest;
        else {
          const at = liabilityDiscountAt[l];
          payment = annuityPayment(b, rate, n, at >= 0 ? liabilityDiscount[at + n] : Math.pow(1 + rate, -n));
        }
        const principal = n === 1 ? b : payment - interest;
        debt[l] = n === 1 ? 0 : b - principal;
        debtYearsLeft[l] = n - 1;
        essential += payment;
      }

      // Goals falling due this year, by priority tier.
      for (let k = 0; k < TIERS; k++) need[k] = 0;
      need[0] = essential;
      need[DISCRETIONARY_TIER] = discretionary;
      const dueFrom = dueAt[t];
      const dueTo = dueAt[t + 1];
      for (let k = dueFrom; k < dueTo; k++) {
        const g = dueGoals[k];
        goalDueNow[g] = 0;
        const m = goalMember[g];
        if (m >= 0 && alive[m] === 0) continue;
        let target = goalAmount[g] * cpiT;
        // Repaying a liability asks at most for what is still owed after this year's payment.
        if (debtPayoff && goalLiability[g] >= 0 && debt[goalLiability[g]] < target) target = debt[goalLiability[g]];
        // A deposit is at most the price: the property's market value at the start of the year.
        if (purchase && goalProperty[g] >= 0 && propertyValue[goalProperty[g]] < target) target = propertyValue[goalProperty[g]];
        if (target <= 0) continue;
        goalDueNow[g] = target;
        need[goalTier[g]] += target;
      }

      // Pay by tier: essentials from everything liquid; lower tiers only above the cash buffer.
      const grossIncome = earned + pension + untaxed;
      const netIncome = grossIncome - incomeTax - employeeContributions - savings;
      let liquidAfterTax = 0;
      for (let a = 0; a < A; a++) {
        const b = bal[a];
        if (accountKind[a] === AccountKind.RETIREMENT) {
          if (access[a] === 0) continue;
          liquidAfterTax += b * (1 - taxWithdrawal);
        } else {
          liquidAfterTax += b;
        }
      }
      const resources = netIncome + liquidAfterTax;
      const paid0 = need[0] <= resources ? need[0] : Math.max(0, resources);
      const shortfall = need[0] - paid0;
      frac[0] = need[0] > 0 ? paid0 / need[0] : 1;
      let room = resources - paid0 - buffer;
      if (room < 0) room = 0;
      let spent = paid0;
      // Without goals or discretionary spending the lower tiers ask for nothing (their fractions stay 1).
      for (let k = 1; k < tiers; k++) {
        const f = need[k] <= room ? 1 : room / need[k];
        frac[k] = f;
        const paid = need[k] * f;
        room -= paid;
        if (room < 0) room = 0;
        spent += paid;
      }

      // Goals that move the balance sheet, with what they were paid.
      if (debtPayoff || purchase) {
        for (let k = dueFrom; k < dueTo; k++) {
          const g = dueGoals[k];
          if (goalDueNow[g] === 0) continue;
          const paid = goalDueNow[g] * frac[goalTier[g]];
          // DEBT_PAYOFF repays its liability: later payments are recomputed on the lower balance
          // over the years left (an interest-only loan's balloon falls with it).
          const l = goalLiability[g];
          if (l >= 0) {
            const left = debt[l] - paid;
            if (left <= ROUNDING_DUST) {
              debt[l] = 0;
              debtYearsLeft[l] = 0;
            } else debt[l] = left;
          }
          // HOME_PURCHASE buys its property at its market value: the deposit is what the goal was
          // paid, and the liability naming the property lends the rest over its term, the first
          // payment falling due next year. Net worth is unchanged by the purchase itself.
          const p = goalProperty[g];
          if (p >= 0 && propertyOwned[p] === 0) {
            propertyOwned[p] = 1;
            const loan = propertyValue[p] - paid;
            if (loan <= ROUNDING_DUST) continue;
            for (let n = 0; n < L; n++) {
              if (liabilityProperty[n] !== p || liabilityFinancesPurchase[n] === 0) continue;
              debt[n] = loan;
              debtYearsLeft[n] = liabilityYears[n];
            }
          }
        }
      }

      // (3) Save the surplus or withdraw the deficit.
      const flow = netIncome - spent;
      if (flow >= 0) {
        const toCash = Math.min(flow, Math.max(0, buffer - bal[cash]));
        bal[cash] += toCash;
        bal[surplusAccount] += flow - toCash;
        if (real !== null) real.deposit(surplusAccount, flow - toCash);
      } else if (real !== null) {
        taxes += real.withdraw(-flow, bal, access, buffer, alive, taxes);
      } else if (drawOnly >= 0) {
        // Only one account can be drawn, with no buffer and no tax: the deficit is taken from it, as far as it goes.
        const b = bal[drawOnly];
        if (b > 0) bal[drawOnly] = b - Math.min(-flow, b);
      } else {
        taxes += withdraw(c, bal, access, -flow, buffer);
      }

      // (4) Returns by allocation, fees, tax on taxable gains; property values.
      let before = 0;
      let after = 0;
      const rc = cashReturn[t];
      const rb = bondReturn[t];
      const re = equityReturn[t];
      for (let a = 0; a < A; a++) {
        const b = bal[a];
        if (b <= ROUNDING_DUST) {
          bal[a] = 0;
          continue;
        }
        let we = weightEquity[a];
        let wb = weightBonds[a];
        let wc = weightCash[a];
        if (hasGlide[a] === 1) {
          const age = memberAge0[accountOwner[a]] + t;
          const target = glideEquity(age, glideStart[a], glideEnd[a], we, glideEndEquity[a]);
          wb += we - target;
          we = target;
          // Equity raised beyond what bonds hold comes out of cash: a negative weight would borrow at the bond return.
          if (wb < 0) {
            wc += wb;
            wb = 0;
          }
        }
        const r = wc * rc + wb * rb + we * re;
        if (real !== null) real.earnInterest(a, b * (wc * rc + wb * rb), alive);
        let nb = b * (1 + r);
        if (accountKind[a] === AccountKind.TAXABLE && r > 0 && taxGains > 0) {
          const tax = b * r * taxGains;
          nb -= tax;
          taxes += tax;
        }
        nb *= 1 - accountFee[a];
        bal[a] = nb;
        before += b;
        after += nb;
      }
      if (real !== null) taxes = real.settle(bal, alive, taxes, surplusAccount);
      if (guardrails) {
        const ret = before > 0 ? after / before - 1 : 0;
        guardFactor = guardrailFactor(guardFactor, ret, guardBadYear, guardCut, guardFloor);
      }
      const rp = propertyReturn[t];
      for (let p = 0; p < P; p++) propertyValue[p] *= 1 + rp;

      // Term life: the sum assured reaches cash at the end of the year of death.
      let payout = 0;
      for (let k = 0; k < termLife.length; k++) {
        const n = termLife[k];
        const m = insuranceMember[n];
        if (lives[m].deathYear !== t || memberAge0[m] + t >= insuranceUntilAge[n]) continue;
        const amount = insuranceAmount[n] * (insuranceIndexed[n] === 1 ? cpiT : 1);
        payout += amount;
        log.add(LogCode.INSURANCE_PAYOUT, t, n, m, amount);
      }
      bal[cash] += payout;

      // (5) Record end-of-year figures.
      let worth = 0;
      let liquidEnd = 0;
      for (let a = 0; a < A; a++) {
        worth += bal[a];
        if (access[a] === 1) liquidEnd += bal[a];
      }
      for (let p = 0; p < P; p++) if (propertyOwned[p] === 1) worth += propertyValue[p];
      for (let l = 0; l < L; l++) worth -= debt[l];
      const at = t * slots + slot;
      netWorthOut[at] = worth;
      liquidOut[at] = liquidEnd;
      incomeOut[at] = grossIncome + payout;
      spendingOut[at] = spent;
      shortfallOut[at] = shortfall;
      taxesOut[at] = taxes;
      if (shortfall > 0) {
        totalShortfallReal += shortfall / cpiT;
        if (depletionYear < 0) {
          depletionYear = t;
          log.add(LogCode.DEPLETION, t, -1, -1, shortfall);
        }
      }
      for (let k = dueFrom; k < dueTo; k++) {
        const g = dueGoals[k];
        const target = goalDueNow[g];
        if (target === 0) continue;
        const paid = target * frac[goalTier[g]];
        goalCameDue[g] = 1;
        goalTarget[g] += target / cpiT;
        goalPaid[g] += paid / cpiT;
        const full = paid >= target * FULL;
        if (!full) goalFull[g] = 0;
        log.add(full ? LogCode.GOAL_FUNDED : LogCode.GOAL_MISSED, t, g, -1, paid);
      }
    }

    this.depletionYear = depletionYear;
    this.totalShortfallReal = totalShortfallReal;
    log.inLoop = log.size;
    this.yearsRun = t;
    this.ranOut = t > 0 && shortfallOut[(t - 1) * slots + slot] > 0;
    const worthEnd = t > 0 ? netWorthOut[(t - 1) * slots + slot] : 0;
    const estateTax =
      c.estateTax === null || t === 0
        ? 0
        : c.estateTax.tax(t - 1, c.estateTax.balanceSheet(worthEnd, bal, propertyValue, propertyOwned, debt), cpi, lives);
    this.terminalEstateBeforeTaxReal = worthEnd / cpi[t];
    this.estateTaxReal = estateTax / cpi[t];
    this.terminalEstateReal = (worthEnd - estateTax) / cpi[t];
    let success = depletionYear < 0;
    for (let g = 0; g < G; g++) {
      if (goalIsLegacy[g] === 1) {
        const target = goalAmount[g];
        const estate = Math.max(0, this.terminalEstateReal);
        goalCameDue[g] = 1;
        goalTarget[g] = target;
        goalPaid[g] = Math.min(estate, target);
        goalFull[g] = estate >= target ? 1 : 0;
        log.add(estate >= target ? LogCode.GOAL_FUNDED : LogCode.GOAL_MISSED, t - 1, g, -1, estate * cpi[t]);
      }
      if (goalTier[g] === 0 && goalFull[g] === 0) success = false;
    }
    this.success = success;
  }
}

/**
 * A state pension (UK state pension or US Social Security) or another pension paid this year, as
 * income of its member, or of the surviving adult who receives its survivor's part.
 */
function addPension(real: RealTaxYear, state: boolean, m: number, amount: number, alive: Uint8Array, isAdult: Uint8Array): void {
  let to = m;
  if (alive[m] === 0) {
    to = -1;
    for (let k = 0; k < alive.length && to < 0; k++) if (k !== m && alive[k] === 1 && isAdult[k] === 1) to = k;
    if (to < 0) return;
  }
  const person = real.ht.people[to]!;
  if (state) person.statePension += amount;
  else person.pensionIncome += amount;
}
