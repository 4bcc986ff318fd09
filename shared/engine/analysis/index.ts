/**
 * Analyses of a plan (docs/ANALYSES.md): SOLVE, DIAGNOSE, SENSITIVITY and STRESS. Like simulations,
 * shards of paths are analysed independently (`analysisShard`), merged in any order
 * (`mergeAnalysisShards`) and turned into the document (`buildAnalysis`), which may simulate a few
 * more paths in process (a solver's refinement and its check); `analyse` does all three.
 */
import type { HouseholdPlan } from '../household/plan.js';
import type { ShardRange } from '../output/simulate-shard.js';
import type { AnalysisDocument } from './analysis-document.js';
import type { AnalysisRequest } from './request.js';

export type { AnalysisDocument } from './analysis-document.js';
export * from './request.js';

/** Opaque to callers: JSON-serialisable, stored per shard like a simulation's shard result. */
export interface AnalysisShardResult {
  engineVersion: string;
  type: AnalysisRequest['type'];
  ranges: [number, number][];
  [key: string]: unknown;
}

export interface AnalysisIssue {
  field: string;
  message: string;
}

/** Problems of a request against a plan (unknown items, crossing bounds, ...), with the request field each names. Empty: valid. */
export function analysisIssues(_plan: HouseholdPlan, _request: AnalysisRequest): AnalysisIssue[] {
  throw new Error('analysisIssues: not yet implemented');
}

/** Path-years the analysis simulates for `paths` paths, counting every trial: sizes the run and meters it. */
export function analysisPathYears(_plan: HouseholdPlan, _request: AnalysisRequest, _paths: number): number {
  throw new Error('analysisPathYears: not yet implemented');
}

export function analysisShard(_plan: HouseholdPlan, _request: AnalysisRequest, _seed: number, _range: ShardRange): AnalysisShardResult {
  throw new Error('analysisShard: not yet implemented');
}

export function mergeAnalysisShards(_results: AnalysisShardResult[]): AnalysisShardResult {
  throw new Error('mergeAnalysisShards: not yet implemented');
}

export function buildAnalysis(
  _plan: HouseholdPlan,
  _request: AnalysisRequest,
  _merged: AnalysisShardResult,
  _meta: { seed: number; shards: number; elapsedMs: number },
): AnalysisDocument {
  throw new Error('buildAnalysis: not yet implemented');
}

/** Analyses a plan in process, split into `shards` ranges (default 1) merged as the cloud would. */
export function analyse(
  _plan: HouseholdPlan,
  _request: AnalysisRequest,
  _options: { seed: number; paths: number; shards?: number },
): AnalysisDocument {
  throw new Error('analyse: not yet implemented');
}
