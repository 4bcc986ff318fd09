import type { Percentiles } from '../output/output-document.js';

/** The comparison document of two scenarios (docs/MODEL.md, "Comparison"; docs/OUTPUT.md). Types only, so clients can use them too. */
export interface ComparedFigure {
  figure: string;
  baseline: number | null;
  alternative: number | null;
  difference: number | null;
  standardError: number | null;
  interval95: [number, number] | null;
  /** How the standard error was estimated: PAIRED_PATHS (per-path differences), BATCH_MEANS, or PAIRED_BOOTSTRAP (resampled paths). */
  method: 'PAIRED_PATHS' | 'BATCH_MEANS' | 'PAIRED_BOOTSTRAP';
}

export interface ComparisonDocument {
  summary: ComparedFigure[];
  goals: { goalId: string; achievability: ComparedFigure; expectedFundedRatio: ComparedFigure }[];
  members: { memberId: string; figures: ComparedFigure[] }[];
  timeSeries: {
    year: number;
    calendarYear: number;
    baselineMedianNetWorth: number | null;
    alternativeMedianNetWorth: number | null;
    medianNetWorthDifference: number | null;
    baselineMeanNetWorth: number | null;
    alternativeMeanNetWorth: number | null;
    meanNetWorthDifference: number | null;
    /** Standard error of medianNetWorthDifference (paired bootstrap over paths), and its 95% interval. */
    medianNetWorthDifferenceStandardError: number | null;
    medianNetWorthDifferenceInterval95: [number, number] | null;
    /** Paths running in both scenarios this year, over which netWorthDifference is taken. */
    pairedPaths: number;
    /** Percentiles and mean over those paths of each one's real net worth in the alternative minus the baseline. */
    netWorthDifference: Percentiles;
  }[];
  outcomeChanges: { failedToSucceeded: number; succeededToFailed: number; net: number };
  metadata: {
    engineVersion: string;
    seed: number;
    paths: number;
    years: { baseline: number; alternative: number };
    /** The years the lives ran in both scenarios, summed over paths; not what the run is billed. */
    simulatedPathYears: number;
    /** @deprecated The same as simulatedPathYears, under its former name. */
    pathYears: number;
    shards: number;
    elapsedMs: number;
    batches: number;
  };
}
