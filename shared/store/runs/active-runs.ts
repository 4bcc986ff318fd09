/**
 * The realm's cap on concurrent (queued or running) runs: an atomic counter (`activeRuns` on the
 * realm's counters item, raised with `ADD` on condition that it is below the cap) plus one slot
 * item per holding run (`ACTIVE#<runId>` in the realm's META partition). Releasing deletes the
 * slot on condition that it exists and only then lowers the counter, so a release repeated by a
 * redelivered message, a sweep or a delete lowers it once. The slot item names its run, so slots
 * whose run has ended or vanished (e.g. removed by a household's cascading delete) can be found
 * and released (`staleSlots`).
 */
import type { RunRef } from '../../domain/runs/run.js';
import { dynamoClient } from '../client.js';
import { isConditionFailed } from '../conditional.js';
import { realmCountersSortKey, realmMetaPartition } from '../keys.js';
import { queryAll, scanAll } from '../query-all.js';
import { tableName } from '../table.js';
import { activeRunSortKey, activeRunSortKeyPrefix } from './keys.js';

async function adjust(realmId: string, delta: 1 | -1, cap?: number): Promise<boolean> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk: realmMetaPartition(realmId), sk: realmCountersSortKey },
      UpdateExpression: 'ADD activeRuns :delta SET entity = :entity',
      ConditionExpression: delta > 0 ? 'attribute_not_exists(activeRuns) OR activeRuns < :cap' : 'activeRuns > :zero',
      ExpressionAttributeValues: { ':delta': delta, ':entity': 'realm-counters', ...(delta > 0 ? { ':cap': cap } : { ':zero': 0 }) },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Takes a slot for the run; false when the realm is at its cap. */
export async function acquireRunSlot(ref: RunRef, cap: number, now = new Date()): Promise<boolean> {
  if (!(await adjust(ref.realmId, 1, cap))) return false;
  try {
    await dynamoClient().put({
      TableName: tableName(),
      Item: {
        pk: realmMetaPartition(ref.realmId),
        sk: activeRunSortKey(ref.runId),
        entity: 'active-run',
        ref,
        createdAt: now.toISOString(),
      },
    });
  } catch (error) {
    await adjust(ref.realmId, -1);
    throw error;
  }
  return true;
}

/** Releases the run's slot if it holds one; repeating it is harmless. */
export async function releaseRunSlot(ref: RunRef): Promise<void> {
  try {
    await dynamoClient().delete({
      TableName: tableName(),
      Key: { pk: realmMetaPartition(ref.realmId), sk: activeRunSortKey(ref.runId) },
      ConditionExpression: 'attribute_exists(pk)',
    });
  } catch (error) {
    if (isConditionFailed(error)) return;
    throw error;
  }
  await adjust(ref.realmId, -1);
}

/** The runs holding slots in a realm (at most the cap, so a bounded read). */
export async function slotHolders(realmId: string): Promise<RunRef[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': realmMetaPartition(realmId), ':prefix': activeRunSortKeyPrefix },
    ConsistentRead: true,
  });
  return items.map((item) => item.ref as RunRef);
}

/**
 * The runs holding slots in every realm. It scans the table, so only the local runtime calls it, once
 * as it starts (see failInterruptedRuns); a deployment never does.
 */
export async function allSlotHolders(): Promise<RunRef[]> {
  const items = await scanAll({
    TableName: tableName(),
    FilterExpression: 'entity = :slot',
    ExpressionAttributeValues: { ':slot': 'active-run' },
    ConsistentRead: true,
  });
  return items.map((item) => item.ref as RunRef);
}
