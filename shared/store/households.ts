/**
 * Households: one item per household at the head of its own partition (`R#<realm>#H#<id>`, sort
 * key `H`); everything under it (scenarios, runs and their data) shares the partition, so a
 * cascading delete is one query. Two GSIs list a realm's households and an owner's households.
 */
import { ulid } from 'ulid';
import { ConditionFailed, LimitReached } from './facts.js';
import { dynamoClient } from './client.js';
import { isConditionFailed } from './conditional.js';
import { countAll, queryAll } from './query-all.js';
import { adjustRealmCounter, recountRealmCounter } from './realm-counters.js';
import { realmKey, tableName } from './table.js';
import { batchDelete } from './batch.js';

/** Where a household lives. */
export interface HouseholdRef {
  realmId: string;
  householdId: string;
}

/**
 * A household as the API shows it (the domain's schema describes the same fields). A type, not an
 * interface: lists sort it as a plain record.
 */
export type StoredHousehold = {
  id: string;
  name: string;
  currency: string;
  externalReference?: string;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

/** What a new household is made of; the store adds the id, the times and the version. */
export type NewHousehold = Pick<StoredHousehold, 'name' | 'currency' | 'externalReference' | 'ownerId'>;

export const householdKeys = {
  /** The household's partition: the household item and everything stored under it. */
  partition: (ref: HouseholdRef) => realmKey(ref.realmId, `H#${ref.householdId}`),
  /** The household item's sort key; its children sort after it (`SCENARIO#...`) or before (`CMPDATA#...`). */
  head: 'H',
  household: (ref: HouseholdRef) => ({ pk: householdKeys.partition(ref), sk: householdKeys.head }),
  /** gsi1: every household of the realm. */
  realmIndex: (realmId: string) => realmKey(realmId, 'HOUSEHOLDS'),
  /** gsi2: the households of one owner. */
  ownerIndex: (realmId: string, ownerId: string) => realmKey(realmId, `OWNER#${ownerId}`),
  /** The sort key of a household in either index. */
  indexSort: (householdId: string) => `H#${householdId}`,
};

export const maxHouseholdsPerRealm = 10_000;

/**
 * A count of households that has not moved for this long has no household being written or deleted
 * (a request runs for at most 29 s, and the realm index has long caught up).
 */
const HOUSEHOLD_COUNT_QUIET_MS = 30_000;

/**
 * Recounts the realm's households from its index (every household item, those being deleted
 * included, as the count holds them until their item is gone), if the count has been quiet: a
 * writer that crashed between the count and the household's item left it off.
 */
async function recountHouseholds(realmId: string): Promise<boolean> {
  const households = () =>
    countAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': householdKeys.realmIndex(realmId) },
    });
  return recountRealmCounter(realmId, 'households', HOUSEHOLD_COUNT_QUIET_MS, households);
}

/** Counts one more household in the realm; false at the cap, even after a recount of a quiet count. */
async function countNewHousehold(realmId: string): Promise<boolean> {
  const cap = { delta: 1, cap: maxHouseholdsPerRealm } as const;
  if (await adjustRealmCounter(realmId, 'households', cap)) return true;
  return (await recountHouseholds(realmId)) && (await adjustRealmCounter(realmId, 'households', cap));
}

/** A stored household, with the bookkeeping the API does not show. */
export type HouseholdRecord = StoredHousehold & {
  /** Set when a cascading delete has started: the household is gone for readers. */
  deletingAt?: string;
  scenarioCount?: number;
};

const publicFields = ['id', 'name', 'currency', 'externalReference', 'ownerId', 'createdAt', 'updatedAt', 'version'] as const;

function toRecord(item: Record<string, unknown>): HouseholdRecord {
  const record: Record<string, unknown> = {};
  for (const field of [...publicFields, 'deletingAt', 'scenarioCount'] as const) {
    if (item[field] !== undefined) record[field] = item[field];
  }
  return record as unknown as HouseholdRecord;
}

export function publicHousehold(record: HouseholdRecord): StoredHousehold {
  const out: Record<string, unknown> = {};
  for (const field of publicFields) if (record[field] !== undefined) out[field] = record[field];
  return out as unknown as StoredHousehold;
}

