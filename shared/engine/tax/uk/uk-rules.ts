import data from '../data/uk.json' with { type: 'json' };
import { amount, amounts, type ParameterFile, type PriceLevel } from '../parameters.js';

export const UK_PARAMETERS = data as unknown as ParameterFile;
const p = UK_PARAMETERS.parameters;

/** The UK's rules for one tax year (named by the calendar year it starts in), every value resolved. */
export interface UkRules {
  taxYear: number;
  scotland: boolean;
  personalAllowance: number;
  taperThreshold: number;
  taperRate: number;
  /** Tops of the UK-wide bands of taxable income: basic, higher (the additional rate applies above). */
  bandTops: number[];
  rates: number[];
  /** Non-savings bands and rates where the taxpayer lives (Scottish, or the UK-wide ones). */
  nonSavingsTops: number[];
  nonSavingsRates: number[];
  savingsRates: number[];
  startingRateForSavings: number;
  personalSavingsAllowance: number[];
  dividendAllowance: number;
  dividendRates: number[];
  niPrimaryThreshold: number;
  niUpperEarningsLimit: number;
  niMainRate: number;
  niUpperRate: number;
  cgtAnnualExemptAmount: number;
  /** The top of the band capital gains are taxed at the lower rate in: the UK-wide basic rate limit. */
  cgtTops: number[];
  cgtRates: number[];
}

/** Resolves the UK's parameters for `taxYear`; `prices` moves thresholds past the last enacted year (null: as enacted). */
export function ukRules(taxYear: number, scotland: boolean, prices: PriceLevel | null = null): UkRules {
  const bandTops = [amount(p.basicRateLimit!, taxYear, prices), amount(p.higherRateLimit!, taxYear, prices)];
  const rates = [amount(p.basicRate!, taxYear, prices), amount(p.higherRate!, taxYear, prices), amount(p.additionalRate!, taxYear, prices)];
  return {
    taxYear,
    scotland,
    personalAllowance: amount(p.personalAllowance!, taxYear, prices),
    taperThreshold: amount(p.allowanceTaperThreshold!, taxYear, prices),
    taperRate: amount(p.allowanceTaperRate!, taxYear, prices),
    bandTops,
    rates,
    nonSavingsTops: scotland ? amounts(p.scottishBandTops!, taxYear, prices) : bandTops,
    nonSavingsRates: scotland ? amounts(p.scottishRates!, taxYear, prices) : rates,
    savingsRates: amounts(p.savingsRates!, taxYear, prices),
    startingRateForSavings: amount(p.startingRateForSavingsBand!, taxYear, prices),
    personalSavingsAllowance: amounts(p.personalSavingsAllowance!, taxYear, prices),
    dividendAllowance: amount(p.dividendAllowance!, taxYear, prices),
    dividendRates: amounts(p.dividendRates!, taxYear, prices),
    niPrimaryThreshold: amount(p.niPrimaryThreshold!, taxYear, prices),
    niUpperEarningsLimit: amount(p.niUpperEarningsLimit!, taxYear, prices),
    niMainRate: amount(p.niMainRate!, taxYear, prices),
    niUpperRate: amount(p.niUpperRate!, taxYear, prices),
    cgtAnnualExemptAmount: amount(p.cgtAnnualExemptAmount!, taxYear, prices),
    cgtTops: [bandTops[0]!],
    cgtRates: amounts(p.cgtRates!, taxYear, prices),
  };
}
