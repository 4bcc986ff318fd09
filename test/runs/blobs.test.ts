/** Large values stored compressed and split over items under the item size limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../shared/store/client.js';
import { tableName } from '../../shared/store/table.js';
import { deleteBlobs, getBlob, getBlobs, putBlob } from '../../shared/store/runs/blobs.js';
import { startStore } from './store-fixture.js';

let store: { close(): Promise<void> };
beforeAll(async () => {
  store = await startStore();
});
afterAll(async () => {
  await store?.close();
});

describe('run data blobs', () => {
  it('splits a value that compresses to more than one item, reads it back whole, and rewrites in place', async () => {
    // Random numbers barely compress: about 1.2 MB of JSON needs several chunks.
    const value = { numbers: Array.from({ length: 60_000 }, () => Math.random()) };
    const written = await putBlob('P#1', 'RUNDATA#a#SHARD#00001', value);
    expect(written.chunks).toBeGreaterThan(1);
    const items = await dynamoClient().query({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'P#1' },
    });
    expect(items.Items).toHaveLength(written.chunks);
    for (const item of items.Items ?? []) expect((item.data as Uint8Array).length).toBeLessThan(350 * 1024);
    expect(await getBlob('P#1', 'RUNDATA#a#SHARD#00001')).toEqual(value);

    await putBlob('P#1', 'RUNDATA#a#SHARD#00001', value); // a redelivered shard rewrites the same keys
    await putBlob('P#1', 'RUNDATA#a#SHARD#00002', { small: true });
    const all = await getBlobs('P#1', 'RUNDATA#a#SHARD#');
    expect([...all.keys()]).toEqual(['RUNDATA#a#SHARD#00001', 'RUNDATA#a#SHARD#00002']);
    expect(await deleteBlobs('P#1', 'RUNDATA#a#')).toBe(written.chunks + 1);
    expect(await getBlob('P#1', 'RUNDATA#a#SHARD#00001')).toBeUndefined();
  });

  it('stores bytes as bytes, marked as such, and reads them back as a Uint8Array beside JSON values', async () => {
    // Bytes that barely compress: more than one item.
    const bytes = Uint8Array.from({ length: 700_000 }, () => Math.floor(Math.random() * 256));
    const written = await putBlob('P#2', 'RUNDATA#b#SHARD#00000', bytes);
    expect(written.chunks).toBeGreaterThan(1);
    await putBlob('P#2', 'RUNDATA#b#SHARD#00001', { json: true });
    const items = await dynamoClient().query({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'P#2' },
    });
    expect(items.Items?.map((item) => item.format)).toEqual([...Array(written.chunks).fill('bytes'), undefined]);
    const all = await getBlobs('P#2', 'RUNDATA#b#SHARD#');
    const back = all.get('RUNDATA#b#SHARD#00000');
    expect(back).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(back as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
    expect(all.get('RUNDATA#b#SHARD#00001')).toEqual({ json: true });
  });
});
