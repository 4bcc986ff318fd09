/**
 * The realm's counters: one item in the realm's partition (sort key `COUNTERS`) holding
 * `households` (bounds the realm's households) and `activeRuns` (bounds its queued and running
 * runs). Each counter moves by an atomic `ADD` on a condition, so concurrent writers cannot pass
 * the cap together and a counter never drops below zero.
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

/**
 * Raises a counter by one on condition that it is below `cap`, or lowers it by one on condition
 * that it is above zero; false when the condition fails.
 */
export async function adjustRealmCounter(
  realmId: string,
  counter: keyof RealmCounters,
  change: { delta: 1; cap: number } | { delta: -1 },
): Promise<boolean> {
  const raising = 'cap' in change;
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: realmCountersKeys.item(realmId),
      UpdateExpression: 'ADD #counter :delta SET entity = :entity',
      ConditionExpression: raising ? 'attribute_not_exists(#counter) OR #counter < :bound' : '#counter > :bound',
      ExpressionAttributeNames: { '#counter': counter },
      ExpressionAttributeValues: { ':delta': change.delta, ':entity': 'realm-counters', ':bound': raising ? change.cap : 0 },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}
