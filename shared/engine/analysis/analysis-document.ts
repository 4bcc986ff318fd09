/**
 * The analysis document: what a completed analysis reports (docs/ANALYSES.md). Probabilities are
 * fractions of paths; every interval is a 95% interval; every difference is paired (the same paths
 * under both settings, common random numbers) unless it says otherwise.
 */
import type { AnalysisRequest, LeverType } from './request.js';

export interface Estimate {
  value: number;
  standardError: number;
  interval95: [number, number];
}

/** A paired difference (variant − base), with the standard error an unpaired comparison would have had. */
export interface PairedDifference extends Estimate {
  unpairedStandardError: number;
}

export interface TargetDescription {
  /** Absent: the plan's success. */
  goalId?: string;
  probability: number;
}

export interface SolveTrial {
  value: number;
  probability: number;
  /** How the probability was obtained: read off the paths' own switch points, or simulated at that value. */
  source: 'THRESHOLDS' | 'SIMULATED';
}

export interface SolveResult {
  lever: { type: LeverType; itemId?: string; current: number; unit: 'MONEY' | 'YEARS' };
  target: TargetDescription;
  status: 'SOLVED' | 'UNREACHABLE' | 'ALREADY_MET';
  /** The solved value, or the best value inside the bounds when the target cannot be reached. */
  value: number;
  /** value − current. */
  change: number;
  /** The probability at `value`, simulated there: re-simulating the scenario with `value` and the same seed gives exactly this. */
  probability: Estimate;
  /** Paired change in the target's probability from the current value to `value`. */
  effect: PairedDifference;
  bracket: { min: number; max: number };
  /** Width of the final bracket around the solution: one step (0.01 for money, 1 year) unless maxTrials cut the search short. */
  resolution: number;
  trials: SolveTrial[];
  /** Plain words: why the target cannot be reached, or anything the search met (paths not monotone in the lever). */
  reason?: string;
  /** Paths whose outcome at `value` differed from their switch point's (the lever is not monotone on them). */
  nonMonotonePaths: number;
}

export interface CauseResult {
  cause: string;
  /** Plain words, with the threshold used (e.g. "real equity return over the first decade below 1.2% a year"). */
  description: string;
  memberId?: string;
  /** Fraction of failing paths, and of all paths, on which it happened. */
  amongFailing: number;
  amongAll: number;
  /** amongFailing / amongAll, with a 95% interval (delta method on the multinomial counts). */
  lift: { value: number; interval95: [number, number] } | null;
}

export interface DiagnoseResult {
  target: TargetDescription;
  probability: Estimate;
  failingPaths: number;
  causes: CauseResult[];
  /** Each lever solved alone for the target, the smallest change first. */
  actions: SolveResult[];
}

export interface VariantOutcome {
  success: number;
  medianTerminalEstate: number;
  depletion: number;
  medianDepletionAge: number | null;
}

export interface SensitivityEntry {
  input: string;
  /** The input's value (or factor) at the base, down and up. */
  base: number;
  down: number;
  up: number;
  successChange: { down: PairedDifference; up: PairedDifference };
  medianTerminalEstateChange: { down: Estimate; up: Estimate };
  /** Per side, a default move shortened to stay inside the input's valid range (0: not made), and why. */
  limited?: { down?: string; up?: string };
}

export interface SensitivityResult {
  base: VariantOutcome;
  /** Sorted by the size of the swing in success (|up − down|), largest first. */
  inputs: SensitivityEntry[];
}

export interface StressEntry {
  shock: Record<string, unknown> & { type: string };
  description: string;
  outcome: VariantOutcome;
  successChange: PairedDifference;
  depletionChange: PairedDifference;
}

export interface StressResult {
  base: VariantOutcome;
  shocks: StressEntry[];
}

export interface AnalysisDocument {
  metadata: {
    engineVersion: string;
    type: AnalysisRequest['type'];
    paths: number;
    seed: number;
    shards: number;
    /** Engine time summed over shards and the merge. */
    elapsedMs: number;
    /** Paths simulated in all, counting every trial (what the analysis cost). */
    pathsSimulated: number;
    /** The years the lives ran, summed over every trial's paths; not what the run is billed. */
    simulatedPathYears: number;
    /** @deprecated The same as simulatedPathYears, under its former name. */
    pathYears: number;
  };
  request: AnalysisRequest;
  solve?: SolveResult;
  diagnose?: DiagnoseResult;
  sensitivity?: SensitivityResult;
  stress?: StressResult;
}
