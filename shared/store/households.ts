/**
 * Households: one item per household at the head of its own partition (`sk = H`); everything
 * under it (scenarios, runs, outputs) shares the partition, so a cascading delete is one query.
 * Two GSIs list a realm's households and an owner's households.
 */
import { ulid } from 'ulid';
import type { Household, HouseholdFields } from '../domain/households/schema.js';
import { ConditionFailed, LimitReached } from './facts.js';
import { dynamoClient } from './client.js';
import { isConditionFailed } from './conditional.js';
import {
  householdIndexSortKey,
  householdPartition,
  householdSortKey,
  ownerHouseholdsIndexKey,
  realmCountersSortKey,
  realmHouseholdsIndexKey,
  realmMetaPartition,
} from './keys.js';
import { queryAll } from './query-all.js';
import { tableName } from './table.js';
import { batchDelete } from './batch.js';

export const maxHouseholdsPerRealm = 10_000;

/** A stored household, with the bookkeeping the API does not show. */
export interface HouseholdRecord extends Household {
  /** Set when a cascading delete has started: the household is gone for readers. */
  deletingAt?: string;
  scenarioCount?: number;
}

const publicFields = ['id', 'name', 'currency', 'externalReference', 'ownerId', 'createdAt', 'updatedAt', 'version'] as const;

function toRecord(item: Record<string, unknown>): HouseholdRecord {
  const record: Record<string, unknown> = {};
  for (const field of [...publicFields, 'deletingAt', 'scenarioCount'] as const) {
    if (item[field] !== undefined) record[field] = item[field];
  }
  return record as unknown as HouseholdRecord;
}

export function publicHousehold(record: HouseholdRecord): Household {
  const out: Record<string, unknown> = {};
  for (const field of publicFields) if (record[field] !== undefined) out[field] = record[field];
  return out as Household;
}

function itemOf(realmId: string, household: Household) {
  return {
    pk: householdPartition(realmId, household.id),
    sk: householdSortKey,
    gsi1pk: realmHouseholdsIndexKey(realmId),
    gsi1sk: householdIndexSortKey(household.id),
    gsi2pk: ownerHouseholdsIndexKey(realmId, household.ownerId),
    gsi2sk: householdIndexSortKey(household.id),
    entity: 'household',
    ...household,
  };
}

async function adjustRealmHouseholdCount(realmId: string, delta: 1 | -1): Promise<void> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk: realmMetaPartition(realmId), sk: realmCountersSortKey },
      UpdateExpression: 'ADD households :delta SET entity = :entity',
      ConditionExpression: delta > 0 ? 'attribute_not_exists(households) OR households < :max' : undefined,
      ExpressionAttributeValues: { ':delta': delta, ':entity': 'realm-counters', ...(delta > 0 ? { ':max': maxHouseholdsPerRealm } : {}) },
    });
  } catch (error) {
    if (isConditionFailed(error)) {
      throw new LimitReached('households of a realm', maxHouseholdsPerRealm);
    }
    throw error;
  }
}

export async function insertHousehold(realmId: string, fields: HouseholdFields & { ownerId: string }): Promise<Household> {
  const now = new Date().toISOString();
  const household: Household = { ...fields, id: ulid(), createdAt: now, updatedAt: now, version: 1 };
  await adjustRealmHouseholdCount(realmId, 1);
  try {
    await dynamoClient().put({
      TableName: tableName(),
      Item: itemOf(realmId, household),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  } catch (error) {
    await adjustRealmHouseholdCount(realmId, -1);
    throw error;
  }
  return household;
}

/** The stored household, including one being deleted; undefined when there is none. */
export async function findHouseholdRecord(realmId: string, householdId: string): Promise<HouseholdRecord | undefined> {
  const result = await dynamoClient().get({
    TableName: tableName(),
    Key: { pk: householdPartition(realmId, householdId), sk: householdSortKey },
    ConsistentRead: true,
  });
  return result.Item ? toRecord(result.Item) : undefined;
}

/** Writes the new state if the stored version is still `expectedVersion`; ConditionFailed otherwise. */
export async function updateHouseholdIfVersion(realmId: string, next: Household, expectedVersion: number): Promise<Household> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk: householdPartition(realmId, next.id), sk: householdSortKey },
      UpdateExpression:
        'SET #name = :name, currency = :currency, ownerId = :ownerId, gsi2pk = :gsi2pk, updatedAt = :updatedAt, version = :version' +
        (next.externalReference === undefined ? ' REMOVE externalReference' : ', externalReference = :externalReference'),
      ConditionExpression: 'version = :expected AND attribute_not_exists(deletingAt)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: {
        ':name': next.name,
        ':currency': next.currency,
        ':ownerId': next.ownerId,
        ':gsi2pk': ownerHouseholdsIndexKey(realmId, next.ownerId),
        ':updatedAt': next.updatedAt,
        ':version': next.version,
        ':expected': expectedVersion,
        ...(next.externalReference === undefined ? {} : { ':externalReference': next.externalReference }),
      },
    });
  } catch (error) {
    if (isConditionFailed(error)) throw new ConditionFailed();
    throw error;
  }
  return next;
}

