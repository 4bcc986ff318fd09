/**
 * Sort keys of runs and their data, all in the household's partition (`R#<realm>#H#<household>`)
 * so that the household's cascading delete removes them; simulations, analyses and their data sit
 * under their scenario's prefix (`SCENARIO#<id>#`), so the scenario's cascading delete removes
 * them too.
 * - simulation run:   `SCENARIO#<scenarioId>#RUN#<runId>`
 * - simulation data:  `SCENARIO#<scenarioId>#RUNDATA#<runId>#<name>#<chunk>`
 * - analysis run:     `SCENARIO#<scenarioId>#ANALYSIS#<runId>`
 * - analysis data:    `SCENARIO#<scenarioId>#ANADATA#<runId>#<name>#<chunk>`
 * - comparison run:   `COMPARISON#<comparisonId>`
 * - comparison data:  `CMPDATA#<comparisonId>#<name>#<chunk>`
 * - active-run slot:  `ACTIVE#<runId>` in the realm's `META` partition (the concurrency cap)
 * Data names: `INPUT` (the scenario documents run), `SHARD#<nnnnn>` (a shard's result), `OUTPUT`.
 */
import type { RunRef } from '../../domain/runs/run.js';
import { scenarioSortKey } from '../keys.js';

export const simulationSortKeyPrefix = (scenarioId: string) => `${scenarioSortKey(scenarioId)}#RUN#`;
export const simulationSortKey = (scenarioId: string, runId: string) => `${simulationSortKeyPrefix(scenarioId)}${runId}`;
export const analysisSortKeyPrefix = (scenarioId: string) => `${scenarioSortKey(scenarioId)}#ANALYSIS#`;
export const analysisSortKey = (scenarioId: string, runId: string) => `${analysisSortKeyPrefix(scenarioId)}${runId}`;
export const comparisonSortKeyPrefix = 'COMPARISON#';
export const comparisonSortKey = (comparisonId: string) => `${comparisonSortKeyPrefix}${comparisonId}`;

/** The scenario of a simulation's or an analysis's reference. */
export function scenarioOf(ref: RunRef): string {
  if (!ref.scenarioId) throw new Error(`a ${ref.kind.toLowerCase()} reference needs its scenario`);
  return ref.scenarioId;
}

/** Prefix of every data item of a run. */
export function runDataPrefix(ref: RunRef): string {
  if (ref.kind === 'COMPARISON') return `CMPDATA#${ref.runId}#`;
  const scenarioId = scenarioOf(ref);
  return `${scenarioSortKey(scenarioId)}#${ref.kind === 'ANALYSIS' ? 'ANADATA' : 'RUNDATA'}#${ref.runId}#`;
}
export const runInputName = (ref: RunRef) => `${runDataPrefix(ref)}INPUT`;
export const runOutputName = (ref: RunRef) => `${runDataPrefix(ref)}OUTPUT`;
export const shardResultsPrefix = (ref: RunRef) => `${runDataPrefix(ref)}SHARD#`;
export const shardResultName = (ref: RunRef, shard: number) => `${shardResultsPrefix(ref)}${String(shard).padStart(5, '0')}`;

export const activeRunSortKeyPrefix = 'ACTIVE#';
export const activeRunSortKey = (runId: string) => `${activeRunSortKeyPrefix}${runId}`;
