/**
 * What an output's `metadata.assumptionSet` says: the country whose defaults the run's assumptions
 * were laid over, and the data behind the mortality, economy and morbidity models it used
 * (docs/OUTPUT.md). The resolved parameters themselves are in `metadata.assumptions`.
 */
import { DEFAULT_COUNTRY, type Country } from './country.js';
import type { ResolvedEconomicAssumptions } from './economy/index.js';
import type { MortalityImprovement, MortalityTable, ResolvedLifeAssumptions } from './life/index.js';
import type { AssumptionSet } from './output/output-document.js';

export type { AssumptionSet };

const TABLES: Record<MortalityTable, string> = {
  US_SSA_2017: 'SSA period life table 2017 (2020 Trustees Report)',
  US_SSA_2021: 'SSA period life table 2021',
  UK_ONS_2022_2024: 'ONS national life tables, UK, 2022-2024 (2022 to 2024 release), past 100 a Kannisto law',
  UK_ONS_2021_2023: 'ONS national life tables, UK, 2021-2023 (2022 to 2024 release), past 100 a Kannisto law',
  UK_ONS_2020_2022: 'ONS national life tables, UK, 2020-2022 (2022 to 2024 release), past 100 a Kannisto law',
};

const IMPROVEMENTS: Record<MortalityImprovement, string> = {
  US_SSA_ALT2: 'SSA 2020 Trustees Report, Alternative 2 projected period tables 2017-2095',
  UK_ONS_2024: 'ONS 2024-based principal projection, period q(x), 2025-2070',
  NONE: 'none (period rates)',
};

const ECONOMIES: Record<Country, string> = {
  US: 'calibrated from Shiller US monthly market data, 1950-2022 (data/markets/shiller.csv)',
  UK:
    'levels and volatilities from published UK long-run statistics, 1900-2011 (Dimson, Marsh and Staunton, Credit Suisse ' +
    'Global Investment Returns Yearbook 2012); persistence and correlations from the US fit',
};

const HISTORY = 'US history: Shiller US monthly market data, 1871-2022 (data/markets/shiller.csv)';

/** The assumption set of a run: its country and the data versions its models used. */
export function assumptionSetOf(assumptions: {
  country?: Country;
  economic: ResolvedEconomicAssumptions;
  life: ResolvedLifeAssumptions;
}): AssumptionSet {
  const country = assumptions.country ?? DEFAULT_COUNTRY;
  const m = assumptions.life.mortality;
  return {
    country,
    data: {
      mortality: m.law === 'TABLE' ? TABLES[m.table] : `${m.law} law (no table)`,
      mortalityImprovement: m.law === 'TABLE' ? IMPROVEMENTS[m.improvement] : IMPROVEMENTS.NONE,
      economy: assumptions.economic.model === 'HISTORICAL' ? HISTORY : ECONOMIES[country],
      morbidity: 'US-derived: SOA/NAIC 2013 IDI disability table; long-term care calibrated to US (ASPE) aggregates',
    },
  };
}
