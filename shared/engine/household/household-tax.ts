import { amount } from '../tax/parameters.js';
import { priceBaseYear, ScaledRules } from '../tax/scaled-rules.js';
import { emptyPerson, type TaxPerson } from '../tax/types.js';
import { ukCapitalGainsTax } from '../tax/uk/capital-gains-tax.js';
import { ukIncomeTax, type UkIncomeTax } from '../tax/uk/income-tax.js';
import { classOneEmployee, statePensionAgeForNi } from '../tax/uk/national-insurance.js';
import { UK_PARAMETERS, ukRules, type UkRules } from '../tax/uk/uk-rules.js';
import { federalReturn, type FederalReturn } from '../tax/us/federal-return.js';
import { US_PARAMETERS, usRules, type UsRules } from '../tax/us/us-rules.js';
import { ukBandRoom, usBandRoom } from './band-room.js';
import type { PlanTax, TaxBand } from './plan.js';

/** The kinds of a year's taxes, in the order of `HouseholdTax.byKind`. */
export const TAX_KINDS = [
  'incomeTax',
  'socialContributions',
  'capitalGainsTax',
  'stateIncomeTax',
  'netInvestmentIncomeTax',
  'earlyWithdrawalPenalty',
] as const;
export const PENALTY = 5;
/** What a member's taxes are figured on, per member in `HouseholdTax.income`: alive, then the TaxPerson amounts. */
const INCOME_FIELDS = 8;
/** Bits of `HouseholdTax.changed`: what moved in a member's income since the last `total`. */
const INCOME_MOVED = 1;
const GAINS_MOVED = 2;

/** The rules' version a plan's taxes follow, for the output's metadata. */
export function taxRulesOf(tax: PlanTax | undefined): { system: 'UK' | 'US' | 'FLAT'; version: string | null } {
  if (tax === undefined) return { system: 'FLAT', version: null };
  return { system: tax.system, version: (tax.system === 'UK' ? UK_PARAMETERS : US_PARAMETERS).version };
}

/**
 * A household's taxes in one simulated year by the real rules (docs/TAX.md): the year's income of
 * each member is gathered in `people`, and `total` applies the same rule functions the calculator
 * does, per member (UK) or per return (US: one joint return for a couple filing jointly while both
 * live, else each adult's own). Calendar year Y uses the UK tax year starting in April Y or the US
 * tax year Y; thresholds past the last enacted year move with the path's CPI from the rules' base
 * year (a start after it takes the last enacted values in the first year).
 */
export class HouseholdTax {
  readonly people: TaxPerson[];
  /** This year's taxes by kind (TAX_KINDS), as of the last `total`. */
  readonly byKind = new Float64Array(TAX_KINDS.length);
  /** The early-withdrawal additional tax this year (US), added by the withdrawals. */
  penalty = 0;
  private readonly uk: ScaledRules<UkRules>[] = [];
  private readonly usJoint: ScaledRules<UsRules>[] = [];
  private readonly usSingle: ScaledRules<UsRules>[] = [];
  private readonly pastSpa: Uint8Array;
  /**
   * The members whose income the year can hold (the adults, and each member who owns an income or
   * an account), ascending: `total` visits only these, the others' income staying 0.
   */
  private readonly earners: Int32Array;
  /** Each member's state pension age for National Insurance (fixed by their year of birth). */
  private readonly spa: Int32Array;
  private readonly couple: TaxPerson[] = [];
  private readonly baseT: number;
  private scale = 1;
  private t = 0;
  /** This year's rules at this path's prices, resolved once in `begin`. */
  private ukNow: UkRules | null = null;
  private usJointNow: UsRules | null = null;
  private usSingleNow: UsRules | null = null;
  /** Each member's income at the last `total` (INCOME_FIELDS each); `stale` until the year's first. */
  private readonly income: Float64Array;
  private stale = true;
  /** Whether each member's income moved since the last `total` (US: a return's members are checked together). */
  private readonly changed: Uint8Array;
  /** The taxes of each member's return at the last `total` (PENALTY kinds each), then the joint return's. */
  private readonly taxes: Float64Array;
  /** The rule functions' results, written into these rather than new objects each call. */
  private readonly incomeTax: UkIncomeTax = { incomeTax: 0, taxableIncome: 0 };
  /** Each member's UK taxable income at the last `total`, which capital gains stack on. */
  private readonly taxableIncome: Float64Array;
  private readonly federalReturn: FederalReturn = {
    agi: 0,
    taxableIncome: 0,
    ordinaryTax: 0,
    gainsTax: 0,
    niit: 0,
    stateIncomeTax: 0,
    fica: 0,
  };

