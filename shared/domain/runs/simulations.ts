/** Simulation use cases: access follows the scenario's household (shared/domain/access.ts). */
import * as z from 'zod/mini';
import type { OutputDocument } from '../../engine/index.js';
import { getRunBlob } from '../../store/runs/run-data.js';
import { countSimulations, latestCompletedSimulation, listSimulations as storeList } from '../../store/runs/runs.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { pagingQuerySchema, type Page, type PageRequest } from '../paging.js';
import type { Principal } from '../principal.js';
import { loadScenario } from '../scenario-resource/service.js';
import { MAX_PATHS } from '../scenario/index.js';
import { integer } from '../scenario/common.js';
import { readQuota } from '../usage/quota.js';
import type { WritePreconditions } from '../versioning.js';
import { selectOutput, type OutputQuery } from './output-view.js';
import { deleteRun, loadRun, pageRuns } from './run-access.js';
import type { RunRef, Simulation, SimulationRecord } from './run.js';
import { loadRunAfterWait } from './run-wait.js';
import { startRun } from './start-run.js';
import { toSimulation } from './views.js';

/** A scenario keeps at most this many runs (a bound on its list); delete old ones to start more. */
export const maxRunsPerScenario = 1_000;

export const runOptionsShape = {
  paths: z.optional(integer(1, MAX_PATHS)),
  seed: z.optional(
    z
      .number()
      .check(z.int('must be an integer'), z.minimum(0, 'must be at least 0'), z.maximum(Number.MAX_SAFE_INTEGER, 'must be a safe integer')),
  ),
};
export const simulationRequestSchema = z.strictObject(runOptionsShape);
export type SimulationRequest = z.output<typeof simulationRequestSchema>;

export const simulationSortable = ['createdAt', 'updatedAt', 'status'] as const;
export const simulationListQuerySchema = pagingQuerySchema(simulationSortable);

const refOf = (principal: Principal, householdId: string, scenarioId: string, runId: string): RunRef => ({
  realmId: principal.realmId,
  householdId,
  kind: 'SIMULATION',
  runId,
  scenarioId,
});

export async function createSimulation(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  request: SimulationRequest,
): Promise<Simulation> {
  // The scenario, the count of its runs and the realm's quota are read at once (the count is only
  // used once the scenario is found, and the quota once the run is planned).
  const quota = readQuota(principal.realmId);
  const [scenario, existing] = await Promise.all([
    loadScenario(principal, householdId, scenarioId),
    countSimulations({ realmId: principal.realmId, householdId, scenarioId }),
  ]);
  if (existing >= maxRunsPerScenario) {
    throw new ConflictError(`A scenario keeps at most ${maxRunsPerScenario} simulations; delete old ones first`);
  }
  const record = await startRun({
    principal,
    householdId,
    kind: 'SIMULATION',
    scenarios: [{ id: scenario.id, version: scenario.version, document: scenario.document }],
    paths: request.paths,
    seed: request.seed,
    quota,
  });
  return toSimulation(record as SimulationRecord);
}

export async function listSimulations(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  request: PageRequest,
): Promise<Page<Simulation>> {
  await loadScenario(principal, householdId, scenarioId);
  const records = await storeList({ realmId: principal.realmId, householdId, scenarioId });
  return pageRuns(
    records,
    (id) => refOf(principal, householdId, scenarioId, id),
    (record) => toSimulation(record as SimulationRecord),
    request,
  );
}

/** The simulation; with `waitSeconds`, once it has ended or after that long (run-wait.ts). */
export async function getSimulation(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  runId: string,
  waitSeconds = 0,
): Promise<Simulation> {
  await loadScenario(principal, householdId, scenarioId);
  const ref = refOf(principal, householdId, scenarioId, runId);
  return toSimulation((await loadRunAfterWait(ref, `Simulation ${runId}`, waitSeconds)) as SimulationRecord);
}

export async function deleteSimulation(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  runId: string,
  preconditions: WritePreconditions,
): Promise<void> {
  await loadScenario(principal, householdId, scenarioId);
  await deleteRun(refOf(principal, householdId, scenarioId, runId), `Simulation ${runId}`, preconditions);
}

async function storedOutput(ref: RunRef): Promise<OutputDocument> {
  const document = await getRunBlob<OutputDocument>(ref, 'OUTPUT');
  if (!document) throw new NotFoundError(`The output of simulation ${ref.runId} is not available`);
  return document;
}

export async function getSimulationOutput(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  runId: string,
  query: OutputQuery,
): Promise<{ simulation: Simulation; output: ReturnType<typeof selectOutput> }> {
  await loadScenario(principal, householdId, scenarioId);
  const ref = refOf(principal, householdId, scenarioId, runId);
  const run = await loadRun(ref, `Simulation ${runId}`);
  if (run.status !== 'COMPLETED') {
    const detail =
      run.status === 'FAILED' ? `: ${run.error?.reason ?? 'no reason recorded'}` : ` (progress ${Math.round(run.progress * 100)}%)`;
    throw new NotFoundError(`Simulation ${runId} has no output: it is ${run.status}${detail}`);
  }
  return { simulation: toSimulation(run as SimulationRecord), output: selectOutput(await storedOutput(ref), query) };
}

export interface ScenarioOutput {
  simulationId: string;
  scenarioVersion: number;
  /** True when the scenario has changed since the run that produced this output. */
  stale: boolean;
}

export async function getScenarioOutput(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  query: OutputQuery,
): Promise<ScenarioOutput & ReturnType<typeof selectOutput>> {
  const scenario = await loadScenario(principal, householdId, scenarioId);
  const latest = await latestCompletedSimulation({ realmId: principal.realmId, householdId, scenarioId });
  if (!latest) throw new NotFoundError(`Scenario ${scenarioId} has no completed simulation yet`);
  const output = selectOutput(await storedOutput(refOf(principal, householdId, scenarioId, latest.id)), query);
  return {
    simulationId: latest.id,
    scenarioVersion: latest.scenarioVersion,
    stale: latest.scenarioVersion !== scenario.version,
    ...output,
  };
}
