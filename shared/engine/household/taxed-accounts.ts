import { amount } from '../tax/parameters.js';
import { UK_PARAMETERS } from '../tax/uk/uk-rules.js';
import { US_PARAMETERS } from '../tax/us/us-rules.js';
import { AccountKind, type CompiledPlan } from './compiled-plan.js';
import type { HouseholdTax } from './household-tax.js';
import { MAX_AGE, TAX_BANDS, type TaxBand } from './plan.js';

/** How an account's money is taxed under real rules (docs/TAX.md, "Wrappers"). */
export const Wrapper = { CASH: 0, GAINS: 1, TAX_FREE: 2, UK_PENSION: 3, US_DEFERRED: 4 } as const;

const WRAPPER: Record<string, number> = {
  CASH: Wrapper.CASH,
  TAXABLE: Wrapper.GAINS,
  GIA: Wrapper.GAINS,
  ISA: Wrapper.TAX_FREE,
  ROTH: Wrapper.TAX_FREE,
  PENSION: Wrapper.UK_PENSION,
  TRADITIONAL: Wrapper.US_DEFERRED,
};

/** A step of the draw that takes what the account has (no band limit). */
const WHOLE = -1;
const band = (b: TaxBand) => TAX_BANDS.indexOf(b);

const LUMP_SUM_ALLOWANCE = UK_PARAMETERS.parameters.lumpSumAllowance!;
const TAX_FREE_FRACTION = amount(UK_PARAMETERS.parameters.pensionTaxFreeFraction!, 2025, null);
const PENALTY_RATE = amount(US_PARAMETERS.parameters.earlyWithdrawalPenalty!, 2025, null);
/** The US additional tax applies before 59 1/2: in whole years, to withdrawals before the year the owner turns 60. */
const PENALTY_FREE_AGE = 60;

/**
 * The money side of the tax wrappers on one path: each account's wrapper and cost basis, and each
 * member's use of the UK lump sum allowance. Withdrawals here add the income they make to the
 * year's tax (pension income, realised gains, the US early-withdrawal penalty).
 */
export class TaxedAccounts {
  readonly wrapper: Uint8Array;
  /** Cost basis of each GAINS account (nominal): what went in, and its taxed interest. */
  readonly basis: Float64Array;
  /** The UK lump sum allowance each member has used (nominal, the allowance being fixed in money). */
  readonly lumpSumUsed: Float64Array;
  /** This year's interest of each account (taxed as savings income), for the settlement at the year's end. */
  readonly interest: Float64Array;
  /** UK pension: the owner's age in the year the rest of its tax-free cash is paid as a lump sum (MAX_AGE: never). */
  readonly lumpSumAge: Int32Array;
  /** The lump sum allowance of each simulated year, [year - startYear] (looked up once, not on every draw). */
  private readonly allowance: Float64Array;
  /** The draw's steps: an account, and the band (index in TAX_BANDS) its draw stops at, or WHOLE. */
  private readonly stepAccount: Int32Array;
  private readonly stepBand: Int8Array;

  constructor(
    private readonly c: CompiledPlan,
    private readonly ht: HouseholdTax,
  ) {
    const system = ht.tax.system;
    const types = c.plan.accounts.map((a) => a.type as string);
    this.wrapper = Uint8Array.from({ length: c.accountCount }, (_, a) => {
      const type = types[a] ?? 'CASH';
      if (type === 'RETIREMENT') return system === 'UK' ? Wrapper.UK_PENSION : Wrapper.US_DEFERRED;
      return WRAPPER[type]!;
    });
    this.basis = new Float64Array(c.accountCount);
    this.lumpSumUsed = new Float64Array(c.memberCount);
    this.interest = new Float64Array(c.accountCount);
    const lumpSum = ht.tax.pensionTaxFreeCash === 'LUMP_SUM';
    this.lumpSumAge = Int32Array.from({ length: c.accountCount }, (_, a) => {
      const age = c.plan.accounts[a]?.taxFreeCashAge ?? (lumpSum ? c.accessAge[a]! : MAX_AGE);
      return age < MAX_AGE ? age : MAX_AGE;
    });
    this.allowance = Float64Array.from({ length: c.years }, (_, t) => amount(LUMP_SUM_ALLOWANCE, c.startYear + t, null));
    const steps = this.drawSteps(c.plan.strategy.taxDeferredFirstUpTo);
    this.stepAccount = Int32Array.from(steps, (s) => s[0]);
    this.stepBand = Int8Array.from(steps, (s) => s[1]);
  }

  /**
   * The order of the draw (docs/TAX.md, "Withdrawal order"): with `fill`, each tax-deferred account
   * up to the top of that band first; then the withdrawal order, where a UK pension draws only what
   * its owner's personal allowance leaves tax-free, the rest of it coming after every other account.
   */
  private drawSteps(fill: TaxBand | undefined): [number, number][] {
    const order = Array.from(this.c.withdrawalOrder);
    const deferred = (a: number) => this.wrapper[a] === Wrapper.UK_PENSION || this.wrapper[a] === Wrapper.US_DEFERRED;
    const steps: [number, number][] = [];
    if (fill !== undefined) for (const a of order) if (deferred(a)) steps.push([a, band(fill)]);
    for (const a of order) steps.push([a, this.wrapper[a] === Wrapper.UK_PENSION ? band('PERSONAL_ALLOWANCE') : WHOLE]);
    for (const a of order) if (this.wrapper[a] === Wrapper.UK_PENSION) steps.push([a, WHOLE]);
    return steps;
  }

