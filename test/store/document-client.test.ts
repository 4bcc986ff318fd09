/**
 * The store's document client (the AWS SDK's DynamoDBDocumentClient) against the store under test:
 * dynalite, and DynamoDB Local in the `dynamodb-local` project. Values converted both ways, pages,
 * batches, and DynamoDB's errors by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../infra/local/dynalite.js';
import { createDocumentClient, createDynamoDbClient, type DocumentClient } from '../../shared/aws/dynamodb.js';
import { startStoreUnderTest, type StoreUnderTest } from '../support/store-under-test.js';

const TableName = 'document-client-test';
let store: StoreUnderTest;
let doc: DocumentClient;

beforeAll(async () => {
  store = await startStoreUnderTest();
  const dynamodb = createDynamoDbClient({ endpoint: store.endpoint });
  await ensureTable(dynamodb, TableName);
  // A second time finds the table and leaves it.
  await ensureTable(dynamodb, TableName);
  doc = createDocumentClient({ endpoint: store.endpoint });
});

afterAll(async () => {
  await store?.close();
});

describe('document client', () => {
  it('writes and reads every kind of value, dropping undefined members', async () => {
    const item = {
      pk: 'P#values',
      sk: 'A',
      text: 'héllo',
      count: 42,
      ratio: -0.125,
      yes: true,
      nothing: null,
      bytes: Buffer.from([0, 1, 254, 255]),
      numbers: new Set([3, 1, 2]),
      names: new Set(['a', 'b']),
      nested: { list: [1, 'two', { three: 3 }], gone: undefined },
      absent: undefined,
    };
    await doc.put({ TableName, Item: item });
    const { Item } = await doc.get({ TableName, Key: { pk: 'P#values', sk: 'A' }, ConsistentRead: true });
    const { absent: _absent, ...stored } = item;
    // Binary values come back as Uint8Array (the SDK's type for blobs).
    expect({ ...Item, bytes: undefined }).toEqual({ ...stored, bytes: undefined, nested: { list: [1, 'two', { three: 3 }] } });
    expect(Item!.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(Item!.bytes as Uint8Array)).toEqual(item.bytes);
    expect(Item!.numbers).toBeInstanceOf(Set);
    expect((await doc.get({ TableName, Key: { pk: 'P#values', sk: 'missing' } })).Item).toBeUndefined();
  });

  it('updates with expression values and returns the new item; deletes returning the old one', async () => {
    await doc.put({ TableName, Item: { pk: 'P#update', sk: 'A', n: 1 } });
    const updated = await doc.update({
      TableName,
      Key: { pk: 'P#update', sk: 'A' },
      UpdateExpression: 'ADD n :one, tags :tag SET #label = :label',
      ExpressionAttributeNames: { '#label': 'label' },
      ExpressionAttributeValues: { ':one': 1, ':tag': new Set(['x']), ':label': 'second', ':unused': undefined },
      ReturnValues: 'ALL_NEW',
    });
    expect(updated.Attributes).toEqual({ pk: 'P#update', sk: 'A', n: 2, tags: new Set(['x']), label: 'second' });
    const deleted = await doc.delete({ TableName, Key: { pk: 'P#update', sk: 'A' }, ReturnValues: 'ALL_OLD' });
    expect(deleted.Attributes?.n).toBe(2);
    expect((await doc.get({ TableName, Key: { pk: 'P#update', sk: 'A' } })).Item).toBeUndefined();
  });

  it('pages a query with the key it returns, and scans with a filter', async () => {
    for (const sk of ['a', 'b', 'c']) await doc.put({ TableName, Item: { pk: 'P#page', sk, entity: 'paged' } });
    const seen: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await doc.query({
        TableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'P#page' },
        Limit: 2,
        ExclusiveStartKey: start,
      });
      seen.push(...(page.Items ?? []).map((item) => item.sk as string));
      start = page.LastEvaluatedKey;
    } while (start);
    expect(seen).toEqual(['a', 'b', 'c']);
    const scanned = await doc.scan({ TableName, FilterExpression: 'entity = :e', ExpressionAttributeValues: { ':e': 'paged' } });
    expect((scanned.Items ?? []).map((item) => item.sk).sort()).toEqual(['a', 'b', 'c']);
  });

  it('batch-writes and batch-reads items with binary values', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ pk: 'P#batch', sk: `s${i}`, data: Buffer.alloc(3, i) }));
    const written = await doc.batchWrite({ RequestItems: { [TableName]: items.map((Item) => ({ PutRequest: { Item } })) } });
    expect(written.UnprocessedItems ?? {}).toEqual({});
    const read = await doc.batchGet({
      RequestItems: { [TableName]: { Keys: items.map(({ pk, sk }) => ({ pk, sk })), ConsistentRead: true } },
    });
    const got = (read.Responses?.[TableName] ?? []).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
    expect(got.map((item) => Buffer.from(item.data as Uint8Array))).toEqual(items.map((item) => item.data));
    await doc.batchWrite({ RequestItems: { [TableName]: items.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })) } });
    const after = await doc.query({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'P#batch' } });
    expect(after.Items).toEqual([]);
  });

  it('reports a failed condition by name, with its message and status', async () => {
    const put = () => doc.put({ TableName, Item: { pk: 'P#once', sk: 'A' }, ConditionExpression: 'attribute_not_exists(pk)' });
    await put();
    const error = await put().catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('reports a missing table as ResourceNotFoundException', async () => {
    await expect(doc.get({ TableName: 'no-such-table', Key: { pk: 'x', sk: 'y' } })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      $metadata: { httpStatusCode: 400 },
    });
  });
});
