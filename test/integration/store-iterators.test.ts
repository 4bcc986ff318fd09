/**
 * The embedded store closes the LevelDB iterator of every Query and Scan once the read ends, whole
 * or cut short by a Limit (infra/local/store-iterators.ts). Each open iterator is an abstract-level
 * resource attached to the database until it closes; the test follows the attachments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EmbeddedStore, ensureTable, startEmbeddedStore } from '../../infra/local/dynalite.js';
import { storeLevelModule } from '../../infra/local/store-iterators.js';
import { createDocumentClient, createDynamoDbClient, type DocumentClient, useStoreCredentials } from '../../shared/aws/dynamodb.js';

const TableName = 'store-iterators-test';
const level = storeLevelModule();
const iteratorClasses = [level.AbstractIterator, level.AbstractKeyIterator, level.AbstractValueIterator];
const open = new Set<object>();
const { attachResource, detachResource } = level.AbstractLevel.prototype;
let dir: string;
let store: EmbeddedStore;
let doc: DocumentClient;

beforeAll(async () => {
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'local';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  dir = mkdtempSync(join(tmpdir(), 'store-iterators-'));
  store = await startEmbeddedStore(dir);
  useStoreCredentials(store.credentials);
  await ensureTable(createDynamoDbClient({ endpoint: store.endpoint }), TableName);
  doc = createDocumentClient({ endpoint: store.endpoint });
  for (let i = 0; i < 30; i++) await doc.put({ TableName, Item: { pk: 'P#list', sk: `S#${String(i).padStart(2, '0')}`, i } });
  level.AbstractLevel.prototype.attachResource = function (resource) {
    if (iteratorClasses.some((c) => resource instanceof (c as unknown as new () => object))) open.add(resource);
    return attachResource.call(this, resource);
  };
  level.AbstractLevel.prototype.detachResource = function (resource) {
    open.delete(resource);
    return detachResource.call(this, resource);
  };
});

afterAll(async () => {
  level.AbstractLevel.prototype.attachResource = attachResource;
  level.AbstractLevel.prototype.detachResource = detachResource;
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Reads the list whole, by pages of 7 (each page's read is cut short by its Limit), and by a Scan page. */
async function readTheList(): Promise<number> {
  const query = { TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'P#list' } };
  let read = (await doc.query(query)).Items?.length ?? 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.query({ ...query, Limit: 7, ExclusiveStartKey });
    read += page.Items?.length ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  read += (await doc.scan({ TableName, Limit: 5 })).Items?.length ?? 0;
  return read;
}

describe('the embedded store’s iterators', () => {
  it('are all closed once the reads that opened them have answered', async () => {
    expect(await readTheList()).toBe(30 + 30 + 5);
    await vi.waitFor(() => expect(open.size).toBe(0));
  });

  it('stay open, at least one per read, without the close on return (what the service leaked)', async () => {
    const returns = iteratorClasses.map((c) => c.prototype.return);
    for (const c of iteratorClasses) delete c.prototype.return;
    try {
      await readTheList();
      // One whole query, five pages and a scan page.
      expect(open.size).toBeGreaterThanOrEqual(1 + 5 + 1);
    } finally {
      iteratorClasses.forEach((c, i) => {
        c.prototype.return = returns[i];
      });
      await Promise.all([...open].map((iterator) => (iterator as { close(): Promise<void> }).close()));
    }
    expect(open.size).toBe(0);
  });
});