function itemOf(realmId: string, household: StoredHousehold) {
  return {
    ...householdKeys.household({ realmId, householdId: household.id }),
    gsi1pk: householdKeys.realmIndex(realmId),
    gsi1sk: householdKeys.indexSort(household.id),
    gsi2pk: householdKeys.ownerIndex(realmId, household.ownerId),
    gsi2sk: householdKeys.indexSort(household.id),
    entity: 'household',
    ...household,
  };
}

export async function insertHousehold(realmId: string, fields: NewHousehold): Promise<StoredHousehold> {
  const now = new Date().toISOString();
  const household: StoredHousehold = { ...fields, id: ulid(), createdAt: now, updatedAt: now, version: 1 };
  if (!(await countNewHousehold(realmId))) throw new LimitReached('households of a realm', maxHouseholdsPerRealm);
  try {
    await dynamoClient().put({
      TableName: tableName(),
      Item: itemOf(realmId, household),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  } catch (error) {
    await adjustRealmCounter(realmId, 'households', { delta: -1 });
    throw error;
  }
  return household;
}

/** The stored household, including one being deleted; undefined when there is none. */
export async function findHouseholdRecord(ref: HouseholdRef): Promise<HouseholdRecord | undefined> {
  const result = await dynamoClient().get({ TableName: tableName(), Key: householdKeys.household(ref), ConsistentRead: true });
  return result.Item ? toRecord(result.Item) : undefined;
}

/** Writes the new state if the stored version is still `expectedVersion`; ConditionFailed otherwise. */
export async function updateHouseholdIfVersion(realmId: string, next: StoredHousehold, expectedVersion: number): Promise<StoredHousehold> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: householdKeys.household({ realmId, householdId: next.id }),
      UpdateExpression:
        'SET #name = :name, currency = :currency, ownerId = :ownerId, gsi2pk = :gsi2pk, updatedAt = :updatedAt, version = :version' +
        (next.externalReference === undefined ? ' REMOVE externalReference' : ', externalReference = :externalReference'),
      ConditionExpression: 'version = :expected AND attribute_not_exists(deletingAt)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: {
        ':name': next.name,
        ':currency': next.currency,
        ':ownerId': next.ownerId,
        ':gsi2pk': householdKeys.ownerIndex(realmId, next.ownerId),
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
export async function queryHouseholds(realmId: string, ownerId?: string): Promise<StoredHousehold[]> {
  const items = await queryAll(
    ownerId === undefined
      ? {
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': householdKeys.realmIndex(realmId) },
        }
      : {
          TableName: tableName(),
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': householdKeys.ownerIndex(realmId, ownerId) },
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
export async function deleteHouseholdCascade(ref: HouseholdRef, expectedVersion: number): Promise<void> {
  const key = householdKeys.household(ref);
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET deletingAt = :now',
      ConditionExpression: 'attribute_exists(deletingAt) OR version = :expected',
      ExpressionAttributeValues: { ':now': new Date().toISOString(), ':expected': expectedVersion },
    });
  } catch (error) {
    if (isConditionFailed(error)) throw new ConditionFailed();
    throw error;
  }
  await deletePartitionChildren(key.pk);
  try {
    await dynamoClient().delete({ TableName: tableName(), Key: key, ConditionExpression: 'attribute_exists(pk)' });
  } catch (error) {
    // Another retry finished first: the household and its count are already gone.
    if (isConditionFailed(error)) return;
    throw error;
  }
  await adjustRealmCounter(ref.realmId, 'households', { delta: -1 });
}

async function deletePartitionChildren(pk: string): Promise<void> {
  const keys = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk > :head',
    ExpressionAttributeValues: { ':pk': pk, ':head': householdKeys.head },
    ProjectionExpression: 'pk, sk',
  });
  const before = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk < :head',
    ExpressionAttributeValues: { ':pk': pk, ':head': householdKeys.head },
    ProjectionExpression: 'pk, sk',
  });
  await batchDelete([...before, ...keys]);
}

/**
 * Takes one of the household's scenario slots (bounded list), on condition that the household
 * exists and is not being deleted. Doubles as the guard that keeps children from being written
 * under a household that is going away.
 */
export async function reserveChildSlot(ref: HouseholdRef, counter: string, max: number): Promise<boolean> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: householdKeys.household(ref),
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

export async function releaseChildSlot(ref: HouseholdRef, counter: string): Promise<void> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: householdKeys.household(ref),
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
export async function householdIsActive(ref: HouseholdRef): Promise<boolean> {
  const record = await findHouseholdRecord(ref);
  return record !== undefined && !record.deletingAt;
}
