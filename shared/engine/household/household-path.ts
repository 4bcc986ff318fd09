import type { EconomyPath } from '../economy/economy-path.js';
import { CareSetting, MemberState, type MemberLifePath } from '../life/life-path.js';
import { AccountKind, DISCRETIONARY_TIER, IncomeKind, InsuranceKind, TaxCategory, TIERS, type CompiledPlan } from './compiled-plan.js';

/** One event of a simulated life, for the `lives` section of the output. */
export interface PathEvent {
  year: number;
  type: 'DEATH' | 'DISABILITY' | 'RECOVERY' | 'LONG_TERM_CARE' | 'JOB_LOSS' | 'REEMPLOYMENT' | 'RETIREMENT' | 'GOAL_FUNDED' | 'GOAL_MISSED' | 'DEPLETION' | 'PROPERTY_SOLD' | 'INSURANCE_PAYOUT';
  memberId?: string;
  goalId?: string;
  itemId?: string;
  /** Nominal amount involved, where there is one. */
  amount?: number;
}

/** Care costs and unemployment benefit as the life assumptions give them. */
export interface HouseholdLifeCosts {
  homeCareAnnualCost: number;
  nursingHomeAnnualCost: number;
  careCostPremium: number;
  benefitFraction: number;
  benefitYears: number;
}

const FULL = 1 - 1e-12;

/** Clears a small array: a plain loop, since a typed array's fill() is a call into the runtime that costs more than these few stores. */
function zero(a: Float64Array | Int32Array | Uint8Array): void {
  for (let i = 0; i < a.length; i++) a[i] = 0;
}
// Module-local copies of the codes: reading an imported object's property in the hot loop costs a getter call under some loaders.
const HEALTHY = MemberState.HEALTHY;
const DISABLED = MemberState.DISABLED;
const LTC = MemberState.LTC;
const DEAD = MemberState.DEAD;
const NURSING_HOME = CareSetting.NURSING_HOME;
const SALARY = IncomeKind.SALARY;
const RENTAL = IncomeKind.RENTAL;
const OTHER = IncomeKind.OTHER;
const EARNED = TaxCategory.EARNED;
const PENSION = TaxCategory.PENSION;
const TERM_LIFE = InsuranceKind.TERM_LIFE;
const DISABILITY_INCOME = InsuranceKind.DISABILITY_INCOME;
const RETIREMENT = AccountKind.RETIREMENT;
const TAXABLE = AccountKind.TAXABLE;
const TIER_COUNT = TIERS;
const DISCRETIONARY = DISCRETIONARY_TIER;

