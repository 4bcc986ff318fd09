/**
 * Webhook deliveries: one item per (event, endpoint), in the endpoint's own partition
 * (`R#<realm>#WH#<webhookId>`, sort key `DLV#<deliveryId>`; ids are ULIDs, so the sort key is the
 * time order). The item is the delivery's durable state: what to send (the event's JSON, never a
 * secret), its attempts, when the next is due, and whether it is still pending. Every change is
 * conditional on the attempt count it read, so a message delivered twice records one attempt.
 * Deliveries expire (time to live) 30 days after they are made.
 */
import { dynamoClient } from './client.js';
import { isConditionFailed } from './conditional.js';
import { batchDelete } from './batch.js';
import { queryAll, scanAll } from './query-all.js';
import { epochSeconds, realmKey, tableName } from './table.js';
import type { WebhookRef } from './webhooks.js';

export interface DeliveryRef extends WebhookRef {
  deliveryId: string;
}

export type DeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

export type DeliveryAttempt = {
  at: string;
  /** The receiver's HTTP status, when it answered. */
  statusCode?: number;
  latencyMs: number;
  /** Why the attempt failed (a refused address, a time-out, a non-2xx status). */
  error?: string;
};

export type StoredDelivery = {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  /** The event as sent: its JSON text, signed as is. */
  payload: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  attemptCount: number;
  /** How many attempts this delivery may make in all (the schedule's length; one more on a manual retry). */
  maxAttempts: number;
  nextAttemptAt?: string;
  /** Why a FAILED delivery ended. */
  failure?: string;
  createdAt: string;
  updatedAt: string;
};

const retentionMs = 30 * 86_400_000;

export const deliveryKeys = {
  partition: (ref: WebhookRef) => realmKey(ref.realmId, `WH#${ref.webhookId}`),
  prefix: 'DLV#',
  delivery: (ref: DeliveryRef) => ({ pk: deliveryKeys.partition(ref), sk: `${deliveryKeys.prefix}${ref.deliveryId}` }),
};

function toRecord(item: Record<string, unknown>): StoredDelivery {
  const { pk: _pk, sk: _sk, entity: _entity, expiresAt: _expiresAt, realmId: _realmId, ...rest } = item;
  return rest as unknown as StoredDelivery;
}

const live = (item: Record<string, unknown>, now: Date) => typeof item.expiresAt !== 'number' || item.expiresAt > epochSeconds(now);

/** Writes the delivery unless it exists (its id is made from the event's and the endpoint's); false when it did. */
export async function putDeliveryOnce(realmId: string, delivery: StoredDelivery): Promise<boolean> {
  const ref = { realmId, webhookId: delivery.webhookId, deliveryId: delivery.id };
  const expiresAt = epochSeconds(new Date(Date.parse(delivery.createdAt) + retentionMs));
  try {
    await dynamoClient().put({
      TableName: tableName(),
      Item: { ...deliveryKeys.delivery(ref), entity: 'webhook-delivery', realmId, expiresAt, ...delivery },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export async function getDelivery(ref: DeliveryRef, now = new Date()): Promise<StoredDelivery | undefined> {
  const result = await dynamoClient().get({ TableName: tableName(), Key: deliveryKeys.delivery(ref), ConsistentRead: true });
  return result.Item && live(result.Item, now) ? toRecord(result.Item) : undefined;
}

/** An endpoint's deliveries of the last 30 days, oldest first. */
export async function listDeliveries(ref: WebhookRef, now = new Date()): Promise<StoredDelivery[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': deliveryKeys.partition(ref), ':prefix': deliveryKeys.prefix },
    ConsistentRead: true,
  });
  return items.filter((item) => live(item, now)).map(toRecord);
}

/**
 * Records an attempt and what follows it (another attempt at `nextAttemptAt`, or the end), on
 * condition that the delivery is pending with `attemptCount` attempts; false when another receipt
 * of the same message got there first.
 */
export async function recordAttempt(
  ref: DeliveryRef,
  read: Pick<StoredDelivery, 'attemptCount'>,
  attempt: DeliveryAttempt,
  next: { status: DeliveryStatus; nextAttemptAt?: string; failure?: string },
): Promise<boolean> {
  const sets = ['attempts = list_append(attempts, :attempt)', 'attemptCount = :count', '#status = :status', 'updatedAt = :at'];
  const values: Record<string, unknown> = {
    ':attempt': [attempt],
    ':count': read.attemptCount + 1,
    ':read': read.attemptCount,
    ':status': next.status,
    ':pending': 'PENDING',
    ':at': attempt.at,
  };
  if (next.nextAttemptAt) {
    sets.push('nextAttemptAt = :next');
    values[':next'] = next.nextAttemptAt;
  }
  if (next.failure) {
    sets.push('failure = :failure');
    values[':failure'] = next.failure;
  }
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: deliveryKeys.delivery(ref),
      UpdateExpression: `SET ${sets.join(', ')}${next.nextAttemptAt ? '' : ' REMOVE nextAttemptAt'}`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND attemptCount = :read',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Ends a pending delivery without an attempt (its endpoint is gone or disabled); false when it was not pending. */
export async function endDeliveryUnsent(ref: DeliveryRef, failure: string, at: Date): Promise<boolean> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: deliveryKeys.delivery(ref),
      UpdateExpression: 'SET #status = :failed, failure = :failure, updatedAt = :at REMOVE nextAttemptAt',
      ConditionExpression: 'attribute_exists(pk) AND #status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':failed': 'FAILED', ':pending': 'PENDING', ':failure': failure, ':at': at.toISOString() },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Makes an ended delivery pending again for one more attempt, due now; false when it is pending already or gone. */
export async function reopenDelivery(ref: DeliveryRef, at: Date): Promise<boolean> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: deliveryKeys.delivery(ref),
      UpdateExpression: 'SET #status = :pending, nextAttemptAt = :at, updatedAt = :at, maxAttempts = attemptCount + :one REMOVE failure',
      ConditionExpression: 'attribute_exists(pk) AND #status <> :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'PENDING', ':at': at.toISOString(), ':one': 1 },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Removes every delivery of an endpoint (with the endpoint). */
export async function deleteDeliveriesOf(ref: WebhookRef): Promise<void> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ProjectionExpression: 'pk, sk',
    ExpressionAttributeValues: { ':pk': deliveryKeys.partition(ref), ':prefix': deliveryKeys.prefix },
  });
  await batchDelete(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
}

/**
 * Every pending delivery in every realm. It scans the table, so only the local runtime calls it,
 * once as it starts: its queue lived in memory, and these deliveries' messages went with it.
 */
export async function allPendingDeliveries(): Promise<DeliveryRef[]> {
  const items = await scanAll({
    TableName: tableName(),
    FilterExpression: 'entity = :delivery AND #status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':delivery': 'webhook-delivery', ':pending': 'PENDING' },
    ConsistentRead: true,
  });
  return items.map((item) => ({ realmId: String(item.realmId), webhookId: String(item.webhookId), deliveryId: String(item.id) }));
}
