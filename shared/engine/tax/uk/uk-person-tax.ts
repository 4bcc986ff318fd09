import type { Breakdown, PersonTax, TaxPerson } from '../types.js';
import { ukCapitalGainsTax } from './capital-gains-tax.js';
import { ukIncomeTax } from './income-tax.js';
import { classOneEmployee } from './national-insurance.js';
import type { UkRules } from './uk-rules.js';

/** One person's UK taxes for the year: income tax (dividend tax included), Class 1 NI, CGT. */
export function ukPersonTax(person: TaxPerson, r: UkRules, pastStatePensionAge: boolean, b: Breakdown | null = null): PersonTax {
  const it = ukIncomeTax(person, r, b);
  const ni = classOneEmployee(person.earnings, r, pastStatePensionAge, b);
  const cgt = ukCapitalGainsTax(person.capitalGains, it.taxableIncome, r, b);
  return { incomeTax: it.incomeTax, socialContributions: ni, capitalGainsTax: cgt, stateIncomeTax: 0 };
}
