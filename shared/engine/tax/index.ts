/** Tax rules as data (docs/TAX.md): the UK's and the US's rules over dated, cited parameters, and the one-year calculator. */
export { calculateTax, defaultFilingStatus, PARAMETER_FILES, taxYearsWithRules } from './calculator.js';
export type { PersonTaxResult, TaxCalculationRequest, TaxCalculationResult } from './calculator.js';
export type { FilingStatus, TaxPerson, TaxRegion, TaxSystem } from './types.js';
