/** Comparison use cases: a paired run of two scenarios of one household, fanned out like a simulation. */
import * as z from 'zod/mini';
import type { ComparisonDocument } from '../../engine/index.js';
import { getRunBlob } from '../../store/runs/run-data.js';
import { countComparisons, listComparisons as storeList } from '../../store/runs/runs.js';
import { ConflictError, ValidationError } from '../errors.js';
import { loadHousehold } from '../households/service.js';
import { idSchema } from '../ids.js';
import { pagingQuerySchema, type Page, type PageRequest } from '../paging.js';
import type { Principal } from '../principal.js';
import { findScenario, type ScenarioRecord } from '../../store/scenarios.js';
import { readQuota } from '../usage/quota.js';
import type { WritePreconditions } from '../versioning.js';
import { deleteRun, pageRuns } from './run-access.js';
import type { Comparison, ComparisonRecord, RunRef } from './run.js';
import { loadRunAfterWait } from './run-wait.js';
import { runOptionsShape } from './simulations.js';
import { startRun } from './start-run.js';
import { toComparison } from './views.js';

export const maxComparisonsPerHousehold = 1_000;

export const comparisonRequestSchema = z.strictObject({
  baselineScenarioId: idSchema,
  alternativeScenarioId: idSchema,
  ...runOptionsShape,
});
export type ComparisonRequest = z.output<typeof comparisonRequestSchema>;

export const comparisonSortable = ['createdAt', 'updatedAt', 'status'] as const;
export const comparisonListQuerySchema = pagingQuerySchema(comparisonSortable);

/** A comparison with, once it has completed, its comparison document. */
export type ComparisonView = Comparison & { comparison?: ComparisonDocument };

const refOf = (principal: Principal, householdId: string, runId: string): RunRef => ({
  realmId: principal.realmId,
  householdId,
  kind: 'COMPARISON',
  runId,
});

/** A scenario the comparison names, as read: a 400 naming its field when the household has no such live scenario. */
function comparedScenario(record: ScenarioRecord | undefined, householdId: string, id: string, field: string): ScenarioRecord {
  if (!record || record.deletingAt) {
    throw new ValidationError('Invalid comparison', [{ field, message: `scenario ${id} not found in household ${householdId}` }]);
  }
  return record;
}

/** A read's value, or its error thrown. */
function settled<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

export async function createComparison(principal: Principal, householdId: string, request: ComparisonRequest): Promise<Comparison> {
  // Everything the comparison needs is read at once: the household, both scenarios, the count of
  // its comparisons and the realm's quota. Each is looked at only once those before it are found,
  // so the household's 404 or 403 comes first, then the baseline's 400, the alternative's, and the
  // cap's 409, as if read one after the other.
  const realmId = principal.realmId;
  const quota = readQuota(realmId);
  const [household, baselineRead, alternativeRead, existing] = await Promise.allSettled([
    loadHousehold(principal, householdId),
    findScenario({ realmId, householdId, scenarioId: request.baselineScenarioId }),
    findScenario({ realmId, householdId, scenarioId: request.alternativeScenarioId }),
    countComparisons({ realmId, householdId }),
  ]);
  settled(household);
  const baseline = comparedScenario(settled(baselineRead), householdId, request.baselineScenarioId, 'baselineScenarioId');
  const alternative = comparedScenario(settled(alternativeRead), householdId, request.alternativeScenarioId, 'alternativeScenarioId');
  if (settled(existing) >= maxComparisonsPerHousehold) {
    throw new ConflictError(`A household keeps at most ${maxComparisonsPerHousehold} comparisons; delete old ones first`);
  }
  const record = await startRun({
    principal,
    householdId,
    kind: 'COMPARISON',
    scenarios: [
      { id: baseline.id, version: baseline.version, document: baseline.document },
      { id: alternative.id, version: alternative.version, document: alternative.document },
    ],
    paths: request.paths,
    seed: request.seed,
    quota,
  });
  return withDocument(principal, record as ComparisonRecord);
}

async function withDocument(principal: Principal, record: ComparisonRecord): Promise<ComparisonView> {
  const view: ComparisonView = toComparison(record);
  if (record.status !== 'COMPLETED') return view;
  const ref = refOf(principal, record.householdId, record.id);
  const document = await getRunBlob<ComparisonDocument>(ref, 'OUTPUT');
  if (document) view.comparison = document;
  return view;
}

export async function listComparisons(principal: Principal, householdId: string, request: PageRequest): Promise<Page<Comparison>> {
  await loadHousehold(principal, householdId);
  const records = await storeList({ realmId: principal.realmId, householdId });
  return pageRuns(
    records,
    (id) => refOf(principal, householdId, id),
    (record) => toComparison(record as ComparisonRecord),
    request,
  );
}

/** The comparison; with `waitSeconds`, once it has ended or after that long (run-wait.ts). */
export async function getComparison(
  principal: Principal,
  householdId: string,
  comparisonId: string,
  waitSeconds = 0,
): Promise<ComparisonView> {
  await loadHousehold(principal, householdId);
  const ref = refOf(principal, householdId, comparisonId);
  return withDocument(principal, (await loadRunAfterWait(ref, `Comparison ${comparisonId}`, waitSeconds)) as ComparisonRecord);
}

export async function deleteComparison(
  principal: Principal,
  householdId: string,
  comparisonId: string,
  preconditions: WritePreconditions,
): Promise<void> {
  await loadHousehold(principal, householdId);
  await deleteRun(refOf(principal, householdId, comparisonId), `Comparison ${comparisonId}`, preconditions);
}