  /** A new path: the opening balances are their own basis (no gain is assumed at the start). */
  reset(balance0: Float64Array): void {
    this.basis.set(balance0);
    this.lumpSumUsed.fill(0);
  }

  /** The lump sum allowance left to `m` in tax year `y`. */
  allowanceLeft(m: number, y: number): number {
    const left = this.allowance[y - this.c.startYear]! - this.lumpSumUsed[m]!;
    return left > 0 ? left : 0;
  }

  /**
   * Takes `take` out of account `a` and adds the income it makes to the owner's year (to the living
   * adults' when the account has no owner or its owner has died): a GAINS account realises the
   * gain on the part taken; a UK pension pays its tax-free quarter (within the lump sum allowance)
   * unless it was taken as a lump sum, and the rest is pension income; a US tax-deferred account is
   * pension income, with the additional tax before 59 1/2 while its owner lives.
   */
  take(a: number, take: number, bal: Float64Array, alive: Uint8Array, year: number): void {
    const m = this.c.accountOwner[a]!;
    const owner = m >= 0 && alive[m] === 1 ? this.ht.people[m]! : null;
    const w = this.wrapper[a];
    const b = bal[a]!;
    if (w === Wrapper.GAINS) {
      const basisOut = b > 0 ? (this.basis[a]! * take) / b : 0;
      this.basis[a] -= basisOut;
      const gain = take - basisOut;
      if (owner !== null) owner.capitalGains += gain;
      else this.ht.shared('capitalGains', gain, alive);
    } else if (w === Wrapper.UK_PENSION || w === Wrapper.US_DEFERRED) {
      let taxable = take;
      if (w === Wrapper.UK_PENSION && m >= 0 && this.ht.people[m]!.age < this.lumpSumAge[a]!) {
        const want = TAX_FREE_FRACTION * take;
        const left = this.allowanceLeft(m, year);
        const free = want < left ? want : left;
        this.lumpSumUsed[m] += free;
        taxable -= free;
      }
      if (owner !== null) owner.pensionIncome += taxable;
      else this.ht.shared('pensionIncome', taxable, alive);
      if (w === Wrapper.US_DEFERRED && owner !== null && owner.age < PENALTY_FREE_AGE) this.ht.penalty += PENALTY_RATE * take;
    }
    bal[a] = b - take;
  }

  /**
   * Draws `need` from the balances by the draw's steps (cash above the buffer first, retirement
   * accounts once accessible, a step with a band only within the room its owner has left in it, the
   * buffer last), the income each draw makes added to the year. Returns what could not be drawn.
   */
  draw(need: number, bal: Float64Array, access: Uint8Array, buffer: number, alive: Uint8Array, year: number): number {
    const c = this.c;
    const steps = this.stepAccount;
    for (let pass = 0; pass < 2 && need > 0; pass++) {
      for (let k = 0; k < steps.length && need > 0; k++) {
        const a = steps[k]!;
        if (c.accountKind[a] === AccountKind.RETIREMENT) {
          if (pass === 1 || access[a] === 0) continue;
        } else if (pass === 1 && a !== c.cashAccount) continue;
        const floor = pass === 0 && a === c.cashAccount ? buffer : 0;
        let available = bal[a]! - floor;
        if (available <= 0) continue;
        const b = this.stepBand[k]!;
        if (b !== WHOLE) available = this.withinBand(a, TAX_BANDS[b]!, alive, year, need < available ? need : available);
        if (available <= 0) continue;
        const take = need < available ? need : available;
        this.take(a, take, bal, alive, year);
        need -= take;
      }
    }
    return need;
  }

  /**
   * What account a can pay, up to `cap`, before its owner's taxable income passes the top of `band`
   * this year: the room left, grossed up for a UK pension's tax-free quarter while it is phased
   * (within the lump sum allowance left). An account with no living owner has no room.
   */
  private withinBand(a: number, band: TaxBand, alive: Uint8Array, year: number, cap: number): number {
    const m = this.c.accountOwner[a]!;
    if (m < 0 || alive[m] === 0) return 0;
    if (this.wrapper[a] !== Wrapper.UK_PENSION) return this.ht.bandRoom(m, band, alive, cap);
    const room = this.ht.bandRoom(m, band, alive, Number.POSITIVE_INFINITY);
    let gross = room;
    if (this.ht.people[m]!.age < this.lumpSumAge[a]!) {
      const left = this.allowanceLeft(m, year);
      const phased = room / (1 - TAX_FREE_FRACTION);
      gross = TAX_FREE_FRACTION * phased <= left ? phased : room + left;
    }
    return gross < cap ? gross : cap;
  }
}