  constructor(
    readonly tax: PlanTax,
    startYear: number,
    years: number,
    private readonly memberAge0: Int32Array,
    private readonly isAdult: Uint8Array,
    earners: readonly number[],
  ) {
    this.earners = Int32Array.from(earners);
    this.people = Array.from(memberAge0, () => emptyPerson());
    this.pastSpa = new Uint8Array(memberAge0.length);
    this.spa = Int32Array.from(memberAge0, (age0) => statePensionAgeForNi(startYear - age0));
    this.income = new Float64Array(memberAge0.length * INCOME_FIELDS);
    this.changed = new Uint8Array(memberAge0.length);
    this.taxableIncome = new Float64Array(memberAge0.length);
    this.taxes = new Float64Array((memberAge0.length + 1) * PENALTY);
    const file = tax.system === 'UK' ? UK_PARAMETERS : US_PARAMETERS;
    const base = priceBaseYear(file);
    this.baseT = base - startYear;
    const doubled = (y: number) => (y > base ? 2 : 1);
    const uk = UK_PARAMETERS.parameters;
    const us = US_PARAMETERS.parameters;
    this.limit = new Float64Array(years);
    this.catchUp = new Float64Array(years);
    for (let t = 0; t < years; t++) {
      const y = startYear + t;
      this.limit[t] = amount(tax.system === 'UK' ? uk.pensionAnnualAllowance! : us.electiveDeferralLimit!, y, null);
      this.catchUp[t] = tax.system === 'UK' ? 0 : amount(us.catchUpLimit!, y, null);
      if (tax.system === 'UK') {
        const scotland = tax.region === 'SCOTLAND';
        this.uk.push(new ScaledRules(ukRules(y, scotland), ukRules(y, scotland, doubled)));
      } else {
        this.usJoint.push(new ScaledRules(usRules(y, 'MARRIED_JOINT'), usRules(y, 'MARRIED_JOINT', doubled)));
        this.usSingle.push(new ScaledRules(usRules(y, 'SINGLE'), usRules(y, 'SINGLE', doubled)));
      }
    }
  }

  /** Starts year t: every member's income back to 0, ages and the price ratio of the year's thresholds. */
  begin(t: number, cpi: Float64Array): void {
    this.t = t;
    this.penalty = 0;
    this.stale = true;
    this.scale = t > this.baseT ? cpi[t]! / cpi[this.baseT > 0 ? this.baseT : 0]! : 1;
    if (this.tax.system === 'UK') this.ukNow = this.uk[t]!.at(this.scale);
    else {
      this.usJointNow = this.usJoint[t]!.at(this.scale);
      this.usSingleNow = this.usSingle[t]!.at(this.scale);
    }
    for (let m = 0; m < this.people.length; m++) {
      const p = this.people[m]!;
      p.age = this.memberAge0[m]! + t;
      p.earnings = p.pensionIncome = p.statePension = p.interest = p.dividends = p.capitalGains = p.pensionContributions = 0;
      this.pastSpa[m] = p.age >= this.spa[m]! ? 1 : 0;
    }
  }

