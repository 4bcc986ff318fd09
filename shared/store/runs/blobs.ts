/**
 * Large values (run inputs, shard results, outputs) stored compressed and split over items, so no
 * item nears DynamoDB's 400 KB limit. A value named `<prefix><name>` is stored as chunks
 * `<prefix><name>#0000`, `#0001`, ... each carrying the chunk count; writing the same name again
 * overwrites the same keys, so a redelivered shard rewrites its result instead of adding a copy.
 * A value is JSON, or bytes already in a compact binary form of the caller's (a simulation's shard
 * result), marked `format: 'bytes'`: reading gives back a Uint8Array for those. Both are compressed
 * by brotli quality 1.
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { dynamoClient } from '../client.js';
import { queryAll } from '../query-all.js';
import { tableName } from '../table.js';
import { batchDelete } from '../batch.js';

/** Bytes of compressed data per item: well under 400 KB with the keys and attributes. */
const chunkBytes = 300 * 1024;
/**
 * Brotli quality 1: values are compressed on a run's critical path (a shard's result, the output),
 * where half the time is worth a few percent of size. A 10,000-path young-family output (527 KB of
 * JSON) compresses to 106.6 KB in 1.4 ms, against 104.7 KB in 2.8 ms at quality 3 and 100.3 KB in
 * 7.1 ms at quality 5 (Node.js 24, bundled); a 5,000-path shard result in its binary form (493 KB)
 * to 284 KB in 2.2 ms (quality 3: 267 KB in 4.5 ms), one item instead of two.
 */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
/** The `format` of items holding a binary value (JSON values carry none). */
const BYTES = 'bytes';

export function compressJson(value: unknown): Buffer {
  return brotliCompressSync(Buffer.from(JSON.stringify(value)), brotliOptions);
}

export function decompressJson<T>(data: Uint8Array): T {
  return JSON.parse(brotliDecompressSync(data).toString('utf8')) as T;
}

/**
 * The bytes as a plain Uint8Array over the same memory, not a Buffer (its subclass): the reader then
 * sees one kind of array, as in a worker's warm-up, and is not compiled again for the other (a
 * first merge 5 to 10 ms slower, measured on Node.js 24).
 */
const plainBytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

const chunkKey = (name: string, index: number) => `${name}#${String(index).padStart(4, '0')}`;

/** Stores `value` under `name`: a Uint8Array as bytes (read back as a Uint8Array), anything else as JSON. */
export async function putBlob(pk: string, name: string, value: unknown): Promise<{ bytes: number; chunks: number }> {
  const binary = value instanceof Uint8Array;
  const data = binary ? brotliCompressSync(value, brotliOptions) : compressJson(value);
  const chunks = Math.max(1, Math.ceil(data.length / chunkBytes));
  const items = Array.from({ length: chunks }, (_, index) => ({
    pk,
    sk: chunkKey(name, index),
    entity: 'run-data',
    chunks,
    ...(binary ? { format: BYTES } : {}),
    data: data.subarray(index * chunkBytes, (index + 1) * chunkBytes),
  }));
  // A batch write request carries at most 16 MB: a few chunks per request.
  for (let start = 0; start < items.length; start += 10) {
    let requests = items.slice(start, start + 10).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const result = await dynamoClient().batchWrite({ RequestItems: { [tableName()]: requests } });
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests;
    }
  }
  return { bytes: data.length, chunks };
}

/**
 * Every value stored under `prefix`, by name (the key without its chunk number); `skip` names
 * values the caller already has, which are then not decompressed.
 */
export async function getBlobs<T>(pk: string, prefix: string, skip: (name: string) => boolean = () => false): Promise<Map<string, T>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    ConsistentRead: true,
  });
  const byName = new Map<string, Array<{ index: number; chunks: number; binary: boolean; data: Uint8Array }>>();
  for (const item of items) {
    const sk = item.sk as string;
    const cut = sk.lastIndexOf('#');
    const name = sk.slice(0, cut);
    const list = byName.get(name) ?? [];
    list.push({
      index: Number(sk.slice(cut + 1)),
      chunks: item.chunks as number,
      binary: item.format === BYTES,
      data: item.data as Uint8Array,
    });
    byName.set(name, list);
  }
  const values = new Map<string, T>();
  for (const [name, list] of byName) {
    if (skip(name)) continue;
    list.sort((a, b) => a.index - b.index);
    const chunks = list[0].chunks;
    const parts = list.filter((part) => part.index < chunks);
    if (parts.length !== chunks) throw new Error(`stored value ${name} is incomplete (${parts.length} of ${chunks} chunks)`);
    const data = parts.length === 1 ? parts[0].data : Buffer.concat(parts.map((part) => part.data));
    values.set(name, parts[0].binary ? (plainBytes(brotliDecompressSync(data)) as T) : decompressJson<T>(data));
  }
  return values;
}

export async function getBlob<T>(pk: string, name: string): Promise<T | undefined> {
  return (await getBlobs<T>(pk, `${name}#`)).get(name);
}

export async function deleteBlobs(pk: string, prefix: string): Promise<number> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  await batchDelete(items.map((item) => ({ pk: item.pk, sk: item.sk })));
  return items.length;
}
