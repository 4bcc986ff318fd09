import { stackedBandTax, type BandLine } from '../bands.js';
import type { Breakdown, TaxPerson } from '../types.js';
import { personalAllowance } from './personal-allowance.js';
import type { UkRules } from './uk-rules.js';

const UK_BANDS = ['basic rate', 'higher rate', 'additional rate'];
const SCOTTISH_BANDS = ['starter rate', 'basic rate', 'intermediate rate', 'higher rate', 'advanced rate', 'top rate'];

/** A person's UK income tax, with the taxable income (after the allowance) that capital gains stack on. */
export interface UkIncomeTax {
  incomeTax: number;
  taxableIncome: number;
}

/**
 * UK income tax (ITA 2007 s.23): non-savings income (earnings less relieved pension
 * contributions, pensions, the state pension), then savings, then dividends, each stacked on the
 * one before. The personal allowance, after its taper, goes to non-savings income first. Savings
 * get the starting rate band (reduced by non-savings taxable income) and the personal savings
 * allowance (by the highest band the person's taxable income reaches); dividends the dividend
 * allowance. Both allowances still use up the band they fall in. Non-savings income uses the
 * Scottish bands for a Scottish taxpayer; savings and dividends always use the UK-wide bands.
 */
export function ukIncomeTax(
  person: TaxPerson,
  r: UkRules,
  b: Breakdown | null = null,
  into: UkIncomeTax = { incomeTax: 0, taxableIncome: 0 },
): UkIncomeTax {
  // Relief on the person's own contributions under a net pay arrangement: up to their earnings.
  const relieved = person.pensionContributions < person.earnings ? person.pensionContributions : person.earnings;
  const nonSavings = person.earnings - relieved + person.pensionIncome + person.statePension;
  const savings = person.interest;
  const dividends = person.dividends;
  const adjustedNetIncome = nonSavings + savings + dividends;
  const pa = personalAllowance(adjustedNetIncome, r.personalAllowance, r.taperThreshold, r.taperRate);
  const paNonSavings = pa < nonSavings ? pa : nonSavings;
  let left = pa - paNonSavings;
  const paSavings = left < savings ? left : savings;
  left -= paSavings;
  const paDividends = left < dividends ? left : dividends;
  const n = nonSavings - paNonSavings;
  const s = savings - paSavings;
  const d = dividends - paDividends;
  const taxable = n + s + d;

  const lines: BandLine[] | null = b !== null ? [] : null;
  if (b !== null) {
    if (relieved > 0) b.step('pension contributions relieved (net pay arrangement)', relieved);
    b.step('non-savings income', nonSavings);
    b.step('savings income', savings);
    b.step('dividend income', dividends);
    b.step('adjusted net income', adjustedNetIncome);
    b.step('personal allowance after taper', pa);
    b.step('taxable income', taxable);
  }
  const nonSavingsTax = stackedBandTax(n, 0, r.nonSavingsTops, r.nonSavingsRates, lines, r.scotland ? SCOTTISH_BANDS : UK_BANDS);
  if (b !== null) b.bands(r.scotland ? 'non-savings income (Scottish rates)' : 'non-savings income', lines!.splice(0));

  // Savings: the starting rate band left above non-savings taxable income, then the personal savings allowance.
  const startingBand = r.startingRateForSavings > n ? r.startingRateForSavings - n : 0;
  const atStartingRate = s < startingBand ? s : startingBand;
  const psa =
    taxable > r.bandTops[1]!
      ? r.personalSavingsAllowance[2]!
      : taxable > r.bandTops[0]!
        ? r.personalSavingsAllowance[1]!
        : r.personalSavingsAllowance[0]!;
  const afterStarting = s - atStartingRate;
  const inPsa = afterStarting < psa ? afterStarting : psa;
  const savingsTax = stackedBandTax(afterStarting - inPsa, n + atStartingRate + inPsa, r.bandTops, r.savingsRates, lines, UK_BANDS);
  if (b !== null && s > 0) {
    b.step('savings at the starting rate for savings (0%)', atStartingRate);
    b.step('savings within the personal savings allowance (0%)', inPsa);
    b.bands('savings income', lines!.splice(0));
  }

  // Dividends: the dividend allowance, then the dividend rates.
  const inAllowance = d < r.dividendAllowance ? d : r.dividendAllowance;
  const dividendTax = stackedBandTax(d - inAllowance, n + s + inAllowance, r.bandTops, r.dividendRates, lines, UK_BANDS);
  if (b !== null && d > 0) {
    b.step('dividends within the dividend allowance (0%)', inAllowance);
    b.bands('dividend income', lines!.splice(0));
  }
  into.incomeTax = nonSavingsTax + savingsTax + dividendTax;
  into.taxableIncome = taxable;
  return into;
}
