import type { SourceAddress } from '../../shared/domain/runs/replay-source.js';

/** The run whose lives a path names: a simulation of a scenario, or a comparison. */
export const simulationAddress = (path: { householdId: string; scenarioId: string; simulationId: string }): SourceAddress => ({
  kind: 'SIMULATION',
  householdId: path.householdId,
  scenarioId: path.scenarioId,
  runId: path.simulationId,
});

export const comparisonAddress = (path: { householdId: string; comparisonId: string }): SourceAddress => ({
  kind: 'COMPARISON',
  householdId: path.householdId,
  runId: path.comparisonId,
});

/** The URL of a run's collection under `origin` (its lives or its queries). */
export function sourceUrl(origin: string, address: SourceAddress, collection: 'lives' | 'queries'): string {
  const household = `${origin}/households/${encodeURIComponent(address.householdId)}`;
  if (address.kind === 'COMPARISON') return `${household}/comparisons/${encodeURIComponent(address.runId)}/${collection}`;
  return `${household}/scenarios/${encodeURIComponent(address.scenarioId)}/simulations/${encodeURIComponent(address.runId)}/${collection}`;
}
