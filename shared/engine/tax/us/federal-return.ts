import { stackedBandTax, type BandLine } from '../bands.js';
import type { Breakdown, TaxPerson } from '../types.js';
import { deductions } from './deductions.js';
import { ficaOf } from './fica.js';
import { taxableBenefits } from './social-security-benefits.js';
import type { UsRules } from './us-rules.js';

const ORDINARY_BANDS = ['10%', '12%', '22%', '24%', '32%', '35%', '37%'];
const GAINS_BANDS = ['0%', '15%', '20%'];

/** A return's taxes by kind (FICA summed over its people) and what they were figured on. */
export interface FederalReturn {
  agi: number;
  taxableIncome: number;
  ordinaryTax: number;
  gainsTax: number;
  niit: number;
  stateIncomeTax: number;
  fica: number;
}

/**
 * One federal return (a single person's, or a married couple's joint return: `people[from]` to
 * `people[to - 1]`) with a flat state income tax: taxable Social Security (IRC s.86), AGI, the
 * standard, additional and senior deductions, ordinary tax by the rate schedule on taxable income
 * less the preferential income, long-term gains and qualified dividends at 0/15/20% stacked on
 * ordinary taxable income (the Qualified Dividends and Capital Gain Tax Worksheet), the net
 * investment income tax (IRC s.1411) and the people's FICA. The state tax is `stateRate` of AGI
 * less taxable Social Security. Written into `into` (a new object unless given).
 */
export function federalReturn(
  people: readonly TaxPerson[],
  r: UsRules,
  stateRate: number,
  b: Breakdown | null = null,
  from = 0,
  to = people.length,
  into: FederalReturn = { agi: 0, taxableIncome: 0, ordinaryTax: 0, gainsTax: 0, niit: 0, stateIncomeTax: 0, fica: 0 },
): FederalReturn {
  let wages = 0;
  let grossWages = 0;
  let other = 0;
  let investment = 0;
  let preferential = 0;
  let benefits = 0;
  let aged = 0;
  for (let i = from; i < to; i++) {
    const p = people[i]!;
    const deferred = p.pensionContributions < p.earnings ? p.pensionContributions : p.earnings;
    const w = p.earnings - deferred;
    wages += w;
    grossWages += p.earnings;
    other += w + p.pensionIncome + p.interest + p.dividends + p.capitalGains;
    investment += p.interest + p.dividends + p.capitalGains;
    preferential += p.dividends + p.capitalGains;
    benefits += p.statePension;
    if (p.age >= 65) aged++;
  }
  const taxableSs = taxableBenefits(benefits, other, r);
  const agi = other + taxableSs;
  const d = deductions(agi, aged, r);
  const ti0 = agi - d.standard - d.senior;
  const taxableIncome = ti0 > 0 ? ti0 : 0;
  const pref = preferential < taxableIncome ? preferential : taxableIncome;
  const ordinaryIncome = taxableIncome - pref;
  const lines: BandLine[] | null = b !== null ? [] : null;
  const ordinaryTax = stackedBandTax(ordinaryIncome, 0, r.ordinaryTops, r.ordinaryRates, lines, ORDINARY_BANDS);
  if (b !== null) {
    b.step('wages after pre-tax contributions', wages);
    b.step('Social Security benefits', benefits);
    b.step('taxable Social Security benefits', taxableSs);
    b.step('adjusted gross income', agi);
    b.step('standard deduction (with the additional amount at 65)', d.standard);
    b.step('senior deduction after phase-out', d.senior);
    b.step('taxable income', taxableIncome);
    b.step('qualified dividends and long-term gains in taxable income', pref);
    b.bands('ordinary income', lines!.splice(0));
  }
  const gainsTax = stackedBandTax(pref, ordinaryIncome, r.gainsTops, r.gainsRates, lines, GAINS_BANDS);
  if (b !== null && pref > 0) b.bands('qualified dividends and long-term gains', lines!);
  const over = agi - r.niitThreshold;
  const niitBase = over > 0 ? (investment < over ? investment : over) : 0;
  const niit = niitBase * r.niitRate;
  if (b !== null && niit > 0) b.lines.push({ step: 'net investment income tax', amount: niitBase, rate: r.niitRate, tax: niit });
  const stateBase = agi - taxableSs;
  const stateIncomeTax = stateBase > 0 ? stateBase * stateRate : 0;
  if (b !== null && stateIncomeTax > 0)
    b.lines.push({ step: 'state income tax (flat rate)', amount: stateBase, rate: stateRate, tax: stateIncomeTax });
  let fica = 0;
  for (let i = from; i < to; i++)
    fica += ficaOf(people[i]!.earnings, grossWages, r, b, b !== null && to - from > 1 ? `person ${i + 1}: ` : '');
  into.agi = agi;
  into.taxableIncome = taxableIncome;
  into.ordinaryTax = ordinaryTax;
  into.gainsTax = gainsTax;
  into.niit = niit;
  into.stateIncomeTax = stateIncomeTax;
  into.fica = fica;
  return into;
}

/** A person's gross income counted on a return: what a joint return's taxes are shared by. */
export function grossIncome(p: TaxPerson): number {
  const deferred = p.pensionContributions < p.earnings ? p.pensionContributions : p.earnings;
  return p.earnings - deferred + p.pensionIncome + p.interest + p.dividends + p.capitalGains + p.statePension;
}
