/**
 * Analysis use cases: a solve, a diagnosis, a sensitivity or a stress test of one scenario, run
 * like a simulation (inline when small, else fanned out over the queue) and stored under the
 * scenario, so that deleting the scenario deletes its analyses. Access follows the scenario's
 * household (shared/domain/access.ts).
 */
import type { AnalysisDocument } from '../../engine/analysis/index.js';
import { getRunBlob } from '../../store/runs/run-data.js';
import { countAnalyses, listAnalyses as storeList } from '../../store/runs/runs.js';
import { ConflictError } from '../errors.js';
import { pagingQuerySchema, type Page, type PageRequest } from '../paging.js';
import type { Principal } from '../principal.js';
import { loadScenario } from '../scenario-resource/service.js';
import { readQuota } from '../usage/quota.js';
import type { WritePreconditions } from '../versioning.js';
import { splitAnalysisBody, type AnalysisBody } from './analysis-request.js';
import { deleteRun, loadRun, pageRuns } from './run-access.js';
import type { Analysis, AnalysisRecord, RunRef } from './run.js';
import { loadRunAfterWait } from './run-wait.js';
import { startRun } from './start-run.js';
import { toAnalysis } from './views.js';

/** A scenario keeps at most this many analyses (a bound on its list); delete old ones to start more. */
export const maxAnalysesPerScenario = 1_000;

export const analysisSortable = ['createdAt', 'updatedAt', 'status', 'type'] as const;
export const analysisListQuerySchema = pagingQuerySchema(analysisSortable);

/** An analysis with, once it has completed, its analysis document. */
export type AnalysisView = Analysis & { analysis?: AnalysisDocument };

const refOf = (principal: Principal, householdId: string, scenarioId: string, runId: string): RunRef => ({
  realmId: principal.realmId,
  householdId,
  kind: 'ANALYSIS',
  runId,
  scenarioId,
});

async function withDocument(principal: Principal, record: AnalysisRecord): Promise<AnalysisView> {
  const view: AnalysisView = toAnalysis(record);
  if (record.status !== 'COMPLETED') return view;
  const ref = refOf(principal, record.householdId, record.scenarioId, record.id);
  const document = await getRunBlob<AnalysisDocument>(ref, 'OUTPUT');
  if (document) view.analysis = document;
  return view;
}

export async function createAnalysis(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  body: AnalysisBody,
): Promise<AnalysisView> {
  // The scenario, the count of its analyses and the realm's quota are read at once (the count is
  // only used once the scenario is found, and the quota once the run is planned).
  const quota = readQuota(principal.realmId);
  const [scenario, existing] = await Promise.all([
    loadScenario(principal, householdId, scenarioId),
    countAnalyses({ realmId: principal.realmId, householdId, scenarioId }),
  ]);
  if (existing >= maxAnalysesPerScenario) {
    throw new ConflictError(`A scenario keeps at most ${maxAnalysesPerScenario} analyses; delete old ones first`);
  }
  const { request, paths, seed } = splitAnalysisBody(body);
  const record = await startRun({
    principal,
    householdId,
    kind: 'ANALYSIS',
    scenarios: [{ id: scenario.id, version: scenario.version, document: scenario.document }],
    analysis: request,
    paths,
    seed,
    quota,
  });
  return withDocument(principal, record as AnalysisRecord);
}

export async function listAnalyses(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  request: PageRequest,
): Promise<Page<Analysis>> {
  await loadScenario(principal, householdId, scenarioId);
  const records = await storeList({ realmId: principal.realmId, householdId, scenarioId });
  return pageRuns(
    records,
    (id) => refOf(principal, householdId, scenarioId, id),
    (record) => toAnalysis(record as AnalysisRecord),
    request,
  );
}

/** The analysis; with `waitSeconds`, once it has ended or after that long (run-wait.ts). */
export async function getAnalysis(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  analysisId: string,
  waitSeconds = 0,
): Promise<AnalysisView> {
  await loadScenario(principal, householdId, scenarioId);
  const ref = refOf(principal, householdId, scenarioId, analysisId);
  return withDocument(principal, (await loadRunAfterWait(ref, `Analysis ${analysisId}`, waitSeconds)) as AnalysisRecord);
}

/** The analysis without its document (HEAD needs only its existence and version). */
export async function checkAnalysis(principal: Principal, householdId: string, scenarioId: string, analysisId: string): Promise<Analysis> {
  await loadScenario(principal, householdId, scenarioId);
  return toAnalysis((await loadRun(refOf(principal, householdId, scenarioId, analysisId), `Analysis ${analysisId}`)) as AnalysisRecord);
}

export async function deleteAnalysis(
  principal: Principal,
  householdId: string,
  scenarioId: string,
  analysisId: string,
  preconditions: WritePreconditions,
): Promise<void> {
  await loadScenario(principal, householdId, scenarioId);
  await deleteRun(refOf(principal, householdId, scenarioId, analysisId), `Analysis ${analysisId}`, preconditions);
}
