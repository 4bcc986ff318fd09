/**
 * Idempotency records: the first response to a creating POST, kept for 24 hours under the caller
 * and its `Idempotency-Key` (DATA.md, "idempotency record"). A record is claimed before the
 * request runs, so two concurrent requests with one key cannot both create.
 */
import { createHash } from 'node:crypto';
import { compressJson, decompressJson } from './compression.js';
import { isConditionFailed } from './conditional.js';
import { dynamoClient } from './client.js';
import { epochSeconds, realmKey, tableName } from './table.js';

export const idempotencyWindowSeconds = 24 * 60 * 60;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

export type IdempotencyRecord =
  | { state: 'pending'; fingerprint: string }
  | { state: 'done'; fingerprint: string; response: StoredResponse };

export const idempotencyKeys = {
  /** The record of one caller's (`subject`'s) `Idempotency-Key`. */
  record: (realmId: string, subject: string, key: string) => {
    // The key is the client's text: hashed, so any characters and lengths make a valid, bounded key.
    const digest = createHash('sha256').update(`${subject}\n${key}`).digest('hex');
    return { pk: realmKey(realmId, `IDEM#${digest}`), sk: 'IDEM' };
  },
};

/** Claims the key for a request; returns the record already there when the claim fails. */
export async function claimIdempotencyKey(
  realmId: string,
  subject: string,
  key: string,
  fingerprint: string,
): Promise<IdempotencyRecord | undefined> {
  const now = epochSeconds(new Date());
  try {
    await dynamoClient().put({
      TableName: tableName(),
      Item: {
        ...idempotencyKeys.record(realmId, subject, key),
        entity: 'idempotency',
        state: 'pending',
        fingerprint,
        expiresAt: now + idempotencyWindowSeconds,
      },
      // An expired record (TTL deletes lazily, and not at all locally) counts as absent.
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': now },
    });
    return undefined;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const out = await dynamoClient().get({
    TableName: tableName(),
    Key: idempotencyKeys.record(realmId, subject, key),
    ConsistentRead: true,
  });
  const item = out.Item;
  if (!item) return claimIdempotencyKey(realmId, subject, key, fingerprint);
  if (item.state === 'pending') return { state: 'pending', fingerprint: item.fingerprint as string };
  return {
    state: 'done',
    fingerprint: item.fingerprint as string,
    response: decompressJson(item.response as Uint8Array) as StoredResponse,
  };
}

/** Keeps the response for replays. Returns false when it is too large to keep (the claim is then released). */
export async function completeIdempotencyKey(realmId: string, subject: string, key: string, response: StoredResponse): Promise<boolean> {
  let compressed: Uint8Array;
  try {
    compressed = compressJson(response, 'response');
  } catch {
    await releaseIdempotencyKey(realmId, subject, key);
    return false;
  }
  await dynamoClient().update({
    TableName: tableName(),
    Key: idempotencyKeys.record(realmId, subject, key),
    UpdateExpression: 'SET #state = :done, #response = :response',
    ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
    ExpressionAttributeValues: { ':done': 'done', ':response': compressed },
  });
  return true;
}

/** Lets the key be used again: the request failed before it created anything worth replaying. */
export async function releaseIdempotencyKey(realmId: string, subject: string, key: string): Promise<void> {
  await dynamoClient().delete({ TableName: tableName(), Key: idempotencyKeys.record(realmId, subject, key) });
}
