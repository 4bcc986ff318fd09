/**
 * The realm's counters: one item in the realm's partition (sort key `COUNTERS`) holding
 * `households` (bounds the realm's households) and `activeRuns` (bounds its queued and running
 * runs). Each counter moves by an atomic `ADD` on a condition, so concurrent writers cannot pass
 * the cap together and a counter never drops below zero. Each change also records when it was made
 * (`<counter>ChangedAt`), so that a recount (`resetRealmCounter`) can tell a counter left wrong by a
 * writer that crashed between the counter and the item it counts from one that is being moved.
 */
import { dynamoClient } from './client.js';
import { isConditionFailed } from './conditional.js';
import { realmKeys } from './identity/realm-repository.js';
import { tableName } from './table.js';

export interface RealmCounters {
  households?: number;
  activeRuns?: number;
}

export const realmCountersKeys = {
  item: (realmId: string) => ({ pk: realmKeys.partition(realmId), sk: 'COUNTERS' }),
};

/** Where each counter's last change is kept: a recount tells a quiet counter from one being moved by it. */
const changedAt = (counter: keyof RealmCounters) => `${counter}ChangedAt`;

/**
 * Raises a counter by one on condition that it is below `cap`, or lowers it by one on condition
 * that it is above zero; false when the condition fails.
 */
export async function adjustRealmCounter(
  realmId: string,
  counter: keyof RealmCounters,
  change: { delta: 1; cap: number } | { delta: -1 },
  now = new Date(),
): Promise<boolean> {
  const raising = 'cap' in change;
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: realmCountersKeys.item(realmId),
      UpdateExpression: 'ADD #counter :delta SET entity = :entity, #changed = :now',
      ConditionExpression: raising ? 'attribute_not_exists(#counter) OR #counter < :bound' : '#counter > :bound',
      ExpressionAttributeNames: { '#counter': counter, '#changed': changedAt(counter) },
      ExpressionAttributeValues: {
        ':delta': change.delta,
        ':entity': 'realm-counters',
        ':bound': raising ? change.cap : 0,
        ':now': now.toISOString(),
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** A counter as read: its value, and when it last changed (none for a counter older than that record). */
export interface CounterReading {
  value: number;
  changedAt: string | undefined;
}

export async function readRealmCounter(realmId: string, counter: keyof RealmCounters): Promise<CounterReading> {
  const { Item } = await dynamoClient().get({ TableName: tableName(), Key: realmCountersKeys.item(realmId), ConsistentRead: true });
  const value = Item?.[counter];
  const changed = Item?.[changedAt(counter)];
  return { value: typeof value === 'number' ? value : 0, changedAt: typeof changed === 'string' ? changed : undefined };
}

/**
 * Sets a counter to `value` (a recount of what it counts) on condition that it has not changed since
 * `reading`; false when it has.
 */
export async function resetRealmCounter(
  realmId: string,
  counter: keyof RealmCounters,
  reading: CounterReading,
  value: number,
  now = new Date(),
): Promise<boolean> {
  const unchanged =
    reading.changedAt === undefined
      ? '(attribute_not_exists(#counter) OR #counter = :was) AND attribute_not_exists(#changed)'
      : '#counter = :was AND #changed = :changedAt';
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: realmCountersKeys.item(realmId),
      UpdateExpression: 'SET #counter = :value, #changed = :now, entity = :entity',
      ConditionExpression: unchanged,
      ExpressionAttributeNames: { '#counter': counter, '#changed': changedAt(counter) },
      ExpressionAttributeValues: {
        ':value': value,
        ':was': reading.value,
        ':now': now.toISOString(),
        ':entity': 'realm-counters',
        ...(reading.changedAt !== undefined ? { ':changedAt': reading.changedAt } : {}),
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Recounts a counter from what it counts (`count`), if it has not changed for `quietMs`. A writer
 * that crashed between the counter and the item it counts (adding one, or removing one) left the
 * counter one off for good, and one too high lowers the realm's cap. A counter that changed within
 * `quietMs` (longer than any request that moves it runs) may belong to an item being written or
 * removed, and is left alone; so is one that changes while it is recounted. Returns whether the
 * counter was corrected.
 */
export async function recountRealmCounter(
  realmId: string,
  counter: keyof RealmCounters,
  quietMs: number,
  count: () => Promise<number>,
  now = new Date(),
): Promise<boolean> {
  const reading = await readRealmCounter(realmId, counter);
  if (reading.changedAt !== undefined && Date.parse(reading.changedAt) > now.getTime() - quietMs) return false;
  const counted = await count();
  if (counted === reading.value) return false;
  return resetRealmCounter(realmId, counter, reading, counted, now);
}
