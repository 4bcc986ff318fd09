/**
 * A run's data, named in the domain's terms: its input, its output, and each shard's result, all
 * addressed by the run's reference. The keys they live under (runs/keys.ts) stay in the store.
 */
import type { RunRef } from '../../domain/runs/run.js';
import { householdPartition } from '../keys.js';
import { deleteBlobs, getBlob, getBlobs, putBlob } from './blobs.js';
import { runDataPrefix, runInputName, runOutputName, shardResultName, shardResultsPrefix } from './keys.js';

/** One piece of a run's data: the stored input, the merged output, or one shard's result. */
export type RunBlob = 'INPUT' | 'OUTPUT' | { shard: number };

const partitionOf = (ref: RunRef) => householdPartition(ref.realmId, ref.householdId);
const nameOf = (ref: RunRef, blob: RunBlob) =>
  blob === 'INPUT' ? runInputName(ref) : blob === 'OUTPUT' ? runOutputName(ref) : shardResultName(ref, blob.shard);

export async function putRunBlob(ref: RunRef, blob: RunBlob, value: unknown): Promise<void> {
  await putBlob(partitionOf(ref), nameOf(ref, blob), value);
}

export function getRunBlob<T>(ref: RunRef, blob: RunBlob): Promise<T | undefined> {
  return getBlob<T>(partitionOf(ref), nameOf(ref, blob));
}

/** Every stored shard result of the run by shard index, but `skip`'s (which the caller holds). */
export async function getShardResults<T>(ref: RunRef, skip?: number): Promise<Map<number, T>> {
  const skipped = skip === undefined ? undefined : shardResultName(ref, skip);
  const byName = await getBlobs<T>(partitionOf(ref), shardResultsPrefix(ref), (name) => name === skipped);
  const prefix = shardResultsPrefix(ref);
  return new Map([...byName].map(([name, value]) => [Number(name.slice(prefix.length)), value]));
}

/** Deletes the run's shard results (once merged, or when the run failed). */
export async function deleteShardResults(ref: RunRef): Promise<void> {
  await deleteBlobs(partitionOf(ref), shardResultsPrefix(ref));
}

/** Deletes all of the run's data: input, shard results and output. */
export async function deleteRunData(ref: RunRef): Promise<void> {
  await deleteBlobs(partitionOf(ref), runDataPrefix(ref));
}
