import { requiredMinimumDistribution } from '../tax/us/required-minimum-distribution.js';
import type { CompiledPlan } from './compiled-plan.js';
import { HouseholdTax, TAX_KINDS } from './household-tax.js';
import { MAX_AGE } from './plan.js';
import { TaxedAccounts, Wrapper } from './taxed-accounts.js';

/**
 * The members who can have taxable income: the adults (shared income and a pension passed to a
 * survivor go to them) and each member named by an income or owning an account.
 */
function earners(c: CompiledPlan): number[] {
  const can = Uint8Array.from(c.isAdult);
  for (const m of c.incomeMember) if (m >= 0) can[m] = 1;
  for (const m of c.accountOwner) if (m >= 0) can[m] = 1;
  const out: number[] = [];
  for (let m = 0; m < c.memberCount; m++) if (can[m] === 1) out.push(m);
  return out;
}

/** Rounds of drawing the tax a withdrawal adds; what is left after them is settled at the year's end. */
const TAX_DRAW_ROUNDS = 8;

/**
 * The steps of a simulated year under real tax rules (docs/TAX.md, "In the simulation"), called by
 * the household's yearly loop where it would apply the flat rates:
 * `begin` (required minimum distributions, a UK pension's lump sum), the incomes, `contribute`,
 * `provisional` (the tax on the year's income before withdrawals), `withdraw` (a deficit with the
 * tax it adds), `earnInterest` in the returns, and `settle` (the year's tax on everything, its
 * balance taken from the interest that added it).
 */
export class RealTaxYear {
  readonly ht: HouseholdTax;
  readonly accounts: TaxedAccounts;
  /** The taxes of each year by kind, [t * kinds + k], for the path's record. */
  readonly kinds: Float64Array;
  private readonly contributed: Float64Array;
  /** What `begin` paid out of the accounts this year: taxable (distributions) and tax-free (a lump sum). */
  paidOutTaxable = 0;
  paidOutTaxFree = 0;
  private year = 0;
  private t = 0;
  /**
   * The accounts `begin` can pay out of: US tax-deferred accounts with an owner (distributions) and
   * UK pensions with an owner whose tax-free cash is taken as a lump sum; `begin` visits only these.
   */
  private readonly payers: Int32Array;

  constructor(private readonly c: CompiledPlan) {
    this.ht = new HouseholdTax(c.plan.tax!, c.startYear, c.years, c.memberAge0, c.isAdult, earners(c));
    this.accounts = new TaxedAccounts(c, this.ht);
    const { wrapper, lumpSumAge } = this.accounts;
    const payers: number[] = [];
    for (let a = 0; a < c.accountCount; a++) {
      if (c.accountOwner[a]! < 0) continue;
      if (wrapper[a] === Wrapper.US_DEFERRED || (wrapper[a] === Wrapper.UK_PENSION && lumpSumAge[a]! < MAX_AGE)) payers.push(a);
    }
    this.payers = Int32Array.from(payers);
    this.kinds = new Float64Array(c.years * TAX_KINDS.length);
    this.contributed = new Float64Array(c.memberCount);
  }

  startPath(): void {
    this.accounts.reset(this.c.accountBalance0);
  }

  /**
   * Starts year t, with the income the accounts must pay out this year (`paidOut...`): US required minimum
   * distributions (pension income) and, in the year a UK pension's owner reaches the age its
   * tax-free cash is taken at as a lump sum, that lump sum. Both leave the account for the year's cash flow.
   */
  begin(t: number, cpi: Float64Array, bal: Float64Array, alive: Uint8Array): void {
    this.t = t;
    this.year = this.c.startYear + t;
    this.ht.begin(t, cpi);
    // A loop, not fill(): for a handful of members the call into the runtime costs more than the stores.
    for (let m = 0; m < this.contributed.length; m++) this.contributed[m] = 0;
    let taxable = 0;
    let taxFree = 0;
    const { accountOwner, memberAge0 } = this.c;
    const wrapper = this.accounts.wrapper;
    const payers = this.payers;
    for (let k = 0; k < payers.length; k++) {
      const a = payers[k]!;
      const m = accountOwner[a]!;
      if (m < 0 || alive[m] === 0 || bal[a]! <= 0) continue;
      const age = memberAge0[m]! + t;
      if (wrapper[a] === Wrapper.US_DEFERRED) {
        const rmd = requiredMinimumDistribution(bal[a]!, age, this.c.startYear - memberAge0[m]!);
        if (rmd > 0) {
          this.accounts.take(a, rmd, bal, alive, this.year);
          taxable += rmd;
        }
      } else if (wrapper[a] === Wrapper.UK_PENSION && age === this.accounts.lumpSumAge[a] && age < MAX_AGE) {
        const want = 0.25 * bal[a]!;
        const left = this.accounts.allowanceLeft(m, this.year);
        const lump = want < left ? want : left;
        this.accounts.lumpSumUsed[m] += lump;
        bal[a] -= lump;
        taxFree += lump;
      }
    }
    this.paidOutTaxable = taxable;
    this.paidOutTaxFree = taxFree;
  }

