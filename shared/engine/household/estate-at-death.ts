import { UK_IHT } from '../estate/data/uk-inheritance-tax.js';
import { BASIC_EXCLUSION_AMOUNT } from '../estate/data/us-estate-tax.js';
import type { EstateTaxSystem } from '../estate/estate-tax.js';
import { ukInheritanceTax } from '../estate/uk-inheritance-tax.js';
import { basicExclusionAmount, LAST_EXCLUSION_YEAR, usEstateTax } from '../estate/us-estate-tax.js';
import type { MemberLifePath } from '../life/life-path.js';
import type { HouseholdPlan } from './plan.js';

/** The household's end-of-path balance sheet, as the estate tax reads it (nominal). */
export interface EstateAtDeath {
  /** Net worth: accounts and owned properties less debts. */
  worth: number;
  /** Balances of the RETIREMENT accounts (unused pension funds). */
  pensions: number;
  /** Value of the owned RESIDENCE properties less the debts secured on them. */
  residence: number;
}

/**
 * The estate tax on a household's terminal estate (docs/TAX.md, "Estate"): UK inheritance tax or
 * the US federal estate tax, on the estate left at the last adult death (the end of the path), in
 * that year's money. A couple's first death leaves everything to the survivor (spouse-exempt, no
 * tax), whose estate then has both nil-rate bands (UK) or both exclusions, the late spouse's
 * ported (US).
 */
export class EstateTax {
  private readonly adults: number[];
  private readonly retirementAccounts: number[];
  private readonly residences: number[];
  /** The property each liability is secured on, or -1. */
  private readonly securedOn: number[];

  constructor(
    private readonly system: EstateTaxSystem,
    private readonly startYear: number,
    plan: HouseholdPlan,
  ) {
    this.adults = plan.members.flatMap((m, i) => (m.role === 'DEPENDANT' ? [] : [i]));
    this.retirementAccounts = plan.accounts.flatMap((a, i) => (a.type === 'RETIREMENT' ? [i] : []));
    this.residences = plan.properties.flatMap((p, i) => (p.type === 'RESIDENCE' ? [i] : []));
    this.securedOn = plan.liabilities.map((l) => plan.properties.findIndex((p) => p.id === l.propertyId));
  }

  /** The balance sheet the tax reads, from the household's end-of-path balances. */
  balanceSheet(
    worth: number,
    balance: ArrayLike<number>,
    propertyValue: ArrayLike<number>,
    owned: ArrayLike<number>,
    debt: ArrayLike<number>,
  ): EstateAtDeath {
    let pensions = 0;
    for (const a of this.retirementAccounts) pensions += balance[a];
    let residence = 0;
    for (const p of this.residences) {
      if (owned[p] !== 1) continue;
      residence += propertyValue[p];
      this.securedOn.forEach((q, l) => {
        if (q === p) residence -= debt[l];
      });
    }
    return { worth, pensions, residence };
  }

  static of(plan: HouseholdPlan): EstateTax | null {
    return plan.estateTax === undefined ? null : new EstateTax(plan.estateTax, plan.startYear, plan);
  }

  /** The tax (nominal) on `estate` left at the end of year `last`, given the path's CPI and the members' lives. */
  tax(last: number, estate: EstateAtDeath, cpi: ArrayLike<number>, lives: readonly MemberLifePath[]): number {
    if (estate.worth <= 0) return 0;
    const year = this.startYear + last;
    const couple = this.adults.length > 1;
    if (this.system === 'UK') {
      return ukInheritanceTax({
        estate: estate.worth,
        pensions: estate.pensions,
        residence: Math.max(0, estate.residence),
        date: `${year}-07-01`,
        bands: couple ? 2 : 1,
        index: this.indexSince(UK_IHT.frozenUntilTaxYear.value, last, cpi),
      });
    }
    const exclusion = (t: number) =>
      basicExclusionAmount(Math.max(BASIC_EXCLUSION_AMOUNT[0].year, this.startYear + t), this.indexSince(LAST_EXCLUSION_YEAR, t, cpi));
    // The first of a couple to die ports their unused exclusion of that year (the whole of it: their estate passed to the spouse).
    const firstDeath = couple ? Math.min(...this.adults.map((m) => (lives[m].deathYear >= 0 ? lives[m].deathYear : last))) : -1;
    return usEstateTax(estate.worth, exclusion(last) + (couple ? exclusion(Math.min(firstDeath, last)) : 0));
  }

  /** The path's CPI from the start of the calendar year after `lastFixedYear` to the start of year t (1 until then). */
  private indexSince(lastFixedYear: number, t: number, cpi: ArrayLike<number>): number {
    const base = lastFixedYear - this.startYear;
    if (t <= base) return 1;
    return cpi[t] / cpi[Math.max(0, base)];
  }
}
