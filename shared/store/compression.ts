/** Large JSON documents are stored gzip-compressed, under a bound that keeps items below 400 KB. */
import { gunzipSync, gzipSync } from 'node:zlib';
import { DocumentTooLarge } from './facts.js';

export const maxCompressedBytes = 350_000;

export function compressJson(value: unknown, what: string): Uint8Array {
  const compressed = gzipSync(Buffer.from(JSON.stringify(value), 'utf8'));
  if (compressed.length > maxCompressedBytes) {
    throw new DocumentTooLarge(what, compressed.length, maxCompressedBytes);
  }
  return new Uint8Array(compressed);
}

export function decompressJson(bytes: Uint8Array): unknown {
  return JSON.parse(gunzipSync(bytes).toString('utf8'));
}
