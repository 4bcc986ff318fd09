import { personalAllowance } from '../tax/uk/personal-allowance.js';
import type { UkRules } from '../tax/uk/uk-rules.js';
import { federalReturn } from '../tax/us/federal-return.js';
import type { UsRules } from '../tax/us/us-rules.js';
import type { TaxPerson } from '../tax/types.js';
import type { TaxBand } from './plan.js';

/** Bisection steps for a US band's room: 2^-48 of the amount sought, far below a cent. */
const US_ROOM_STEPS = 48;

/**
 * The taxable pension income a UK taxpayer can still add this year before their non-savings income
 * passes the top of `band`: the personal allowance (after its taper at the income so far), or that
 * plus the last band charged below the higher rate (the basic rate band; in Scotland, up to the top
 * of the intermediate rate band). The allowance goes to non-savings income first, so savings and
 * dividends do not use this room.
 */
export function ukBandRoom(p: TaxPerson, r: UkRules, band: TaxBand): number {
  const relieved = p.pensionContributions < p.earnings ? p.pensionContributions : p.earnings;
  const nonSavings = p.earnings - relieved + p.pensionIncome + p.statePension;
  const pa = personalAllowance(nonSavings + p.interest + p.dividends, r.personalAllowance, r.taperThreshold, r.taperRate);
  let top = pa;
  if (band === 'BASIC_RATE_BAND') {
    const higher = r.nonSavingsRates.findIndex((rate) => rate >= r.rates[1]!);
    top += r.nonSavingsTops[higher - 1]!;
  }
  const room = top - nonSavings;
  return room > 0 ? room : 0;
}

/**
 * The ordinary income (pension income of `people[m]`) a US return (`people[from]` to
 * `people[to - 1]`) can still add this year, up to `cap`, before its ordinary taxable income (after
 * the deductions, less qualified dividends and long-term gains) passes the top of `band`: 0 for the
 * standard deduction (with the additional and senior amounts), else the top of the 10%, 12% or 22%
 * bracket. Found on the return itself, by bisection, since each added dollar can make Social
 * Security taxable or phase out the senior deduction.
 */
export function usBandRoom(
  people: readonly TaxPerson[],
  from: number,
  to: number,
  m: TaxPerson,
  r: UsRules,
  band: TaxBand,
  cap: number,
): number {
  const top =
    band === 'BRACKET_10'
      ? r.ordinaryTops[0]!
      : band === 'BRACKET_12'
        ? r.ordinaryTops[1]!
        : band === 'BRACKET_22'
          ? r.ordinaryTops[2]!
          : 0;
  let preferential = 0;
  for (let i = from; i < to; i++) preferential += people[i]!.dividends + people[i]!.capitalGains;
  const base = m.pensionIncome;
  const ordinary = (x: number) => {
    m.pensionIncome = base + x;
    const taxable = federalReturn(people, r, 0, null, from, to).taxableIncome - preferential;
    return taxable > 0 ? taxable : 0;
  };
  let room: number;
  if (ordinary(0) > top) room = 0;
  else if (ordinary(cap) <= top) room = cap;
  else {
    let lo = 0;
    let hi = cap;
    for (let i = 0; i < US_ROOM_STEPS; i++) {
      const mid = (lo + hi) / 2;
      if (ordinary(mid) <= top) lo = mid;
      else hi = mid;
    }
    room = lo;
  }
  m.pensionIncome = base;
  return room;
}