  /** Adds `amount` of a kind of income, split equally between the living adults (joint property, unowned accounts). */
  shared(field: 'pensionIncome' | 'earnings' | 'interest' | 'capitalGains', amount: number, alive: Uint8Array): void {
    let n = 0;
    for (let m = 0; m < this.people.length; m++) if (alive[m] === 1 && this.isAdult[m] === 1) n++;
    if (n === 0) return;
    const each = amount / n;
    for (let m = 0; m < this.people.length; m++) {
      if (alive[m] === 0 || this.isAdult[m] === 0) continue;
      // Stores by name: a store by a key that varies between calls is looked up by name each time.
      const p = this.people[m]!;
      if (field === 'pensionIncome') p.pensionIncome += each;
      else if (field === 'earnings') p.earnings += each;
      else if (field === 'interest') p.interest += each;
      else p.capitalGains += each;
    }
  }

  /**
   * The most of a member's own contributions to tax-deferred accounts that gets relief this year:
   * the UK annual allowance, or the US elective deferral limit with the catch-up from age 50
   * (moving with prices as the brackets do).
   */
  contributionLimit(m: number): number {
    const scale = this.tax.system === 'UK' ? 1 : this.scale;
    return (this.limit[this.t]! + (this.people[m]!.age >= 50 ? this.catchUp[this.t]! : 0)) * scale;
  }
  /** Each simulated year's contribution limit and catch-up as enacted (resolved once, not per path). */
  private readonly limit: Float64Array;
  private readonly catchUp: Float64Array;

  /**
   * The year's taxes of the living members on their income so far, by kind in `byKind`; returns
   * their sum. A member (or a joint return) whose income has not moved since the last call this
   * year keeps the taxes it had: a withdrawal adds income to one member, and cash or a tax-free
   * account to none, while the year asks for its total after each step.
   */
  total(alive: Uint8Array): number {
    const k = this.byKind;
    const people = this.people;
    const was = this.income;
    const stale = this.stale;
    this.stale = false;
    for (let i = 0; i < PENALTY; i++) k[i] = 0;
    k[PENALTY] = this.penalty;
    if (this.tax.system === 'UK') {
      const r = this.ukNow!;
      const taxes = this.taxes;
      const earners = this.earners;
      for (let e = 0; e < earners.length; e++) {
        const m = earners[e]!;
        const p = people[m]!;
        // Nothing kept for a member not figured: its next figure starts afresh.
        if (alive[m] === 0 || !hasIncome(p)) {
          was[m * INCOME_FIELDS] = -1;
          continue;
        }
        const moved = this.moved(m, p, alive[m]!, stale);
        const at = m * PENALTY;
        // Income tax and National Insurance do not depend on gains; capital gains tax stacks on the taxable income.
        if ((moved & INCOME_MOVED) !== 0) {
          const it = ukIncomeTax(p, r, null, this.incomeTax);
          taxes[at] = it.incomeTax;
          this.taxableIncome[m] = it.taxableIncome;
          taxes[at + 1] = classOneEmployee(p.earnings, r, this.pastSpa[m] === 1);
        }
        if (moved !== 0) taxes[at + 2] = ukCapitalGainsTax(p.capitalGains, this.taxableIncome[m]!, r);
        k[0] += taxes[at]!;
        k[1] += taxes[at + 1]!;
        k[2] += taxes[at + 2]!;
      }
    } else {
      const changed = this.changed;
      const earners = this.earners;
      for (let e = 0; e < earners.length; e++) {
        const m = earners[e]!;
        changed[m] = this.moved(m, people[m]!, alive[m]!, stale);
      }
      const couple = this.couple;
      couple.length = 0;
      let coupleMoved = false;
      if (this.tax.filingStatus === 'MARRIED_JOINT')
        for (let m = 0; m < people.length; m++)
          if (alive[m] === 1 && this.isAdult[m] === 1) {
            couple.push(people[m]!);
            if (changed[m] !== 0) coupleMoved = true;
          }
      const rate = this.tax.stateIncomeTaxRate;
      // The joint return's taxes are kept after the members' own, in slot `people.length`.
      if (couple.length === 2) this.addReturn(people.length, coupleMoved, couple, 0, 2, this.usJointNow!, rate);
      const single = this.usSingleNow!;
      for (let e = 0; e < earners.length; e++) {
        const m = earners[e]!;
        if (couple.length === 2 && this.isAdult[m] === 1) continue;
        if (alive[m] === 0 || !hasIncome(people[m]!)) {
          was[m * INCOME_FIELDS] = -1;
          continue;
        }
        this.addReturn(m, changed[m] !== 0, people, m, m + 1, single, rate);
      }
    }
    return k[0]! + k[1]! + k[2]! + k[3]! + k[4]! + k[5]!;
  }

