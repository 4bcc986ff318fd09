/**
 * The realm's cap on concurrent (queued or running) runs: an atomic counter (`activeRuns` on the
 * realm's counters item, raised with `ADD` on condition that it is below the cap) plus one slot
 * item per holding run (`ACTIVE#<runId>` in the realm's META partition). Releasing deletes the
 * slot on condition that it exists and only then lowers the counter, so a release repeated by a
 * redelivered message, a sweep or a delete lowers it once. The slot item names its run, so slots
 * whose run has ended or vanished (e.g. removed by a household's cascading delete) can be found
 * (`slotHolders`) and released, and a count that a crashed writer left off can be recounted from
 * the items (`recountActiveRuns`).
 */
import { dynamoClient } from '../client.js';
import { isConditionFailed } from '../conditional.js';
import { realmKeys } from '../identity/realm-repository.js';
import { countAll, queryAll, scanAll } from '../query-all.js';
import { adjustRealmCounter, recountRealmCounter } from '../realm-counters.js';
import { tableName } from '../table.js';
import type { RunRef } from './runs.js';

/** A slot item: the run that holds it, and since when. */
export interface ActiveRunSlot {
  ref: RunRef;
  createdAt: string;
}

export const activeRunKeys = {
  /** Sort-key prefix of the slots in the realm's partition. */
  prefix: 'ACTIVE#',
  slot: (ref: RunRef) => ({ pk: realmKeys.partition(ref.realmId), sk: `${activeRunKeys.prefix}${ref.runId}` }),
};

/** The query of a realm's slot items (strongly consistent: what a slot's taking or release wrote). */
const slotsQuery = (realmId: string) => ({
  TableName: tableName(),
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': realmKeys.partition(realmId), ':prefix': activeRunKeys.prefix },
  ConsistentRead: true,
});

/**
 * Raises the realm's count of active runs for a run about to be written; false when the realm is at
 * its cap. The slot's item follows (`recordRunSlot`), or the reservation is given back
 * (`unreserveRunSlot`).
 */
export async function reserveRunSlot(realmId: string, cap: number, now = new Date()): Promise<boolean> {
  return adjustRealmCounter(realmId, 'activeRuns', { delta: 1, cap }, now);
}

/** Writes the item of a reserved slot, naming the run that holds it and since when. */
export async function recordRunSlot(ref: RunRef, now = new Date()): Promise<void> {
  const slot: ActiveRunSlot = { ref, createdAt: now.toISOString() };
  await dynamoClient().put({ TableName: tableName(), Item: { ...activeRunKeys.slot(ref), entity: 'active-run', ...slot } });
}

/** Gives back a reserved slot whose item was not written. */
export async function unreserveRunSlot(realmId: string): Promise<void> {
  await adjustRealmCounter(realmId, 'activeRuns', { delta: -1 });
}

/** Takes a slot for the run (reserves it and writes its item); false when the realm is at its cap. */
export async function acquireRunSlot(ref: RunRef, cap: number, now = new Date()): Promise<boolean> {
  if (!(await reserveRunSlot(ref.realmId, cap, now))) return false;
  try {
    await recordRunSlot(ref, now);
  } catch (error) {
    await unreserveRunSlot(ref.realmId);
    throw error;
  }
  return true;
}

/**
 * Recounts the realm's active runs from its slot items, if the count has not changed for
 * `quietMs` (`recountRealmCounter`: a writer that crashed between the count and a slot's item left
 * it off). Returns whether the count was corrected.
 */
export async function recountActiveRuns(realmId: string, quietMs: number, now = new Date()): Promise<boolean> {
  return recountRealmCounter(realmId, 'activeRuns', quietMs, () => countAll(slotsQuery(realmId)), now);
}

/** Releases the run's slot if it holds one; repeating it is harmless. */
export async function releaseRunSlot(ref: RunRef): Promise<void> {
  try {
    await dynamoClient().delete({
      TableName: tableName(),
      Key: activeRunKeys.slot(ref),
      ConditionExpression: 'attribute_exists(pk)',
    });
  } catch (error) {
    if (isConditionFailed(error)) return;
    throw error;
  }
  await adjustRealmCounter(ref.realmId, 'activeRuns', { delta: -1 });
}

/**
 * The runs holding slots in a realm (at most the cap, so a bounded read); with `takenBefore`, only
 * those whose slot was taken before then.
 */
export async function slotHolders(realmId: string, takenBefore?: Date): Promise<RunRef[]> {
  const items = await queryAll(slotsQuery(realmId));
  const taken = takenBefore === undefined ? items : items.filter((item) => Date.parse(item.createdAt as string) < takenBefore.getTime());
  return taken.map((item) => item.ref as RunRef);
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
