/**
 * Runs: a simulation of one scenario, a paired comparison of two, or an analysis of one (a solve,
 * a diagnosis, a sensitivity or a stress test). All share a lifecycle
 * (docs/RUNS.md): `QUEUED` -> `RUNNING` (with `progress`) -> `COMPLETED` or `FAILED` (with a reason);
 * a small run is simulated inside the request and is `COMPLETED` at once.
 */
import type { RunRecord, RunRef, RunStatus } from '../../store/runs/runs.js';

// A run's shape is its stored item's (shared/store/runs/runs.ts): the fields the API shows plus the
// store's bookkeeping; views.ts cuts the bookkeeping off.
export type {
  Analysis,
  AnalysisRecord,
  Comparison,
  ComparisonRecord,
  Query,
  QueryRecord,
  RunBookkeeping,
  RunFields,
  RunKind,
  RunRecord,
  RunRef,
  RunStatus,
  Simulation,
  SimulationRecord,
} from '../../store/runs/runs.js';

export function refOf(realmId: string, record: RunRecord): RunRef {
  return record.kind === 'COMPARISON' || record.kind === 'QUERY'
    ? { realmId, householdId: record.householdId, kind: record.kind, runId: record.id }
    : { realmId, householdId: record.householdId, kind: record.kind, runId: record.id, scenarioId: record.scenarioId };
}

export const isFinished = (status: RunStatus) => status === 'COMPLETED' || status === 'FAILED';
