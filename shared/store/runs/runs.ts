/**
 * Run items: one per simulation, comparison or analysis, in the household's partition. Every change is a
 * conditional single-item write (dynalite has no transactions), so each step is safe to repeat:
 * - `joinShard` adds a shard index to the `joined` number set on condition that it is not there
 *   yet and the run is still live; a redelivered shard cannot count twice;
 * - `completeRun` / `failRun` move a live run to its end state exactly once (the caller that wins
 *   the transition releases the run's concurrency slot).
 */
import type { AnalysisRecord, ComparisonRecord, RunKind, RunRecord, RunRef, RunStatus, SimulationRecord } from '../../domain/runs/run.js';
import { dynamoClient } from '../client.js';
import { isConditionFailed } from '../conditional.js';
import { householdPartition } from '../keys.js';
import { queryAll } from '../query-all.js';
import { tableName } from '../table.js';
import {
  analysisSortKey,
  analysisSortKeyPrefix,
  comparisonSortKey,
  comparisonSortKeyPrefix,
  scenarioOf,
  simulationSortKey,
  simulationSortKeyPrefix,
} from './keys.js';

export function runKey(ref: RunRef): { pk: string; sk: string } {
  const pk = householdPartition(ref.realmId, ref.householdId);
  if (ref.kind === 'COMPARISON') return { pk, sk: comparisonSortKey(ref.runId) };
  if (ref.kind === 'ANALYSIS') return { pk, sk: analysisSortKey(scenarioOf(ref), ref.runId) };
  return { pk, sk: simulationSortKey(scenarioOf(ref), ref.runId) };
}

const entityOf = (kind: RunKind) => kind.toLowerCase();

function toRecord(item: Record<string, unknown>): RunRecord {
  const { pk: _pk, sk: _sk, entity: _entity, joined, ...rest } = item;
  const joinedShards = joined instanceof Set ? [...(joined as Set<number>)].map(Number).sort((a, b) => a - b) : [];
  const record = { ...rest, joinedShards, completedShards: joinedShards.length } as unknown as RunRecord;
  record.progress = record.shards > 0 ? joinedShards.length / record.shards : 0;
  if (record.status === 'COMPLETED') record.progress = 1;
  return record;
}

function toItem(ref: RunRef, record: RunRecord): Record<string, unknown> {
  const { joinedShards, completedShards: _c, progress: _p, ...rest } = record;
  return {
    ...runKey(ref),
    entity: entityOf(record.kind),
    ...rest,
    ...(joinedShards.length > 0 ? { joined: new Set(joinedShards) } : {}),
  };
}

export async function putNewRun(ref: RunRef, record: RunRecord): Promise<void> {
  await dynamoClient().put({ TableName: tableName(), Item: toItem(ref, record), ConditionExpression: 'attribute_not_exists(pk)' });
}

export async function getRun(ref: RunRef): Promise<RunRecord | undefined> {
  const result = await dynamoClient().get({ TableName: tableName(), Key: runKey(ref), ConsistentRead: true });
  return result.Item ? toRecord(result.Item) : undefined;
}

async function listRuns(realmId: string, householdId: string, prefix: string): Promise<RunRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': householdPartition(realmId, householdId), ':prefix': prefix },
  });
  return items.map(toRecord);
}

export async function listSimulations(realmId: string, householdId: string, scenarioId: string): Promise<SimulationRecord[]> {
  return (await listRuns(realmId, householdId, simulationSortKeyPrefix(scenarioId))) as SimulationRecord[];
}

export async function listAnalyses(realmId: string, householdId: string, scenarioId: string): Promise<AnalysisRecord[]> {
  return (await listRuns(realmId, householdId, analysisSortKeyPrefix(scenarioId))) as AnalysisRecord[];
}

export async function listComparisons(realmId: string, householdId: string): Promise<ComparisonRecord[]> {
  return (await listRuns(realmId, householdId, comparisonSortKeyPrefix)) as ComparisonRecord[];
}

/** The newest completed simulation of a scenario, reading newest first (ids sort by time). */
export async function latestCompletedSimulation(
  realmId: string,
  householdId: string,
  scenarioId: string,
): Promise<SimulationRecord | undefined> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().query({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: '#status = :completed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': householdPartition(realmId, householdId),
        ':prefix': simulationSortKeyPrefix(scenarioId),
        ':completed': 'COMPLETED',
      },
      ScanIndexForward: false,
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    });
    const first = page.Items?.[0];
    if (first) return toRecord(first) as SimulationRecord;
    startKey = page.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (startKey);
  return undefined;
}

export type JoinOutcome =
  /** This shard's index was added; `run` is the run after the join. */
  | { joined: true; run: RunRecord }
  /** Not added: the shard had joined before, or the run has ended or is gone. */
  | { joined: false; run: RunRecord | undefined };

export async function joinShard(ref: RunRef, shard: number, engineMs: number, now = new Date()): Promise<JoinOutcome> {
  try {
    const result = await dynamoClient().update({
      TableName: tableName(),
      Key: runKey(ref),
      UpdateExpression:
        'ADD joined :shard, elapsedMs :ms, version :one ' +
        'SET #status = :running, updatedAt = :now, lastProgressAt = :now, startedAt = if_not_exists(startedAt, :now)',
      ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running) AND NOT contains(joined, :index)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':shard': new Set([shard]),
        ':index': shard,
        ':ms': Math.round(engineMs),
        ':one': 1,
        ':running': 'RUNNING',
        ':queued': 'QUEUED',
        ':now': now.toISOString(),
      },
      ReturnValues: 'ALL_NEW',
    });
    return { joined: true, run: toRecord(result.Attributes ?? {}) };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { joined: false, run: await getRun(ref) };
  }
}

/** Moves a live run to COMPLETED; false when it had already ended (or is gone). */
export async function completeRun(ref: RunRef, fields: { completedAt: string; durationMs: number; elapsedMs?: number }): Promise<boolean> {
  return endRun(ref, 'COMPLETED', fields.completedAt, {
    completedAt: fields.completedAt,
    durationMs: fields.durationMs,
    ...(fields.elapsedMs !== undefined ? { elapsedMs: Math.round(fields.elapsedMs) } : {}),
  });
}

/** Moves a live run to FAILED with its reason; false when it had already ended (or is gone). */
export async function failRun(ref: RunRef, reason: string, now = new Date()): Promise<boolean> {
  return endRun(ref, 'FAILED', now.toISOString(), { completedAt: now.toISOString(), error: { reason } });
}

async function endRun(ref: RunRef, status: RunStatus, now: string, fields: Record<string, unknown>): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':status': status, ':now': now, ':one': 1, ':queued': 'QUEUED', ':running': 'RUNNING' };
  const sets = ['#status = :status', 'updatedAt = :now'];
  for (const [index, [name, value]] of Object.entries(fields).entries()) {
    names[`#f${index}`] = name;
    values[`:f${index}`] = value;
    sets.push(`#f${index} = :f${index}`);
  }
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: runKey(ref),
      UpdateExpression: `SET ${sets.join(', ')} ADD version :one`,
      ConditionExpression: 'attribute_exists(pk) AND #status IN (:queued, :running)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Removes the run item; false when it was not there. */
export async function deleteRunItem(ref: RunRef): Promise<boolean> {
  try {
    await dynamoClient().delete({ TableName: tableName(), Key: runKey(ref), ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