/** Every household of the realm, or of one owner: bounded by the realm cap. */
export async function queryHouseholds(realmId: string, ownerId?: string): Promise<Household[]> {
  const items = await queryAll(
    ownerId === undefined
      ? {
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': realmHouseholdsIndexKey(realmId) },
        }
      : {
          TableName: tableName(),
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': ownerHouseholdsIndexKey(realmId, ownerId) },
        },
  );
  return items
    .map(toRecord)
    .filter((record) => !record.deletingAt)
    .map(publicHousehold);
}

/**
 * Deletes a household and everything in its partition. Idempotent and safe to interrupt: the
 * household is first marked as deleting (readers treat it as gone, writers under it refuse), then
 * its children go, then the household item itself. A retry resumes where it stopped.
 */
export async function deleteHouseholdCascade(realmId: string, householdId: string, expectedVersion: number): Promise<void> {
  const pk = householdPartition(realmId, householdId);
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk, sk: householdSortKey },
      UpdateExpression: 'SET deletingAt = :now',
      ConditionExpression: 'attribute_exists(deletingAt) OR version = :expected',
      ExpressionAttributeValues: { ':now': new Date().toISOString(), ':expected': expectedVersion },
    });
  } catch (error) {
    if (isConditionFailed(error)) throw new ConditionFailed();
    throw error;
  }
  await deletePartitionChildren(pk);
  try {
    await dynamoClient().delete({ TableName: tableName(), Key: { pk, sk: householdSortKey }, ConditionExpression: 'attribute_exists(pk)' });
  } catch (error) {
    // Another retry finished first: the household and its count are already gone.
    if (isConditionFailed(error)) return;
    throw error;
  }
  await adjustRealmHouseholdCount(realmId, -1);
}

async function deletePartitionChildren(pk: string): Promise<void> {
  const keys = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk > :head',
    ExpressionAttributeValues: { ':pk': pk, ':head': householdSortKey },
    ProjectionExpression: 'pk, sk',
  });
  const before = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk < :head',
    ExpressionAttributeValues: { ':pk': pk, ':head': householdSortKey },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete([...before, ...keys]);
}

/**
 * Takes one of the household's scenario slots (bounded list), on condition that the household
 * exists and is not being deleted. Doubles as the guard that keeps children from being written
 * under a household that is going away.
 */
export async function reserveChildSlot(realmId: string, householdId: string, counter: string, max: number): Promise<boolean> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk: householdPartition(realmId, householdId), sk: householdSortKey },
      UpdateExpression: 'ADD #counter :one',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(deletingAt) AND (attribute_not_exists(#counter) OR #counter < :max)',
      ExpressionAttributeNames: { '#counter': counter },
      ExpressionAttributeValues: { ':one': 1, ':max': max },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function releaseChildSlot(realmId: string, householdId: string, counter: string): Promise<void> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk: householdPartition(realmId, householdId), sk: householdSortKey },
      UpdateExpression: 'ADD #counter :minusOne',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#counter': counter },
      ExpressionAttributeValues: { ':minusOne': -1 },
    });
  } catch (error) {
    // The household is gone: nothing left to count.
    if (!isConditionFailed(error)) throw error;
  }
}

/** True while the household exists and no delete has started: writers check it after writing a child. */
export async function householdIsActive(realmId: string, householdId: string): Promise<boolean> {
  const record = await findHouseholdRecord(realmId, householdId);
  return record !== undefined && !record.deletingAt;
}
