/**
 * Runs: a simulation of one scenario, a paired comparison of two, or an analysis of one (a solve,
 * a diagnosis, a sensitivity or a stress test). All share a lifecycle
 * (docs/RUNS.md): `QUEUED` -> `RUNNING` (with `progress`) -> `COMPLETED` or `FAILED` (with a reason);
 * a small run is simulated inside the request and is `COMPLETED` at once.
 */
import type { AnalysisRequest } from '../../engine/analysis/index.js';

export type RunStatus = 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
export type RunKind = 'SIMULATION' | 'COMPARISON' | 'ANALYSIS';

/** Fields every run has, as the API shows them. */
export interface RunFields {
  id: string;
  status: RunStatus;
  /** Completed shards / shards, 0..1. */
  progress: number;
  paths: number;
  seed: number;
  shards: number;
  completedShards: number;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  completedAt?: string;
  /** Time spent simulating (summed over shards), not queueing. */
  elapsedMs?: number;
  /** Wall time from creation to completion. */
  durationMs?: number;
  error?: { reason: string };
  version: number;
}

export interface Simulation extends RunFields {
  householdId: string;
  scenarioId: string;
  /** The scenario `version` the run simulated. */
  scenarioVersion: number;
}

export interface Comparison extends RunFields {
  householdId: string;
  baselineScenarioId: string;
  baselineScenarioVersion: number;
  alternativeScenarioId: string;
  alternativeScenarioVersion: number;
}

export interface Analysis extends RunFields {
  householdId: string;
  scenarioId: string;
  /** The scenario `version` the analysis ran on. */
  scenarioVersion: number;
  type: AnalysisRequest['type'];
  /** The analysis as asked (without `paths` and `seed`, which are the run's). */
  request: AnalysisRequest;
}

/** What the store keeps beyond the public fields. */
export interface RunBookkeeping {
  kind: RunKind;
  /** Shard indices whose results have joined. */
  joinedShards: number[];
  /** Last time a shard joined (or the run was created): the staleness check reads it. */
  lastProgressAt: string;
  /** Whether the run holds a slot of the realm's concurrent-run cap. */
  holdsSlot: boolean;
}

export type SimulationRecord = Simulation & RunBookkeeping & { kind: 'SIMULATION' };
export type ComparisonRecord = Comparison & RunBookkeeping & { kind: 'COMPARISON' };
export type AnalysisRecord = Analysis & RunBookkeeping & { kind: 'ANALYSIS' };
export type RunRecord = SimulationRecord | ComparisonRecord | AnalysisRecord;

/** Where a run lives: enough to build its key. */
export interface RunRef {
  realmId: string;
  householdId: string;
  kind: RunKind;
  runId: string;
  /** For simulations and analyses: the scenario it belongs to. */
  scenarioId?: string;
}

export function refOf(realmId: string, record: RunRecord): RunRef {
  return record.kind === 'COMPARISON'
    ? { realmId, householdId: record.householdId, kind: 'COMPARISON', runId: record.id }
    : { realmId, householdId: record.householdId, kind: record.kind, runId: record.id, scenarioId: record.scenarioId };
}

export const isFinished = (status: RunStatus) => status === 'COMPLETED' || status === 'FAILED';
