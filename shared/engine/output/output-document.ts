import type { Country } from '../country.js';
/** The output document of one simulation (docs/MODEL.md, "The output"). */
export interface Percentiles {
  p5: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  p95: number | null;
  mean: number | null;
}
export interface Views {
  nominal: Percentiles;
  real: Percentiles;
}

export interface TimeSeriesEntry {
  /** Year index t (0 = startYear). */
  year: number;
  calendarYear: number;
  ages: Record<string, number>;
  /** Paths whose household was still running in this year (the base of the percentiles). */
  paths: number;
  netWorth: Views;
  liquidAssets: Views;
  income: Views;
  spending: Views;
  shortfall: Views;
  taxes: Views;
  members: Record<string, { alive: number; disabled: number; longTermCare: number }>;
  depleted: number;
}

export interface LifeYear {
  year: number;
  calendarYear: number;
  ages: Record<string, number>;
  states: Record<string, 'HEALTHY' | 'DISABLED' | 'LTC' | 'DEAD'>;
  unemployed: string[];
  inflation: number;
  shortRate: number;
  equityReturn: number;
  bondReturn: number;
  propertyReturn: number;
  netWorth: { nominal: number; real: number };
  liquidAssets: { nominal: number; real: number };
  income: { nominal: number; real: number };
  spending: { nominal: number; real: number };
  shortfall: { nominal: number; real: number };
  taxes: { nominal: number; real: number };
  /** Under UK or US rules: the year's taxes by kind, nominal (docs/TAX.md). */
  taxesByKind?: Record<string, number>;
}

export interface Life {
  label: string;
  /** The terminal-estate percentile this path was chosen for. */
  percentile: number;
  pathIndex: number;
  terminalEstate: number;
  /** With an estate tax: the terminal estate before it (terminalEstate is after). */
  terminalEstateBeforeTax?: number;
  success: boolean;
  depletionYear: number | null;
  years: LifeYear[];
  events: LifeEvent[];
}

export interface LifeEvent {
  year: number;
  calendarYear: number;
  type: string;
  memberId?: string;
  goalId?: string;
  itemId?: string;
  amount?: number;
}

export interface OutputDocument {
  summary: {
    probabilityOfSuccess: number;
    probabilityOfDepletion: number;
    /** Paths whose essential spending fell short in some year but was met in the plan's last year: a squeeze, recovered. */
    probabilityOfCashSqueeze: number;
    /** Paths whose essential spending fell short in the plan's last year: out of money to the end. */
    probabilityOfRunningOut: number;
    depletionAge: Percentiles;
    expectedShortfall: number;
    terminalEstate: Percentiles;
    /** With an estate tax (docs/TAX.md, "Estate"): terminalEstate is after it; real means over all paths. */
    estate?: { taxSystem: 'UK' | 'US'; expectedTax: number; meanBeforeTax: number; meanAfterTax: number };
    goals: { goalId: string; achievability: number | null; expectedFundedRatio: number | null }[];
    members: {
      memberId: string;
      lifeExpectancy: number;
      probabilityDisabled: number;
      probabilityLongTermCare: number;
      probabilityUnemployed: number;
    }[];
  };
  timeSeries: TimeSeriesEntry[];
  economy: {
    years: {
      year: number;
      calendarYear: number;
      inflation: Percentiles;
      shortRate: Percentiles;
      equityReturn: Percentiles;
      bondReturn: Percentiles;
    }[];
    annualised: {
      inflation: Percentiles;
      cashReturn: Percentiles;
      equityReturn: Percentiles;
      bondReturn: Percentiles;
      propertyReturn: Percentiles;
    };
  };
  lives: Life[];
  metadata: {
    engineVersion: string;
    seed: number;
    paths: number;
    years: number;
    /** The years the lives ran, summed over paths (a path ends with its household); not what the run is billed. */
    simulatedPathYears: number;
    /** @deprecated The same as simulatedPathYears, under its former name. */
    pathYears: number;
    shards: number;
    elapsedMs: number;
    startYear: number;
    /** The country's assumption set and the data versions behind the models (assumption-set.ts). */
    assumptionSet: AssumptionSet;
    assumptions: { economic: unknown; life: unknown };
    /** Under UK or US rules: the rules the household paid by, and their version. */
    taxRules?: { system: 'UK' | 'US' | 'FLAT'; version: string | null };
  };
}

/** The country whose defaults a run's assumptions were laid over, and the data behind its models. */
export interface AssumptionSet {
  country: Country;
  data: { mortality: string; mortalityImprovement: string; economy: string; morbidity: string };
}
