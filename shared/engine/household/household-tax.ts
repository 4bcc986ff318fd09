import { amount } from '../tax/parameters.js';
import { priceBaseYear, ScaledRules } from '../tax/scaled-rules.js';
import { emptyPerson, type TaxPerson } from '../tax/types.js';
import { statePensionAgeForNi } from '../tax/uk/national-insurance.js';
import { ukPersonTax } from '../tax/uk/uk-person-tax.js';
import { UK_PARAMETERS, ukRules, type UkRules } from '../tax/uk/uk-rules.js';
import { federalReturn } from '../tax/us/federal-return.js';
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
  private readonly couple: TaxPerson[] = [];
  private readonly baseT: number;
  private scale = 1;
  private t = 0;
  /** This year's rules at this path's prices, resolved once in `begin`. */
  private ukNow: UkRules | null = null;
  private usJointNow: UsRules | null = null;
  private usSingleNow: UsRules | null = null;

  constructor(
    readonly tax: PlanTax,
    private readonly startYear: number,
    years: number,
    private readonly memberAge0: Int32Array,
    private readonly isAdult: Uint8Array,
  ) {
    this.people = Array.from(memberAge0, () => emptyPerson());
    this.pastSpa = new Uint8Array(memberAge0.length);
    const file = tax.system === 'UK' ? UK_PARAMETERS : US_PARAMETERS;
    const base = priceBaseYear(file);
    this.baseT = base - startYear;
    const doubled = (y: number) => (y > base ? 2 : 1);
    for (let t = 0; t < years; t++) {
      const y = startYear + t;
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
      this.pastSpa[m] = p.age >= statePensionAgeForNi(this.startYear - this.memberAge0[m]!) ? 1 : 0;
    }
  }

  /** Adds `amount` of a kind of income, split equally between the living adults (joint property, unowned accounts). */
  shared(field: 'pensionIncome' | 'earnings' | 'interest' | 'capitalGains', amount: number, alive: Uint8Array): void {
    let n = 0;
    for (let m = 0; m < this.people.length; m++) if (alive[m] === 1 && this.isAdult[m] === 1) n++;
    if (n === 0) return;
    for (let m = 0; m < this.people.length; m++) if (alive[m] === 1 && this.isAdult[m] === 1) this.people[m]![field] += amount / n;
  }

  /**
   * The most of a member's own contributions to tax-deferred accounts that gets relief this year:
   * the UK annual allowance, or the US elective deferral limit with the catch-up from age 50
   * (moving with prices as the brackets do).
   */
  contributionLimit(m: number): number {
    const y = this.startYear + this.t;
    if (this.limitYear !== y) {
      this.limitYear = y;
      const uk = UK_PARAMETERS.parameters;
      const us = US_PARAMETERS.parameters;
      this.limit = amount(this.tax.system === 'UK' ? uk.pensionAnnualAllowance! : us.electiveDeferralLimit!, y, null);
      this.catchUp = this.tax.system === 'UK' ? 0 : amount(us.catchUpLimit!, y, null);
    }
    const scale = this.tax.system === 'UK' ? 1 : this.scale;
    return (this.limit + (this.people[m]!.age >= 50 ? this.catchUp : 0)) * scale;
  }
  private limitYear = -1;
  private limit = 0;
  private catchUp = 0;

  /** The year's taxes of the living members on their income so far, by kind in `byKind`; returns their sum. */
  total(alive: Uint8Array): number {
    const k = this.byKind;
    k.fill(0);
    k[PENALTY] = this.penalty;
    const people = this.people;
    if (this.tax.system === 'UK') {
      const r = this.ukNow!;
      for (let m = 0; m < people.length; m++) {
        if (alive[m] === 0 || !hasIncome(people[m]!)) continue;
        const x = ukPersonTax(people[m]!, r, this.pastSpa[m] === 1);
        k[0] += x.incomeTax;
        k[1] += x.socialContributions;
        k[2] += x.capitalGainsTax;
      }
    } else {
      const couple = this.couple;
      couple.length = 0;
      if (this.tax.filingStatus === 'MARRIED_JOINT')
        for (let m = 0; m < people.length; m++) if (alive[m] === 1 && this.isAdult[m] === 1) couple.push(people[m]!);
      const rate = this.tax.stateIncomeTaxRate;
      if (couple.length === 2) this.addReturn(federalReturn(couple, this.usJointNow!, rate));
      const single = this.usSingleNow!;
      for (let m = 0; m < people.length; m++) {
        if (alive[m] === 0 || (couple.length === 2 && this.isAdult[m] === 1) || !hasIncome(people[m]!)) continue;
        this.addReturn(federalReturn(people, single, rate, null, m, m + 1));
      }
    }
    return k[0]! + k[1]! + k[2]! + k[3]! + k[4]! + k[5]!;
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

  private addReturn(r: { ordinaryTax: number; fica: number; gainsTax: number; stateIncomeTax: number; niit: number }): void {
    const k = this.byKind;
    k[0] += r.ordinaryTax;
    k[1] += r.fica;
    k[2] += r.gainsTax;
    k[3] += r.stateIncomeTax;
    k[4] += r.niit;
  }
}

function hasIncome(p: TaxPerson): boolean {
  return p.earnings + p.pensionIncome + p.statePension + p.interest + p.dividends + p.capitalGains !== 0;
}