  /**
   * What moved in member m's income since the last `total` (INCOME_MOVED, GAINS_MOVED bits), all
   * of it when `stale`; keeps the income it is now for the next call.
   */
  private moved(m: number, p: TaxPerson, a: number, stale: boolean): number {
    const was = this.income;
    const at = m * INCOME_FIELDS;
    const incomeMoved =
      stale ||
      was[at] !== a ||
      was[at + 1] !== p.earnings ||
      was[at + 2] !== p.pensionIncome ||
      was[at + 3] !== p.statePension ||
      was[at + 4] !== p.interest ||
      was[at + 5] !== p.dividends ||
      was[at + 7] !== p.pensionContributions;
    const gainsMoved = was[at + 6] !== p.capitalGains;
    if (incomeMoved) {
      was[at] = a;
      was[at + 1] = p.earnings;
      was[at + 2] = p.pensionIncome;
      was[at + 3] = p.statePension;
      was[at + 4] = p.interest;
      was[at + 5] = p.dividends;
      was[at + 7] = p.pensionContributions;
    }
    was[at + 6] = p.capitalGains;
    return (incomeMoved ? INCOME_MOVED : 0) | (gainsMoved ? GAINS_MOVED : 0);
  }

  /**
   * The taxable income member m can still add this year, up to `cap`, before their income (UK) or
   * their return's (US: the joint return while both spouses live, if filing jointly) passes the top
   * of `band` (band-room.ts).
   */
  bandRoom(m: number, band: TaxBand, alive: Uint8Array, cap: number): number {
    const people = this.people;
    if (this.tax.system === 'UK') {
      const room = ukBandRoom(people[m]!, this.ukNow!, band);
      return room < cap ? room : cap;
    }
    const couple = this.couple;
    couple.length = 0;
    if (this.tax.filingStatus === 'MARRIED_JOINT' && this.isAdult[m] === 1)
      for (let i = 0; i < people.length; i++) if (alive[i] === 1 && this.isAdult[i] === 1) couple.push(people[i]!);
    if (couple.length === 2) return usBandRoom(couple, 0, 2, people[m]!, this.usJointNow!, band, cap);
    return usBandRoom(people, m, m + 1, people[m]!, this.usSingleNow!, band, cap);
  }

  /**
   * Adds a US return's taxes (`people[from]` to `people[to - 1]`) to `byKind`: figured again if its
   * income moved, else as kept in `slot`.
   */
  private addReturn(slot: number, moved: boolean, people: TaxPerson[], from: number, to: number, r: UsRules, rate: number): void {
    const taxes = this.taxes;
    const at = slot * PENALTY;
    if (moved) {
      const x = federalReturn(people, r, rate, null, from, to, this.federalReturn);
      taxes[at] = x.ordinaryTax;
      taxes[at + 1] = x.fica;
      taxes[at + 2] = x.gainsTax;
      taxes[at + 3] = x.stateIncomeTax;
      taxes[at + 4] = x.niit;
    }
    const k = this.byKind;
    k[0] += taxes[at]!;
    k[1] += taxes[at + 1]!;
    k[2] += taxes[at + 2]!;
    k[3] += taxes[at + 3]!;
    k[4] += taxes[at + 4]!;
  }
}

function hasIncome(p: TaxPerson): boolean {
  return p.earnings + p.pensionIncome + p.statePension + p.interest + p.dividends + p.capitalGains !== 0;
}
