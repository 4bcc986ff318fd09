/**
 * The document client against dynalite (the DynamoDB-compatible store the suite runs on): values
 * converted both ways, pages, batches, and DynamoDB's errors by name; a cancelled transaction's
 * reasons from a stand-in, since dynalite has no transactions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, startEmbeddedStore, type EmbeddedStore } from '../../infra/local/dynalite.js';
import { DocumentClient, createDocumentClient } from '../../shared/aws/dynamodb/document-client.js';
import { dynamoDbRpc } from '../../shared/aws/dynamodb/service.js';
import { AwsServiceError } from '../../shared/aws/errors.js';
import { fakeCredentials, startFakeAwsService } from './fake-aws-service.js';

const TableName = 'document-client-test';
const local = { region: 'us-east-1', credentials: () => ({ accessKeyId: 'local', secretAccessKey: 'local' }) };
let dir: string;
let store: EmbeddedStore;
let doc: DocumentClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'document-client-'));
  store = await startEmbeddedStore(dir);
  const dynamodb = dynamoDbRpc({ endpoint: store.endpoint, ...local });
  await ensureTable(dynamodb, TableName);
  // A second time finds the table and leaves it.
  await ensureTable(dynamodb, TableName);
  doc = new DocumentClient(dynamodb);
});

afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('document client (dynalite)', () => {
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
    expect(Item).toEqual({ ...stored, nested: { list: [1, 'two', { three: 3 }] } });
    expect(Buffer.from(Item!.bytes as Uint8Array)).toEqual(item.bytes);
    expect(Item!.numbers).toBeInstanceOf(Set);
    expect(await doc.get({ TableName, Key: { pk: 'P#values', sk: 'missing' } })).toEqual({ Item: undefined });
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
    const read = await doc.batchGet({ RequestItems: { [TableName]: { Keys: items.map(({ pk, sk }) => ({ pk, sk })), ConsistentRead: true } } });
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
    expect(error).toBeInstanceOf(AwsServiceError);
    expect(error).toMatchObject({ name: 'ConditionalCheckFailedException', message: 'The conditional request failed', statusCode: 400 });
  });

  it('reports a missing table as ResourceNotFoundException', async () => {
    await expect(doc.get({ TableName: 'no-such-table', Key: { pk: 'x', sk: 'y' } })).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      statusCode: 400,
    });
  });
});

describe('document client errors (stand-in)', () => {
  it("gives a cancelled transaction's reasons, with the stored items in plain values", async () => {
    const fake = await startFakeAwsService(() => ({
      status: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]',
        CancellationReasons: [
          {
            Code: 'ConditionalCheckFailed',
            Message: 'The conditional request failed',
            Item: { pk: { S: 'P#1' }, version: { N: '3' }, data: { B: 'AAH/' }, tags: { SS: ['a'] } },
          },
          { Code: 'None' },
        ],
      },
    }));
    try {
      // The mapping is the same for every operation; DynamoDB sends this one for transactions.
      const client = createDocumentClient({ endpoint: fake.url, region: 'eu-west-1', credentials: () => fakeCredentials });
      const error = (await client.put({ TableName, Item: { pk: 'P#1' } }).catch((e: unknown) => e)) as AwsServiceError;
      expect(error).toBeInstanceOf(AwsServiceError);
      expect(error.name).toBe('TransactionCanceledException');
      expect(error.message).toMatch(/^Transaction cancelled/);
      expect(error.CancellationReasons).toEqual([
        {
          Code: 'ConditionalCheckFailed',
          Message: 'The conditional request failed',
          Item: { pk: 'P#1', version: 3, data: Buffer.from([0, 1, 255]), tags: new Set(['a']) },
        },
        { Code: 'None' },
      ]);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0].target).toBe('DynamoDB_20120810.PutItem');
      expect(fake.requests[0].signatureValid).toBe(true);
    } finally {
      await fake.close();
    }
  });
});
