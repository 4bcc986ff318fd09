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
import { type HouseholdRef, householdIsActive, householdKeys, releaseChildSlot, reserveChildSlot } from './households.js';
import { queryAll } from './query-all.js';
import { tableName } from './table.js';

/** Where a scenario lives: in its household's partition. */
export interface ScenarioRef extends HouseholdRef {
  scenarioId: string;
}

export const scenarioKeys = {
  /** The sort-key prefix of every scenario item. */
  prefix: 'SCENARIO#',
  sort: (scenarioId: string) => `${scenarioKeys.prefix}${scenarioId}`,
  scenario: (ref: ScenarioRef) => ({ pk: householdKeys.partition(ref), sk: scenarioKeys.sort(ref.scenarioId) }),
  /** The sort-key prefix of the items that belong to the scenario (its simulations and analyses, and their data). */
  children: (scenarioId: string) => `${scenarioKeys.sort(scenarioId)}#`,
};

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
    ...scenarioKeys.scenario({ realmId, householdId: record.householdId, scenarioId: record.id }),
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
export async function insertScenario(household: HouseholdRef, document: ScenarioRecord['document']): Promise<ScenarioRecord> {
  const now = new Date().toISOString();
  const { realmId, householdId } = household;
  const record: ScenarioRecord = { id: ulid(), householdId, createdAt: now, updatedAt: now, version: 1, document };
  const item = itemOf(realmId, record);
  if (!(await reserveChildSlot(household, slotCounter, maxScenariosPerHousehold))) {
    if (!(await householdIsActive(household))) throw new HouseholdMissing(householdId);
    throw new LimitReached('scenarios of a household', maxScenariosPerHousehold);
  }
  try {
    await dynamoClient().put({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
  } catch (error) {
    await releaseChildSlot(household, slotCounter);
    throw error;
  }
  if (!(await householdIsActive(household))) {
    await batchDelete([{ pk: item.pk, sk: item.sk }]);
    throw new HouseholdMissing(householdId);
  }
  return record;
}

export async function findScenario(ref: ScenarioRef): Promise<ScenarioRecord | undefined> {
  const result = await dynamoClient().get({ TableName: tableName(), Key: scenarioKeys.scenario(ref), ConsistentRead: true });
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
export async function listScenarioSummaries(household: HouseholdRef): Promise<ScenarioSummary[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'entity = :entity AND attribute_not_exists(deletingAt)',
    ProjectionExpression: 'id, #name, createdAt, updatedAt',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: { ':pk': householdKeys.partition(household), ':prefix': scenarioKeys.prefix, ':entity': 'scenario' },
  });
  return items as ScenarioSummary[];
}

/** The scenarios with these ids, in the order given. */
export async function getScenarios(household: HouseholdRef, ids: string[]): Promise<ScenarioRecord[]> {
  const items = await batchGet(ids.map((scenarioId) => scenarioKeys.scenario({ ...household, scenarioId })));
  const byId = new Map(items.map((item) => [item.id as string, toRecord(item)]));
  return ids.map((id) => byId.get(id)).filter((r): r is ScenarioRecord => r !== undefined);
}

/** Marks the scenario deleting, removes everything keyed under it, then the scenario itself. Idempotent. */
export async function deleteScenarioCascade(ref: ScenarioRef, expectedVersion: number): Promise<void> {
  const { pk, sk } = scenarioKeys.scenario(ref);
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
    ExpressionAttributeValues: { ':pk': pk, ':prefix': scenarioKeys.children(ref.scenarioId) },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete(children);
  try {
    await dynamoClient().delete({ TableName: tableName(), Key: { pk, sk }, ConditionExpression: 'attribute_exists(pk)' });
  } catch (error) {
    if (isConditionFailed(error)) return;
    throw error;
  }
  await releaseChildSlot(ref, slotCounter);
}
