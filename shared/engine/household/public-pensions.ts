import type { EconomyPath } from '../economy/economy-path.js';
import { MemberState, type MemberLifePath } from '../life/life-path.js';
import { type CalendarDate, parseDate, shareOfYearFrom } from '../pensions/dated.js';
import {
  bendPoints,
  colaFactor,
  eligibilityYear,
  fullRetirementAgeMonths,
  LAST_BEND_POINT_YEAR,
  LAST_COLA_YEAR,
  monthAttaining,
  primaryInsuranceAmount,
  retirementBenefitFactor,
  spouseBenefitFactor,
  survivorBaseFactor,
  survivorBenefitFactor,
  survivorFullRetirementAgeMonths,
} from '../pensions/social-security.js';
import { CLAIMING } from '../pensions/data/us-social-security.js';
import { fullRatePath, qualifyingYearsShare, statePensionAgeDate } from '../pensions/uk-state-pension.js';
import type { HouseholdPlan, PlanIncome, PlanMember } from './plan.js';

type StatePension = Extract<PlanIncome, { fromAge: number }> & { type: 'STATE_PENSION'; qualifyingYears: number };
type RulesIncome = Extract<PlanIncome, { type: 'SOCIAL_SECURITY' }> | StatePension;

/** Whether an income's amount comes from the public pension rules rather than the plan. */
export function isRulesPension(inc: PlanIncome): inc is RulesIncome {
  return inc.type === 'SOCIAL_SECURITY' || (inc.type === 'STATE_PENSION' && inc.qualifyingYears !== undefined);
}

/** A member's date of birth: the plan's, or 1 July of the birth year. */
export function birthDateOf(m: Pick<PlanMember, 'birthYear' | 'birthDate'>): CalendarDate {
  return m.birthDate !== undefined ? parseDate(m.birthDate) : { year: m.birthYear, month: 7, day: 1 };
}

const monthIndex = (d: CalendarDate) => d.year * 12 + d.month - 1;

/** The share of calendar year `year` paid by monthly benefits starting in month `from` (a month index). */
function monthsShare(from: number, year: number): number {
  const first = year * 12;
  if (from <= first) return 1;
  if (from >= first + 12) return 0;
  return (first + 12 - from) / 12;
}

/** One member's Social Security, compiled: what does not depend on the path. */
interface SocialSecurityItem {
  income: number;
  member: number;
  /** The partner's item (spouse's and survivor's benefits), or -1. */
  spouse: number;
  /** PIA, USD a month in year-0 money. */
  pia: number;
  /** Month index of the claim, and the old-age benefit's share of the PIA then. */
  claimMonth: number;
  ownFactor: number;
  fraMonths: number;
  survivorFraMonths: number;
  /** Month index of the month the member attains 0 (so age in months at month k is k - ageZero). */
  ageZero: number;
  /** Per year t, the monthly old-age benefit (year-0 money, share of the year paid), and that plus the spouse's benefit. */
  own: Float64Array;
  withSpouse: Float64Array;
}

/**
 * The public pensions of a plan whose amounts come from rules (docs/TAX.md, "Public pensions"):
 * the UK new State Pension from qualifying years, and US Social Security. `fill` writes one path's
 * nominal yearly amount of each such income, given the path's economy (CPI, inflation) and the
 * members' lives (deaths decide spouse's and survivor's benefits); the household year adds it to
 * pension income.
 */
export class PublicPensions {
  private readonly uk: { income: number; member: number; share: number; survivorFraction: number; spaShare: Float64Array }[] = [];
  private readonly us: SocialSecurityItem[] = [];
  private readonly fullRate: Float64Array;

  private constructor(
    private readonly plan: HouseholdPlan,
    private readonly years: number,
  ) {
    this.fullRate = new Float64Array(years);
    const memberIndex = new Map(plan.members.map((m, i) => [m.id, i]));
    plan.incomes.forEach((inc, i) => {
      if (!isRulesPension(inc)) return;
      const m = memberIndex.get(inc.memberId)!;
      const birth = birthDateOf(plan.members[m]);
      if (inc.type === 'STATE_PENSION') {
        const spa = statePensionAgeDate(birth);
        const spaShare = Float64Array.from({ length: years }, (_, t) => shareOfYearFrom(spa, plan.startYear + t));
        this.uk.push({
          income: i,
          member: m,
          share: qualifyingYearsShare(inc.qualifyingYears!),
          survivorFraction: inc.survivorFraction,
          spaShare,
        });
        return;
      }
      const fraMonths = fullRetirementAgeMonths(birth);
      const claimMonth = monthIndex(monthAttaining(birth, inc.claimingAge, inc.claimingMonths));
      this.us.push({
        income: i,
        member: m,
        spouse: -1,
        pia: socialSecurityPia(inc, birth, plan.startYear),
        claimMonth,
        ownFactor: retirementBenefitFactor(inc.claimingAge * 12 + inc.claimingMonths - fraMonths),
        fraMonths,
        survivorFraMonths: survivorFullRetirementAgeMonths(birth),
        ageZero: monthIndex(monthAttaining(birth, 0, 0)),
        own: new Float64Array(years),
        withSpouse: new Float64Array(years),
      });
    });
    // Spouses: the PRIMARY and PARTNER adults' items name each other.
    const byRole = (role: string) => this.us.findIndex((s) => plan.members[s.member].role === role);
    const a = byRole('PRIMARY');
    const b = byRole('PARTNER');
    if (a >= 0 && b >= 0) {
      this.us[a].spouse = b;
      this.us[b].spouse = a;
    }
    // What does not depend on the path: each year's own benefit, and with the spouse's benefit while both live.
    for (const s of this.us) {
      const sp = s.spouse >= 0 ? this.us[s.spouse] : null;
      const spousal = sp === null ? 0 : this.spousalMonthly(s, sp);
      const spousalFrom = sp === null ? 0 : Math.max(s.claimMonth, sp.claimMonth);
      for (let t = 0; t < years; t++) {
        s.own[t] = s.pia * s.ownFactor * monthsShare(s.claimMonth, plan.startYear + t);
        s.withSpouse[t] = s.own[t] + spousal * monthsShare(spousalFrom, plan.startYear + t);
      }
    }
  }

