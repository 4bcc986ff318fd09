import { stackedBandTax, type BandLine } from '../bands.js';
import type { Breakdown } from '../types.js';
import type { UkRules } from './uk-rules.js';

const CGT_BANDS = ['within the basic rate band', 'above the basic rate band'];

/**
 * UK capital gains tax of an individual (TCGA 1992 ss.1H, 3): gains above the annual exempt
 * amount, stacked on taxable income: the lower rate within the basic rate band left, the higher
 * rate above it. The UK-wide band applies to Scottish taxpayers too.
 */
export function ukCapitalGainsTax(gains: number, taxableIncome: number, r: UkRules, b: Breakdown | null = null): number {
  if (gains <= 0) return 0;
  const exempt = gains < r.cgtAnnualExemptAmount ? gains : r.cgtAnnualExemptAmount;
  const taxable = gains - exempt;
  const lines: BandLine[] | null = b !== null ? [] : null;
  const tax = stackedBandTax(taxable, taxableIncome, r.cgtTops, r.cgtRates, lines, CGT_BANDS);
  if (b !== null) {
    b.step('capital gains', gains);
    b.step('annual exempt amount used', exempt);
    b.bands('capital gains', lines!);
  }
  return tax;
}
