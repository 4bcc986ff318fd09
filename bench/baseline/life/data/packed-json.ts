/**
 * The larger life tables ship as brotli-compressed JSON in base64 (written by
 * scripts/build-life-data.ts): about a third of their plain JSON's size in every bundle that runs
 * the engine, for a millisecond of decompression when the module loads.
 */
import { brotliDecompressSync } from 'node:zlib';

export function unpackJson<T>(packed: string): T {
  return JSON.parse(brotliDecompressSync(Buffer.from(packed, 'base64')).toString('utf8')) as T;
}
