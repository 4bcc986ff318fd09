/**
 * Queries over a run's lives (docs/QUERIES.md): a run of kind QUERY on the source run's plans,
 * seed and paths, started like any run (inline when small, else fanned out over the queue in
 * shards, admitted against the realm's quota and cap, metered in path-years), stored in the
 * household's partition. Access follows the source run's household.
 */
import { parseQuery, type QueryAnswer } from '../../engine/lives/index.js';
import { getRunBlob } from '../../store/runs/run-data.js';
import { countQueries } from '../../store/runs/runs.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { Principal } from '../principal.js';
import { readQuota } from '../usage/quota.js';
import { loadReplaySource, type SourceAddress } from './replay-source.js';
import type { Query, QueryRecord, RunRef } from './run.js';
import { loadRunAfterWait } from './run-wait.js';
import { startRun } from './start-run.js';
import { toQuery } from './views.js';

/** A household keeps at most this many queries. */
export const maxQueriesPerHousehold = 1_000;

/** A query with, once it has completed, its answer. */
export type QueryView = Query & { answer?: QueryAnswer };

const refOf = (principal: Principal, householdId: string, queryId: string): RunRef => ({
  realmId: principal.realmId,
  householdId,
  kind: 'QUERY',
  runId: queryId,
});

async function withAnswer(principal: Principal, record: QueryRecord): Promise<QueryView> {
  const view: QueryView = toQuery(record);
  if (record.status !== 'COMPLETED') return view;
  const answer = await getRunBlob<QueryAnswer>(refOf(principal, record.householdId, record.id), 'OUTPUT');
  if (answer) view.answer = answer;
  return view;
}

export async function createQuery(principal: Principal, address: SourceAddress, body: unknown): Promise<QueryView> {
  const quota = readQuota(principal.realmId);
  const [source, existing] = await Promise.all([
    loadReplaySource(principal, address),
    countQueries({ realmId: principal.realmId, householdId: address.householdId }),
  ]);
  const parsed = parseQuery(body, source.plans, source.paths);
  if ('issues' in parsed) throw new ValidationError('Invalid query', parsed.issues);
  if (existing >= maxQueriesPerHousehold)
    throw new ConflictError(`A household keeps at most ${maxQueriesPerHousehold} queries; delete old ones first`);
  const record = await startRun({
    principal,
    householdId: address.householdId,
    kind: 'QUERY',
    scenarios: source.input.scenarios.map((document, i) => ({ id: `${address.runId}:${i}`, version: 0, document })),
    query: {
      sourceKind: address.kind,
      sourceId: address.runId,
      ...(address.kind === 'SIMULATION' ? { scenarioId: address.scenarioId } : {}),
      query: parsed.query,
    },
    paths: source.paths,
    seed: source.seed,
    quota,
  });
  return withAnswer(principal, record as QueryRecord);
}

/** The query of this source run; with `waitSeconds`, once it has ended or after that long. */
export async function getQuery(principal: Principal, address: SourceAddress, queryId: string, waitSeconds = 0): Promise<QueryView> {
  const source = await loadReplaySource(principal, address).catch((error) => {
    // A source that is not COMPLETED has no queries; its 404 stays a 404.
    if (error instanceof ConflictError) throw new NotFoundError(`Query ${queryId} not found`);
    throw error;
  });
  const record = (await loadRunAfterWait(refOf(principal, address.householdId, queryId), `Query ${queryId}`, waitSeconds)) as QueryRecord;
  if (record.sourceId !== source.address.runId || record.sourceKind !== address.kind) throw new NotFoundError(`Query ${queryId} not found`);
  return withAnswer(principal, record);
}