  /** The owner's own contribution to account a, capped at what is left of their yearly limit; pre-tax unless a Roth. */
  contribute(a: number, m: number, own: number): number {
    if (this.accounts.wrapper[a] === Wrapper.TAX_FREE) return own;
    const room = this.ht.contributionLimit(m) - this.contributed[m]!;
    const capped = own < room ? own : room > 0 ? room : 0;
    this.contributed[m] += capped;
    this.ht.people[m]!.pensionContributions += capped;
    return capped;
  }

  /** The tax on the year's income so far. */
  provisional(alive: Uint8Array): number {
    return this.ht.total(alive);
  }

  /**
   * Draws a deficit of `need` and then the tax the draws add, grossed up by the marginal rate of
   * the last draw, round by round; returns that tax. Money drawn beyond it (a gross-up that
   * overshot) goes to the cash account; what is left uncovered is settled at the year's end.
   * `paid`: the year's tax paid before.
   */
  withdraw(need: number, bal: Float64Array, access: Uint8Array, buffer: number, alive: Uint8Array, paid: number): number {
    let due = need;
    let covered = 0;
    let before = 0;
    let tax = 0;
    for (let round = 0; round <= TAX_DRAW_ROUNDS; round++) {
      const short = this.accounts.draw(due, bal, access, buffer, alive, this.year);
      const drawn = due - short;
      tax = this.ht.total(alive) - paid;
      if (round > 0) covered += drawn;
      const gap = tax - covered;
      if (short > 0 || gap <= 0.005 || drawn <= 0) break;
      let marginal = (tax - before) / drawn;
      if (marginal < 0) marginal = 0;
      else if (marginal > 0.9) marginal = 0.9;
      due = gap / (1 - marginal);
      before = tax;
    }
    if (covered > tax) bal[this.c.cashAccount] += covered - tax;
    return tax > 0 ? tax : 0;
  }

  /** Interest of account a this year (cash and fixed income in CASH and GAINS accounts): savings income, and basis. */
  earnInterest(a: number, interest: number, alive: Uint8Array): void {
    const w = this.accounts.wrapper[a];
    if ((w !== Wrapper.CASH && w !== Wrapper.GAINS) || interest <= 0) return;
    this.accounts.interest[a] = interest;
    if (w === Wrapper.GAINS) this.accounts.basis[a] += interest;
    const m = this.c.accountOwner[a]!;
    if (m >= 0 && alive[m] === 1) this.ht.people[m]!.interest += interest;
    else this.ht.shared('interest', interest, alive);
  }

  /** Money added to a GAINS account from income: its basis. */
  deposit(a: number, amount: number): void {
    if (this.accounts.wrapper[a] === Wrapper.GAINS) this.accounts.basis[a] += amount;
  }

  /**
   * The year's tax on everything, less what was paid (`paid`): taken from the accounts whose
   * interest added it, in proportion (or from `fallback` when no interest was earned). Returns
   * the year's tax, recording its kinds.
   */
  settle(bal: Float64Array, alive: Uint8Array, paid: number, fallback: number): number {
    const total = this.ht.total(alive);
    const due = total - paid;
    const interest = this.accounts.interest;
    let sum = 0;
    for (let a = 0; a < interest.length; a++) sum += interest[a]!;
    if (sum > 0) for (let a = 0; a < interest.length; a++) bal[a] -= (due * interest[a]!) / sum;
    else bal[fallback] -= due;
    interest.fill(0);
    const k = TAX_KINDS.length;
    for (let i = 0; i < k; i++) this.kinds[this.t * k + i] = this.ht.byKind[i]!;
    return total;
  }
}
