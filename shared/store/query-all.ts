import type { QueryInput, ReadOutput, ScanInput } from '../aws/dynamodb.js';
import { dynamoClient } from './client.js';

/** Every item of a paged read, following LastEvaluatedKey from page to page. */
async function readAll(
  readPage: (startKey: Record<string, unknown> | undefined) => Promise<ReadOutput>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await readPage(startKey);
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    startKey = page.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (startKey);
  return items;
}

/**
 * Reads every page of a query. Callers only query bounded sets (a household's partition, a
 * realm's households under the realm cap), so this cannot run away.
 */
export function queryAll(input: QueryInput): Promise<Record<string, unknown>[]> {
  return readAll((startKey) => dynamoClient().query({ ...input, ExclusiveStartKey: startKey }));
}

/** Reads every page of a scan: the whole table, so only for the local runtime and operators' commands. */
export function scanAll(input: ScanInput): Promise<Record<string, unknown>[]> {
  return readAll((startKey) => dynamoClient().scan({ ...input, ExclusiveStartKey: startKey }));
}

/**
 * How many items a query matches, from every page of it read with `Select: 'COUNT'`: the store
 * still reads the items, but returns none of them.
 */
export async function countAll(input: QueryInput): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().query({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey });
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey as Record<string, unknown> | undefined;
  } while (startKey);
  return count;
}
