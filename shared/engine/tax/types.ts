import type { BandLine } from './bands.js';

export type TaxSystem = 'UK' | 'US';
export type TaxRegion = 'SCOTLAND';
export type FilingStatus = 'SINGLE' | 'MARRIED_JOINT';

/**
 * One person's income for a tax year, annual, in the system's currency (docs/TAX.md): `earnings`
 * are employment income; `pensionIncome` taxable pension or annuity income (any tax-free part
 * already taken out); `statePension` the UK state pension or US Social Security benefits;
 * `dividends` qualified dividends in the US; `capitalGains` long-term gains realised;
 * `pensionContributions` the person's own pension contributions out of earnings (UK: net pay
 * arrangement; US: pre-tax elective deferrals).
 */
export interface TaxPerson {
  age: number;
  earnings: number;
  pensionIncome: number;
  statePension: number;
  interest: number;
  dividends: number;
  capitalGains: number;
  pensionContributions: number;
}

/** One person's tax for the year, by kind. */
export interface PersonTax {
  incomeTax: number;
  socialContributions: number;
  capitalGainsTax: number;
  stateIncomeTax: number;
}

/** A step of a calculation: what it is, the amount it works on, and where it came from. */
export interface BreakdownLine {
  step: string;
  amount: number;
  rate?: number;
  tax?: number;
}

/** The steps of one person's (or one return's) calculation, in order. */
export class Breakdown {
  readonly lines: BreakdownLine[] = [];
  step(step: string, amount: number): void {
    this.lines.push({ step, amount });
  }
  bands(prefix: string, lines: readonly BandLine[]): void {
    for (const l of lines) this.lines.push({ step: `${prefix}: ${l.band}`, amount: l.amount, rate: l.rate, tax: l.tax });
  }
}

export function emptyPerson(): TaxPerson {
  return { age: 0, earnings: 0, pensionIncome: 0, statePension: 0, interest: 0, dividends: 0, capitalGains: 0, pensionContributions: 0 };
}
