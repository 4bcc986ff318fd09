/**
 * Scenarios: items in their household's partition (`sk = SCENARIO#<id>`), the document stored
 * gzip-compressed. Items that belong to one scenario (e.g. its runs) may use the sort-key prefix
 * `SCENARIO#<id>#`: deleting the scenario deletes them too.
 */
import { ulid } from 'ulid';
import { ConditionFailed, HouseholdMissing, LimitReached } from './facts.js';
import { batchDelete, batchGet } from './batch.js';
import { dynamoClient } from './client.js';
import { compressJson, decompressJson } from './compression.js';
import { isConditionFailed } from './conditional.js';
import { householdIsActive, releaseChildSlot, reserveChildSlot } from './households.js';
import { householdPartition, scenarioSortKey, scenarioSortKeyPrefix } from './keys.js';
import { queryAll } from './query-all.js';
import { tableName } from './table.js';

export const maxScenariosPerHousehold = 100;
const slotCounter = 'scenarioCount';

export interface ScenarioRecord {
  id: string;
  householdId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  document: Record<string, unknown> & { name: string };
  deletingAt?: string;
}

export interface ScenarioSummary {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

function toRecord(item: Record<string, unknown>): ScenarioRecord {
  return {
    id: item.id as string,
    householdId: item.householdId as string,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
    document: decompressJson(item.doc as Uint8Array) as ScenarioRecord['document'],
    ...(item.deletingAt ? { deletingAt: item.deletingAt as string } : {}),
  };
}

function itemOf(realmId: string, record: ScenarioRecord) {
  return {
    pk: householdPartition(realmId, record.householdId),
    sk: scenarioSortKey(record.id),
    entity: 'scenario',
    id: record.id,
    householdId: record.householdId,
    name: record.document.name,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    version: record.version,
    doc: compressJson(record.document, 'scenario document'),
  };
}

/**
 * Creates a scenario under a live household. The slot reservation refuses a household that is
 * being deleted; the check after the write removes the scenario again if a delete started in
 * between, so nothing is left orphaned.
 */
export async function insertScenario(realmId: string, householdId: string, document: ScenarioRecord['document']): Promise<ScenarioRecord> {
  const now = new Date().toISOString();
  const record: ScenarioRecord = { id: ulid(), householdId, createdAt: now, updatedAt: now, version: 1, document };
  const item = itemOf(realmId, record);
  if (!(await reserveChildSlot(realmId, householdId, slotCounter, maxScenariosPerHousehold))) {
    if (!(await householdIsActive(realmId, householdId))) throw new HouseholdMissing(householdId);
    throw new LimitReached('scenarios of a household', maxScenariosPerHousehold);
  }
  try {
    await dynamoClient().put({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
  } catch (error) {
    await releaseChildSlot(realmId, householdId, slotCounter);
    throw error;
  }
  if (!(await householdIsActive(realmId, householdId))) {
    await batchDelete([{ pk: item.pk, sk: item.sk }]);
    throw new HouseholdMissing(householdId);
  }
  return record;
}

export async function findScenario(realmId: string, householdId: string, scenarioId: string): Promise<ScenarioRecord | undefined> {
  const result = await dynamoClient().get({
    TableName: tableName(),
    Key: { pk: householdPartition(realmId, householdId), sk: scenarioSortKey(scenarioId) },
    ConsistentRead: true,
  });
  return result.Item ? toRecord(result.Item) : undefined;
}

export async function updateScenarioIfVersion(realmId: string, next: ScenarioRecord, expectedVersion: number): Promise<ScenarioRecord> {
  try {
    await dynamoClient().put({
      TableName: tableName(),
      Item: itemOf(realmId, next),
      ConditionExpression: 'attribute_exists(pk) AND version = :expected AND attribute_not_exists(deletingAt)',
      ExpressionAttributeValues: { ':expected': expectedVersion },
    });
  } catch (error) {
    if (isConditionFailed(error)) throw new ConditionFailed();
    throw error;
  }
  return next;
}

/** Sort properties of every scenario of the household (bounded by the per-household cap). */
export async function listScenarioSummaries(realmId: string, householdId: string): Promise<ScenarioSummary[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'entity = :entity AND attribute_not_exists(deletingAt)',
    ProjectionExpression: 'id, #name, createdAt, updatedAt',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: { ':pk': householdPartition(realmId, householdId), ':prefix': scenarioSortKeyPrefix, ':entity': 'scenario' },
  });
  return items as ScenarioSummary[];
}

/** The scenarios with these ids, in the order given. */
export async function getScenarios(realmId: string, householdId: string, ids: string[]): Promise<ScenarioRecord[]> {
  const pk = householdPartition(realmId, householdId);
  const items = await batchGet(ids.map((id) => ({ pk, sk: scenarioSortKey(id) })));
  const byId = new Map(items.map((item) => [item.id as string, toRecord(item)]));
  return ids.map((id) => byId.get(id)).filter((r): r is ScenarioRecord => r !== undefined);
}

/** Marks the scenario deleting, removes everything keyed under it, then the scenario itself. Idempotent. */
export async function deleteScenarioCascade(
  realmId: string,
  householdId: string,
  scenarioId: string,
  expectedVersion: number,
): Promise<void> {
  const pk = householdPartition(realmId, householdId);
  const sk = scenarioSortKey(scenarioId);
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk, sk },
      UpdateExpression: 'SET deletingAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_exists(deletingAt) OR version = :expected)',
      ExpressionAttributeValues: { ':now': new Date().toISOString(), ':expected': expectedVersion },
    });
  } catch (error) {
    if (isConditionFailed(error)) throw new ConditionFailed();
    throw error;
  }
  const children = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': `${sk}#` },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(children);
  try {
    await dynamoClient().delete({ TableName: tableName(), Key: { pk, sk }, ConditionExpression: 'attribute_exists(pk)' });
  } catch (error) {
    if (isConditionFailed(error)) return;
    throw error;
  }
  await releaseChildSlot(realmId, householdId, slotCounter);
}
