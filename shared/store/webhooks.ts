/**
 * Webhook endpoints: one item per endpoint in the realm's webhooks partition
 * (`R#<realm>#WEBHOOKS`, sort key `WH#<webhookId>`), so a realm's endpoints are one query and
 * another realm's are never found. The signing secrets are stored sealed (encrypted by the
 * caller, shared/domain/webhooks/secret-sealing.ts): the store never sees one in the clear.
 */
import { ulid } from 'ulid';
import { dynamoClient } from './client.js';
import { isConditionFailed } from './conditional.js';
import { ConditionFailed } from './facts.js';
import { queryAll } from './query-all.js';
import { realmKey, tableName } from './table.js';

export interface WebhookRef {
  realmId: string;
  webhookId: string;
}

/** A signing secret as stored: sealed, with when it stops being used (a rotated-out secret). */
export interface SealedSecret {
  sealed: string;
  createdAt: string;
  expiresAt?: string;
}

export type StoredWebhook = {
  id: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  /** Why the service disabled the endpoint (cleared when it is enabled again). */
  disabledReason?: string;
  /** The last attempt that the endpoint answered with a 2xx. */
  lastSuccessAt?: string;
  createdAt: string;
  updatedAt: string;
  version: number;
};

export type WebhookRecord = StoredWebhook & { secrets: SealedSecret[] };

export const webhookKeys = {
  partition: (realmId: string) => realmKey(realmId, 'WEBHOOKS'),
  prefix: 'WH#',
  webhook: (ref: WebhookRef) => ({ pk: webhookKeys.partition(ref.realmId), sk: `${webhookKeys.prefix}${ref.webhookId}` }),
};

export const maxWebhooksPerRealm = 20;

function toRecord(item: Record<string, unknown>): WebhookRecord {
  const { pk: _pk, sk: _sk, entity: _entity, ...rest } = item;
  return rest as unknown as WebhookRecord;
}

export const newWebhookId = (): string => ulid();

/** Every endpoint of the realm (at most `maxWebhooksPerRealm`). */
export async function listWebhooks(realmId: string): Promise<WebhookRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': webhookKeys.partition(realmId), ':prefix': webhookKeys.prefix },
    ConsistentRead: true,
  });
  return items.map(toRecord);
}

export async function getWebhook(ref: WebhookRef): Promise<WebhookRecord | undefined> {
  const result = await dynamoClient().get({ TableName: tableName(), Key: webhookKeys.webhook(ref), ConsistentRead: true });
  return result.Item ? toRecord(result.Item) : undefined;
}

/** Writes a new endpoint (its id made by `newWebhookId`). */
export async function insertWebhook(realmId: string, record: WebhookRecord): Promise<void> {
  await dynamoClient().put({
    TableName: tableName(),
    Item: { ...webhookKeys.webhook({ realmId, webhookId: record.id }), entity: 'webhook', ...record },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/** Replaces the endpoint if its stored version is still `expectedVersion`; ConditionFailed otherwise. */
export async function replaceWebhookIfVersion(realmId: string, next: WebhookRecord, expectedVersion: number): Promise<void> {
  try {
    await dynamoClient().put({
      TableName: tableName(),
      Item: { ...webhookKeys.webhook({ realmId, webhookId: next.id }), entity: 'webhook', ...next },
      ConditionExpression: 'attribute_exists(pk) AND version = :expected',
      ExpressionAttributeValues: { ':expected': expectedVersion },
    });
  } catch (error) {
    if (isConditionFailed(error)) throw new ConditionFailed();
    throw error;
  }
}

/** Notes a successful attempt; nothing when the endpoint is gone. */
export async function markWebhookSucceeded(ref: WebhookRef, at: Date): Promise<void> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: webhookKeys.webhook(ref),
      UpdateExpression: 'SET lastSuccessAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
}

/**
 * Disables an endpoint that has had no success since `failingSince`, with the reason; false when
 * it is gone, already disabled, or answered since.
 */
export async function disableFailingWebhook(ref: WebhookRef, failingSince: string, reason: string, at: Date): Promise<boolean> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: webhookKeys.webhook(ref),
      UpdateExpression: 'SET enabled = :false, disabledReason = :reason, updatedAt = :at ADD version :one',
      ConditionExpression: 'attribute_exists(pk) AND enabled = :true AND (attribute_not_exists(lastSuccessAt) OR lastSuccessAt < :since)',
      ExpressionAttributeValues: {
        ':false': false,
        ':true': true,
        ':reason': reason,
        ':at': at.toISOString(),
        ':one': 1,
        ':since': failingSince,
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Removes the endpoint if its stored version is still `expectedVersion`; ConditionFailed otherwise. */
export async function deleteWebhookIfVersion(ref: WebhookRef, expectedVersion: number): Promise<void> {
  try {
    await dynamoClient().delete({
      TableName: tableName(),
      Key: webhookKeys.webhook(ref),
      ConditionExpression: 'attribute_exists(pk) AND version = :expected',
      ExpressionAttributeValues: { ':expected': expectedVersion },
    });
  } catch (error) {
    if (isConditionFailed(error)) throw new ConditionFailed();
    throw error;
  }
}
