import type { Breakdown, PersonTax, TaxPerson } from '../types.js';
import { ukCapitalGainsTax } from './capital-gains-tax.js';
import { ukIncomeTax, type UkIncomeTax } from './income-tax.js';
import { classOneEmployee } from './national-insurance.js';
import type { UkRules } from './uk-rules.js';

/** The income tax step's result, reused: the simulation asks for a person's taxes several times a year. */
const incomeTax: UkIncomeTax = { incomeTax: 0, taxableIncome: 0 };

/**
 * One person's UK taxes for the year: income tax (dividend tax included), Class 1 NI, CGT,
 * written into `into` (a new object unless given).
 */
export function ukPersonTax(
  person: TaxPerson,
  r: UkRules,
  pastStatePensionAge: boolean,
  b: Breakdown | null = null,
  into: PersonTax = { incomeTax: 0, socialContributions: 0, capitalGainsTax: 0, stateIncomeTax: 0 },
): PersonTax {
  const it = ukIncomeTax(person, r, b, incomeTax);
  into.incomeTax = it.incomeTax;
  into.socialContributions = classOneEmployee(person.earnings, r, pastStatePensionAge, b);
  into.capitalGainsTax = ukCapitalGainsTax(person.capitalGains, it.taxableIncome, r, b);
  into.stateIncomeTax = 0;
  return into;
}
