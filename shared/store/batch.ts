import type { WriteRequest } from '../aws/dynamodb.js';
import { tableName } from './table.js';
import { dynamoClient } from './client.js';

type Key = Record<string, unknown>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes items by key, 25 per request, retrying what DynamoDB leaves unprocessed. */
export async function batchDelete(keys: Key[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    let requests: WriteRequest[] = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      const result = await dynamoClient().batchWrite({ RequestItems: { [tableName()]: requests } });
      requests = result.UnprocessedItems?.[tableName()] ?? [];
    }
  }
}

/** Reads items by key (any order), 100 per request, retrying unprocessed keys. */
export async function batchGet(keys: Key[]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    let pending: Key[] = keys.slice(start, start + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await pause(Math.min(1000, 25 * 2 ** attempt));
      const result = await dynamoClient().batchGet({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } });
      items.push(...((result.Responses?.[tableName()] ?? []) as Record<string, unknown>[]));
      pending = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Key[];
    }
  }
  return items;
}
