/** Runs as the API shows them: the public fields, without the store's bookkeeping. */
import type {
  Analysis,
  AnalysisRecord,
  Comparison,
  ComparisonRecord,
  Query,
  QueryRecord,
  RunRecord,
  Simulation,
  SimulationRecord,
} from './run.js';

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
  // The store keeps the billed figure as `pathYears`; the API names it for what it is, and keeps the
  // old name as a deprecated alias for one release (docs/USAGE.md).
  return rest.pathYears === undefined ? rest : { ...rest, billedPathYears: rest.pathYears };
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

export function toQuery(record: QueryRecord): Query {
  return publicRun(record) as Query;
}
