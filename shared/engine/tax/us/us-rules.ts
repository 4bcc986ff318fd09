import data from '../data/us.json' with { type: 'json' };
import { amount, amountFor, amounts, type ParameterFile, type PriceLevel } from '../parameters.js';
import type { FilingStatus } from '../types.js';

export const US_PARAMETERS = data as unknown as ParameterFile;
const p = US_PARAMETERS.parameters;

/** The US federal rules for one tax year and filing status, every value resolved. */
export interface UsRules {
  taxYear: number;
  filingStatus: FilingStatus;
  ordinaryTops: number[];
  ordinaryRates: number[];
  gainsTops: number[];
  gainsRates: number[];
  standardDeduction: number;
  additionalDeductionAged: number;
  seniorDeduction: number;
  seniorPhaseOut: number;
  seniorPhaseOutRate: number;
  niitRate: number;
  niitThreshold: number;
  socialSecurityRate: number;
  medicareRate: number;
  wageBase: number;
  additionalMedicareRate: number;
  additionalMedicareThreshold: number;
  benefitsBase: number;
  benefitsAdjustedBase: number;
}

/** Resolves the US federal parameters for `taxYear`; `prices` moves indexed amounts past the last enacted year. */
export function usRules(taxYear: number, filingStatus: FilingStatus, prices: PriceLevel | null = null): UsRules {
  const fs = filingStatus;
  return {
    taxYear,
    filingStatus,
    ordinaryTops: amounts(p.ordinaryBracketTops!, taxYear, prices, fs),
    ordinaryRates: amounts(p.ordinaryRates!, taxYear, prices),
    gainsTops: amounts(p.capitalGainsBracketTops!, taxYear, prices, fs),
    gainsRates: amounts(p.capitalGainsRates!, taxYear, prices),
    standardDeduction: amountFor(p.standardDeduction!, fs, taxYear, prices),
    additionalDeductionAged: amountFor(p.additionalDeductionAged!, fs, taxYear, prices),
    seniorDeduction: amount(p.seniorDeduction!, taxYear, prices),
    seniorPhaseOut: amountFor(p.seniorDeductionPhaseOut!, fs, taxYear, prices),
    seniorPhaseOutRate: amount(p.seniorDeductionPhaseOutRate!, taxYear, prices),
    niitRate: amount(p.niitRate!, taxYear, prices),
    niitThreshold: amountFor(p.niitThreshold!, fs, taxYear, prices),
    socialSecurityRate: amount(p.socialSecurityRate!, taxYear, prices),
    medicareRate: amount(p.medicareRate!, taxYear, prices),
    wageBase: amount(p.wageBase!, taxYear, prices),
    additionalMedicareRate: amount(p.additionalMedicareRate!, taxYear, prices),
    additionalMedicareThreshold: amountFor(p.additionalMedicareThreshold!, fs, taxYear, prices),
    benefitsBase: amountFor(p.benefitsBaseAmount!, fs, taxYear, prices),
    benefitsAdjustedBase: amountFor(p.benefitsAdjustedBaseAmount!, fs, taxYear, prices),
  };
}
