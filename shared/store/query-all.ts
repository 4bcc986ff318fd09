import type { QueryInput } from '../aws/dynamodb/types.js';
import { dynamoClient } from './client.js';

/**
 * Reads every page of a query. Callers only query bounded sets (a household's partition, a
 * realm's households under the realm cap), so this cannot run away.
 */
export async function queryAll(input: QueryInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().query({ ...input, ExclusiveStartKey: startKey });
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    startKey = page.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (startKey);
  return items;
}
