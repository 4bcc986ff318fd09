/** Runs as the API shows them: the public fields, without the store's bookkeeping. */
import type { Analysis, AnalysisRecord, Comparison, ComparisonRecord, RunRecord, Simulation, SimulationRecord } from './run.js';

function publicRun<T extends RunRecord>(record: T) {
  const {
    kind: _kind,
    joinedShards: _joined,
    lastProgressAt: _last,
    holdsSlot: _slot,
    admittedIn: _month,
    metered: _metered,
    eventPending: _eventPending,
    ...rest
  } = record;
  return rest;
}

export function toSimulation(record: SimulationRecord): Simulation {
  return publicRun(record) as Simulation;
}

export function toComparison(record: ComparisonRecord): Comparison {
  return publicRun(record) as Comparison;
}

export function toAnalysis(record: AnalysisRecord): Analysis {
  return publicRun(record) as Analysis;
}