/**
 * The household's yearly cash flows on one path: a pure function of the compiled plan, one
 * economy path and the members' life paths (MODEL.md's order within a year). Buffers are
 * allocated once per simulator and reused for every path; `run` allocates nothing unless an
 * event list is passed.
 */
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
  totalShortfallReal = 0;
  terminalEstateReal = 0;
  success = false;
  /** Per goal, real (year-0 money): targets that came due and amounts paid; whether it came due; whether every occurrence was paid in full. */
  readonly goalTarget: Float64Array;
  readonly goalPaid: Float64Array;
  readonly goalCameDue: Uint8Array;
  readonly goalFull: Uint8Array;

  /** Account balances (nominal), in the compiled order (an implicit cash account last if the plan has none). */
  readonly balance: Float64Array;
  private readonly propertyValue: Float64Array;
  private readonly propertySold: Uint8Array;
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

  constructor(private readonly c: CompiledPlan, private readonly life: HouseholdLifeCosts) {
    const Y = (this.years = c.years);
    this.netWorth = new Float64Array(Y);
    this.liquidAssets = new Float64Array(Y);
    this.income = new Float64Array(Y);
    this.spending = new Float64Array(Y);
    this.shortfall = new Float64Array(Y);
    this.taxes = new Float64Array(Y);
    this.goalTarget = new Float64Array(c.goalCount);
    this.goalPaid = new Float64Array(c.goalCount);
    this.goalCameDue = new Uint8Array(c.goalCount);
    this.goalFull = new Uint8Array(c.goalCount);
    this.goalDueNow = new Float64Array(c.goalCount);
    this.balance = new Float64Array(c.accountCount);
    this.propertyValue = new Float64Array(c.propertyCount);
    this.propertySold = new Uint8Array(c.propertyCount);
    this.debt = new Float64Array(c.liabilityCount);
    this.debtYearsLeft = new Int32Array(c.liabilityCount);
    this.ltcYearsPaid = new Int32Array(c.insuranceCount);
    this.alive = new Uint8Array(c.memberCount);
    this.disabledYears = new Int32Array(c.memberCount);
    this.unemployedYears = new Int32Array(c.memberCount);
    this.salaryPotential = new Float64Array(c.memberCount);
    this.salaryPaid = new Float64Array(c.memberCount);
    this.tierNeed = new Float64Array(TIER_COUNT);
    this.tierFraction = new Float64Array(TIER_COUNT);
    this.careFactor = new Float64Array(Y);
    for (let t = 0; t < Y; t++) this.careFactor[t] = Math.pow(1 + life.careCostPremium, t);
  }

  run(econ: EconomyPath, lives: readonly MemberLifePath[], events: PathEvent[] | null = null): void {
    const c = this.c;
    const Y = this.years;
    const M = c.memberCount;
    const bal = this.balance;
    const alive = this.alive;
    bal.set(c.accountBalance0);
    this.propertyValue.set(c.propertyValue0);
    zero(this.propertySold);
    this.debt.set(c.liabilityBalance0);
    this.debtYearsLeft.set(c.liabilityYears);
    zero(this.ltcYearsPaid);
    zero(this.disabledYears);
    zero(this.unemployedYears);
    zero(this.goalTarget);
    zero(this.goalPaid);
    zero(this.goalCameDue);
    for (let g = 0; g < c.goalCount; g++) this.goalFull[g] = 1;
    this.depletionYear = -1;
    this.totalShortfallReal = 0;
    let guardFactor = 1;
    let t = 0;
    const cash = c.cashAccount;

    for (; t < Y; t++) {
      // (1) States: who is alive this year (a death in year t shows as DEAD from t + 1).
      let adultsAlive = 0;
      let adultDead = 0;
      let working = 0;
      for (let m = 0; m < M; m++) {
        const st = lives[m].state[t];
        const a = st !== DEAD ? 1 : 0;
        alive[m] = a;
        if (c.isAdult[m] === 1) {
          if (a === 1) adultsAlive++;
          else adultDead++;
        }
        if (a === 1 && c.hasSalary[m] === 1 && c.memberAge0[m] + t < c.retirementAge[m]) working++;
        this.disabledYears[m] = st === DISABLED ? this.disabledYears[m] + 1 : 0;
        if (events !== null) this.memberEvents(lives, m, t, events);
      }
      if (adultsAlive === 0) break;
      const allRetired = working === 0;
      const survivor = adultDead > 0;
      const cpiT = econ.cpi[t];
      const buffer = c.cashBuffer * cpiT;
      let extraEssential = 0;

      // Property sales by rule: the price less costs and the debt it secures goes to cash.
      for (let p = 0; p < c.propertyCount; p++) {
        if (this.propertySold[p] === 0 && c.propertySellT[p] === t) {
          let proceeds = this.propertyValue[p] * (1 - c.propertySellingCost[p]);
          for (let l = 0; l < c.liabilityCount; l++) {
            if (c.liabilityProperty[l] === p) { proceeds -= this.debt[l]; this.debt[l] = 0; this.debtYearsLeft[l] = 0; }
          }
          if (proceeds >= 0) bal[cash] += proceeds;
          else extraEssential -= proceeds;
          this.propertySold[p] = 1;
          this.propertyValue[p] = 0;
          if (events !== null) events.push({ year: t, type: 'PROPERTY_SOLD', itemId: c.plan.properties[p].id, amount: proceeds });
        }
      }

      // (2) Incomes.
      let earned = 0;
      let pension = 0;
      let untaxed = 0;
      for (let m = 0; m < M; m++) { this.salaryPotential[m] = 0; this.salaryPaid[m] = 0; }
      for (let i = 0; i < c.incomeCount; i++) {
        const kind = c.incomeKind[i];
        const m = c.incomeMember[i];
        const index = c.incomeIndexed[i] === 1 ? cpiT : 1;
        if (kind === SALARY) {
          if (c.memberAge0[m] + t >= c.retirementAge[m]) continue;
          const potential = c.incomeAmount[i] * cpiT * c.incomeGrowthFactor[i * Y + t];
          this.salaryPotential[m] += potential;
          if (alive[m] === 1 && lives[m].state[t] === HEALTHY && lives[m].unemployed[t] === 0) {
            this.salaryPaid[m] += potential;
            earned += potential;
          }
        } else if (kind === RENTAL) {
          if (this.propertySold[c.incomeProperty[i]] === 0) earned += c.incomeAmount[i] * index;
        } else if (kind === OTHER) {
          if (t < c.incomeFromT[i] || t > c.incomeToT[i] || (m >= 0 && alive[m] === 0)) continue;
          const amount = c.incomeAmount[i] * index;
          const cat = c.incomeTax[i];
          if (cat === EARNED) earned += amount;
          else if (cat === PENSION) pension += amount;
          else untaxed += amount;
        } else {
          if (c.memberAge0[m] + t < c.incomeFromAge[i]) continue;
          const amount = c.incomeAmount[i] * index;
          pension += alive[m] === 1 ? amount : amount * c.incomeSurvivor[i];
        }
      }
      // Unemployment benefit: a fraction of the lost salary for the first `benefitYears` of a spell.
      for (let m = 0; m < M; m++) {
        if (alive[m] === 1 && lives[m].unemployed[t] === 1 && this.salaryPotential[m] > 0) {
          this.unemployedYears[m]++;
          // The spell's k-th year pays the share of it still within benefitYears (which may be fractional).
          const share = Math.min(1, Math.max(0, this.life.benefitYears - (this.unemployedYears[m] - 1)));
          if (lives[m].state[t] === HEALTHY && share > 0) earned += share * this.life.benefitFraction * this.salaryPotential[m];
        } else {
          this.unemployedYears[m] = 0;
        }
      }
      // Retirement contributions out of salary (pre-tax), plus the employer's match.
      let employeeContributions = 0;
      for (let a = 0; a < c.accountCount; a++) {
        const f = c.contribution[a];
        if (f === 0 && c.matchRate[a] === 0) continue;
        const m = c.accountOwner[a];
        const salary = m >= 0 ? this.salaryPaid[m] : 0;
        if (salary === 0) continue;
        const own = f * salary;
        const match = c.matchRate[a] * Math.min(f, c.matchLimit[a]) * salary;
        bal[a] += own + match;
        employeeContributions += own;
      }
      const incomeTax = (earned - employeeContributions) * c.taxEarned + pension * c.taxPension;
      let taxes = incomeTax;

      // Insurance: premiums while in force, benefits while claiming.
      let premiums = 0;
      for (let n = 0; n < c.insuranceCount; n++) {
        const m = c.insuranceMember[n];
        if (alive[m] === 0) continue;
        const kind = c.insuranceKind[n];
        const age = c.memberAge0[m] + t;
        const index = c.insuranceIndexed[n] === 1 ? cpiT : 1;
        const st = lives[m].state[t];
        if (kind === TERM_LIFE) {
          if (age < c.insuranceUntilAge[n]) premiums += c.insurancePremium[n] * index;
        } else if (kind === DISABILITY_INCOME) {
          if (age >= c.insuranceUntilAge[n]) continue;
          if (st !== DISABLED) premiums += c.insurancePremium[n] * index;
          else if (this.disabledYears[m] > c.insuranceWaiting[n]) {
            const benefit = c.insuranceAmount[n] * this.salaryPotential[m];
            untaxed += benefit;
            if (events !== null && benefit > 0) events.push({ year: t, type: 'INSURANCE_PAYOUT', itemId: c.plan.insurance[n].id, memberId: c.plan.members[m].id, amount: benefit });
          }
        } else {
          if (st !== LTC) premiums += c.insurancePremium[n] * index;
          else if (this.ltcYearsPaid[n] < c.insuranceMaxYears[n]) {
            const benefit = c.insuranceAmount[n] * index;
            untaxed += benefit;
            this.ltcYearsPaid[n]++;
            if (events !== null) events.push({ year: t, type: 'INSURANCE_PAYOUT', itemId: c.plan.insurance[n].id, memberId: c.plan.members[m].id, amount: benefit });
          }
        }
      }

      // Care costs by setting, growing with CPI plus the care-cost premium.
      let care = 0;
      for (let m = 0; m < M; m++) {
        if (alive[m] === 0 || lives[m].state[t] !== LTC) continue;
        const setting = lives[m].careSetting[t];
        const cost = setting === NURSING_HOME ? this.life.nursingHomeAnnualCost : this.life.homeCareAnnualCost;
        care += cost * cpiT * this.careFactor[t];
      }

      // Expenses: essential and discretionary parts.
      let essential = extraEssential + premiums + care;
      let discretionary = 0;
      for (let e = 0; e < c.expenseCount; e++) {
        let amount = c.expenseAmount[e] * (c.expenseIndexed[e] === 1 ? cpiT : 1);
        if (c.expenseIsLiving[e] === 1) {
          if (allRetired) amount *= c.expenseRetirementFactor[e];
          if (survivor) amount *= c.expenseSurvivorFactor[e];
        } else if (t < c.expenseFromT[e] || t > c.expenseToT[e]) continue;
        const ess = amount * c.expenseEssential[e];
        essential += ess;
        discretionary += amount - ess;
      }
      discretionary *= guardFactor;

      // Debt service: interest on the balance at the start of the year plus scheduled principal.
      for (let l = 0; l < c.liabilityCount; l++) {
        const n = this.debtYearsLeft[l];
        const b = this.debt[l];
        if (n <= 0 || b <= 0) continue;
        let rate = c.liabilityVariable[l] === 1 ? econ.shortRate[t] + c.liabilityRate[l] : c.liabilityRate[l];
        if (rate < 0) rate = 0;
        const interest = b * rate;
        let payment: number;
        if (c.liabilityInterestOnly[l] === 1) payment = n === 1 ? interest + b : interest;
        else {
          const at = c.liabilityDiscountAt[l];
          payment = rate === 0 ? b / n : (b * rate) / (1 - (at >= 0 ? c.liabilityDiscount[at + n] : Math.pow(1 + rate, -n)));
        }
        const principal = n === 1 ? b : payment - interest;
        this.debt[l] = n === 1 ? 0 : b - principal;
        this.debtYearsLeft[l] = n - 1;
        essential += payment;
      }

      // Goals falling due this year, by priority tier.
      const need = this.tierNeed;
      for (let k = 0; k < TIER_COUNT; k++) need[k] = 0;
      need[0] = essential;
      need[DISCRETIONARY] = discretionary;
      for (let g = 0; g < c.goalCount; g++) {
        this.goalDueNow[g] = 0;
        if (c.goalDue[g * Y + t] === 0) continue;
        const m = c.goalMember[g];
        if (m >= 0 && alive[m] === 0) continue;
        const target = c.goalAmount[g] * cpiT;
        this.goalDueNow[g] = target;
        need[c.goalTier[g]] += target;
      }

      // Pay by tier: essentials from everything liquid; lower tiers only above the cash buffer.
      const grossIncome = earned + pension + untaxed;
      const netIncome = grossIncome - incomeTax - employeeContributions;
      let liquid = 0;
      let liquidAfterTax = 0;
      for (let a = 0; a < c.accountCount; a++) {
        const b = bal[a];
        if (c.accountKind[a] === RETIREMENT) {
          if (!this.accessible(a, t)) continue;
          liquid += b;
          liquidAfterTax += b * (1 - c.taxWithdrawal);
        } else {
          liquid += b;
          liquidAfterTax += b;
        }
      }
      const resources = netIncome + liquidAfterTax;
      const frac = this.tierFraction;
      const paid0 = need[0] <= resources ? need[0] : Math.max(0, resources);
      const shortfall = need[0] - paid0;
      frac[0] = need[0] > 0 ? paid0 / need[0] : 1;
      let room = resources - paid0 - buffer;
      if (room < 0) room = 0;
      let spent = paid0;
      for (let k = 1; k < TIER_COUNT; k++) {
        const f = need[k] <= room ? 1 : room / need[k];
        frac[k] = f;
        const paid = need[k] * f;
        room -= paid;
        if (room < 0) room = 0;
        spent += paid;
      }

      // (3) Save the surplus or withdraw the deficit.
      const flow = netIncome - spent;
      if (flow >= 0) {
        const toCash = Math.min(flow, Math.max(0, buffer - bal[cash]));
        bal[cash] += toCash;
        bal[c.surplusAccount] += flow - toCash;
      } else {
        taxes += this.withdraw(-flow, t, buffer);
      }

      // (4) Returns by allocation, fees, tax on taxable gains; property values.
      let before = 0;
      let after = 0;
      const rc = econ.cashReturn[t];
      const rb = econ.bondReturn[t];
      const re = econ.equityReturn[t];
      for (let a = 0; a < c.accountCount; a++) {
        const b = bal[a];
        if (b <= 0) { bal[a] = 0; continue; }
        let we = c.weightEquity[a];
        let wb = c.weightBonds[a];
        if (c.hasGlide[a] === 1) {
          const age = c.memberAge0[c.accountOwner[a]] + t;
          const s = c.glideStart[a];
          const e = c.glideEnd[a];
          const target = age <= s ? we : age >= e ? c.glideEndEquity[a] : we + ((c.glideEndEquity[a] - we) * (age - s)) / (e - s);
          wb += we - target;
          we = target;
        }
        const r = c.weightCash[a] * rc + wb * rb + we * re;
        let nb = b * (1 + r);
        if (c.accountKind[a] === TAXABLE && r > 0 && c.taxGains > 0) {
          const tax = b * r * c.taxGains;
          nb -= tax;
          taxes += tax;
        }
        nb *= 1 - c.accountFee[a];
        bal[a] = nb;
        before += b;
        after += nb;
      }
      if (c.guardrails) {
        const ret = before > 0 ? after / before - 1 : 0;
        guardFactor = ret < c.guardBadYear ? Math.max(c.guardFloor, guardFactor - c.guardCut) : Math.min(1, guardFactor + c.guardCut);
      }
      const rp = econ.propertyReturn[t];
      for (let p = 0; p < c.propertyCount; p++) this.propertyValue[p] *= 1 + rp;

      // Term life: the sum assured reaches cash at the end of the year of death.
      let payout = 0;
      for (let n = 0; n < c.insuranceCount; n++) {
        if (c.insuranceKind[n] !== TERM_LIFE) continue;
        const m = c.insuranceMember[n];
        if (lives[m].deathYear !== t || c.memberAge0[m] + t >= c.insuranceUntilAge[n]) continue;
        const amount = c.insuranceAmount[n] * (c.insuranceIndexed[n] === 1 ? cpiT : 1);
        payout += amount;
        if (events !== null) events.push({ year: t, type: 'INSURANCE_PAYOUT', itemId: c.plan.insurance[n].id, memberId: c.plan.members[m].id, amount });
      }
      bal[cash] += payout;

      // (5) Record end-of-year figures.
      let worth = 0;
      let liquidEnd = 0;
      for (let a = 0; a < c.accountCount; a++) {
        worth += bal[a];
        if (c.accountKind[a] !== RETIREMENT || this.accessible(a, t)) liquidEnd += bal[a];
      }
      for (let p = 0; p < c.propertyCount; p++) worth += this.propertyValue[p];
      for (let l = 0; l < c.liabilityCount; l++) worth -= this.debt[l];
      this.netWorth[t] = worth;
      this.liquidAssets[t] = liquidEnd;
      this.income[t] = grossIncome + payout;
      this.spending[t] = spent;
      this.shortfall[t] = shortfall;
      this.taxes[t] = taxes;
      if (shortfall > 0) {
        this.totalShortfallReal += shortfall / cpiT;
        if (this.depletionYear < 0) {
          this.depletionYear = t;
          if (events !== null) events.push({ year: t, type: 'DEPLETION', amount: shortfall });
        }
      }
      for (let g = 0; g < c.goalCount; g++) {
        const target = this.goalDueNow[g];
        if (target === 0) continue;
        const paid = target * frac[c.goalTier[g]];
        this.goalCameDue[g] = 1;
        this.goalTarget[g] += target / cpiT;
        this.goalPaid[g] += paid / cpiT;
        const full = paid >= target * FULL;
        if (!full) this.goalFull[g] = 0;
        if (events !== null) events.push({ year: t, type: full ? 'GOAL_FUNDED' : 'GOAL_MISSED', goalId: c.plan.goals[g].id, amount: paid });
      }
    }

    this.yearsRun = t;
    this.terminalEstateReal = t > 0 ? this.netWorth[t - 1] / econ.cpi[t] : 0;
    let success = this.depletionYear < 0;
    for (let g = 0; g < c.goalCount; g++) {
      if (c.goalIsLegacy[g] === 1) {
        const target = c.goalAmount[g];
        const estate = Math.max(0, this.terminalEstateReal);
        this.goalCameDue[g] = 1;
        this.goalTarget[g] = target;
        this.goalPaid[g] = Math.min(estate, target);
        this.goalFull[g] = estate >= target ? 1 : 0;
        if (events !== null) events.push({ year: t - 1, type: estate >= target ? 'GOAL_FUNDED' : 'GOAL_MISSED', goalId: c.plan.goals[g].id, amount: estate * econ.cpi[t] });
      }
      if (c.goalTier[g] === 0 && this.goalFull[g] === 0) success = false;
    }
    this.success = success;
  }

  /** A retirement account may be drawn once its owner reaches the access age (or has died: it passes to the estate). */
  private accessible(a: number, t: number): boolean {
    const m = this.c.accountOwner[a];
    return m < 0 || this.alive[m] === 0 || this.c.memberAge0[m] + t >= this.c.accessAge[a];
  }

  /**
   * Withdraws `need` (net) by the withdrawal order, drawing cash down to the buffer first and
   * the buffer itself last; retirement withdrawals are grossed up for tax. Returns the tax paid.
   */
  private withdraw(need: number, t: number, buffer: number): number {
    const c = this.c;
    const bal = this.balance;
    let tax = 0;
    for (let pass = 0; pass < 2 && need > 0; pass++) {
      for (let k = 0; k < c.withdrawalOrder.length && need > 0; k++) {
        const a = c.withdrawalOrder[k];
        const kind = c.accountKind[a];
        if (kind === RETIREMENT) {
          if (pass === 1 || !this.accessible(a, t) || c.taxWithdrawal >= 1) continue;
          const net = bal[a] * (1 - c.taxWithdrawal);
          const take = Math.min(need, net);
          const gross = take / (1 - c.taxWithdrawal);
          bal[a] -= Math.min(bal[a], gross);
          tax += gross - take;
          need -= take;
        } else {
          const floor = pass === 0 && a === c.cashAccount ? buffer : 0;
          if (pass === 1 && a !== c.cashAccount) continue;
          const available = bal[a] - floor;
          if (available <= 0) continue;
          const take = Math.min(need, available);
          bal[a] -= take;
          need -= take;
        }
      }
    }
    return tax;
  }

  private memberEvents(lives: readonly MemberLifePath[], m: number, t: number, events: PathEvent[]): void {
    const life = lives[m];
    const id = this.c.plan.members[m].id;
    const st = life.state[t];
    const prev = t > 0 ? life.state[t - 1] : HEALTHY;
    if (life.deathYear === t) events.push({ year: t, type: 'DEATH', memberId: id });
    if (st === DISABLED && prev !== DISABLED) events.push({ year: t, type: 'DISABILITY', memberId: id });
    if (prev === DISABLED && st === HEALTHY) events.push({ year: t, type: 'RECOVERY', memberId: id });
    if (st === LTC && prev !== LTC) events.push({ year: t, type: 'LONG_TERM_CARE', memberId: id });
    if (st !== DEAD) {
      if (life.unemployed[t] === 1 && (t === 0 || life.unemployed[t - 1] === 0)) events.push({ year: t, type: 'JOB_LOSS', memberId: id });
      if (life.unemployed[t] === 0 && t > 0 && life.unemployed[t - 1] === 1) events.push({ year: t, type: 'REEMPLOYMENT', memberId: id });
      if (this.c.hasSalary[m] === 1 && this.c.memberAge0[m] + t === this.c.retirementAge[m]) events.push({ year: t, type: 'RETIREMENT', memberId: id });
    }
  }
}