  /** The plan's rules-based pensions, or null when it has none. */
  static of(plan: HouseholdPlan, years: number): PublicPensions | null {
    return plan.incomes.some(isRulesPension) ? new PublicPensions(plan, years) : null;
  }

  /** Writes out[i * years + t], the nominal amount of rules-based income i in year t, for t < min(years, econ.years). */
  fill(econ: EconomyPath, lives: readonly MemberLifePath[], out: Float64Array): void {
    const Y = Math.min(this.years, econ.years);
    const cpi = econ.cpi;
    const stride = this.years;
    const startYear = this.plan.startYear;
    const rate = this.fullRate;
    if (this.uk.length > 0) fullRatePath(startYear, econ.inflation, Y, rate);
    for (const p of this.uk) {
      const state = lives[p.member].state;
      const { share, spaShare, survivorFraction } = p;
      const at = p.income * stride;
      for (let t = 0; t < Y; t++) {
        const amount = rate[t] * share * spaShare[t];
        out[at + t] = state[t] === MemberState.DEAD ? amount * survivorFraction : amount;
      }
    }
    for (const s of this.us) {
      const sp = s.spouse >= 0 ? this.us[s.spouse] : null;
      const state = lives[s.member].state;
      const spouseDeath = sp === null ? -1 : lives[sp.member].deathYear;
      const survivor = sp === null || spouseDeath < 0 ? null : this.survivor(s, sp, spouseDeath);
      const { own, withSpouse } = s;
      const at = s.income * stride;
      for (let t = 0; t < Y; t++) {
        let monthly: number;
        if (state[t] === MemberState.DEAD) monthly = 0;
        else if (survivor === null || t <= spouseDeath) monthly = withSpouse[t];
        else {
          const widowed = survivor.monthly * monthsShare(survivor.from, startYear + t);
          monthly = widowed > own[t] ? widowed : own[t];
        }
        out[at + t] = 12 * monthly * cpi[t];
      }
    }
  }

  /** The spouse's benefit beyond the member's own PIA: half the spouse's PIA less one's own, reduced if claimed before FRA. */
  private spousalMonthly(s: SocialSecurityItem, sp: SocialSecurityItem): number {
    const excess = CLAIMING.spouseShare * sp.pia - s.pia;
    if (excess <= 0) return 0;
    const startAge = Math.max(s.claimMonth, sp.claimMonth) - s.ageZero;
    return excess * spouseBenefitFactor(Math.min(0, startAge - s.fraMonths));
  }

  /**
   * The survivor's benefit after the spouse dies in year `deathYear` (taken as mid-year): based on
   * what the spouse was paid, or would have been, and started at the later of the next January and
   * the member's own claim, reduced if that is before the member's survivor FRA.
   */
  private survivor(s: SocialSecurityItem, sp: SocialSecurityItem, deathYear: number): { monthly: number; from: number } {
    const deathMonth = (this.plan.startYear + deathYear) * 12 + 6;
    const claimed = sp.claimMonth <= deathMonth ? sp.ownFactor : null;
    const base = sp.pia * survivorBaseFactor(claimed, deathMonth - sp.ageZero - sp.fraMonths, sp.fraMonths);
    const from = Math.max((this.plan.startYear + deathYear + 1) * 12, s.claimMonth);
    return { monthly: base * survivorBenefitFactor(from - s.ageZero, s.survivorFraMonths), from };
  }
}

/**
 * A member's PIA in year-0 money (USD a month): as entered, or from the AIME. A member already
 * eligible takes the bend points of their eligibility year and the COLAs since (up to the last
 * published); one eligible later has an AIME in today's wages, which the latest bend points match.
 */
export function socialSecurityPia(inc: Extract<PlanIncome, { type: 'SOCIAL_SECURITY' }>, birth: CalendarDate, startYear: number): number {
  if (inc.pia !== undefined) return inc.pia;
  const eligible = eligibilityYear(birth);
  if (eligible <= startYear)
    return primaryInsuranceAmount(inc.aime!, bendPoints(eligible)) * colaFactor(eligible, Math.min(startYear, LAST_COLA_YEAR));
  return primaryInsuranceAmount(inc.aime!, bendPoints(Math.min(startYear, LAST_BEND_POINT_YEAR)));
}
