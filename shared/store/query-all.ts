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
