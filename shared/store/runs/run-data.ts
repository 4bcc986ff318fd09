/**
 * A run's data, named in the domain's terms: its input, its output, and each shard's result, all
 * addressed by the run's reference. Each is a blob (blobs.ts: compressed, split into chunks) in the
 * household's partition, under a prefix of the run's own:
 * - simulation data: `SCENARIO#<scenarioId>#RUNDATA#<runId>#<name>#<chunk>`
 * - analysis data:   `SCENARIO#<scenarioId>#ANADATA#<runId>#<name>#<chunk>`
 * - comparison data: `CMPDATA#<comparisonId>#<name>#<chunk>`
 * - query data:      `QRYDATA#<queryId>#<name>#<chunk>`
 * Names: `INPUT` (the scenario documents run), `SHARD#<nnnnn>` (a shard's result), `OUTPUT`.
 */
import { householdKeys } from '../households.js';
import { scenarioKeys } from '../scenarios.js';
import { deleteBlobs, getBlob, getBlobs, putBlob } from './blobs.js';
import { type RunRef, scenarioOf } from './runs.js';

/** One piece of a run's data: the stored input, the merged output, or one shard's result. */
export type RunBlob = 'INPUT' | 'OUTPUT' | { shard: number };

export const runDataKeys = {
  partition: (ref: RunRef) => householdKeys.partition(ref),
  /** Prefix of every data item of the run. */
  prefix: (ref: RunRef) => {
    if (ref.kind === 'COMPARISON') return `CMPDATA#${ref.runId}#`;
    if (ref.kind === 'QUERY') return `QRYDATA#${ref.runId}#`;
    return `${scenarioKeys.children(scenarioOf(ref))}${ref.kind === 'ANALYSIS' ? 'ANADATA' : 'RUNDATA'}#${ref.runId}#`;
  },
  /** Prefix of the run's shard results. */
  shards: (ref: RunRef) => `${runDataKeys.prefix(ref)}SHARD#`,
  /** The name a blob is stored under (its chunks add `#<chunk>`). */
  name: (ref: RunRef, blob: RunBlob) =>
    typeof blob === 'string' ? `${runDataKeys.prefix(ref)}${blob}` : `${runDataKeys.shards(ref)}${String(blob.shard).padStart(5, '0')}`,
};

export async function putRunBlob(ref: RunRef, blob: RunBlob, value: unknown): Promise<void> {
  await putBlob(runDataKeys.partition(ref), runDataKeys.name(ref, blob), value);
}

export function getRunBlob<T>(ref: RunRef, blob: RunBlob): Promise<T | undefined> {
  return getBlob<T>(runDataKeys.partition(ref), runDataKeys.name(ref, blob));
}

/** Every stored shard result of the run by shard index, but `skip`'s (which the caller holds). */
export async function getShardResults<T>(ref: RunRef, skip?: number): Promise<Map<number, T>> {
  const skipped = skip === undefined ? undefined : runDataKeys.name(ref, { shard: skip });
  const prefix = runDataKeys.shards(ref);
  const byName = await getBlobs<T>(runDataKeys.partition(ref), prefix, (name) => name === skipped);
  return new Map([...byName].map(([name, value]) => [Number(name.slice(prefix.length)), value]));
}

/** Deletes the run's shard results (once merged, or when the run failed). */
export async function deleteShardResults(ref: RunRef): Promise<void> {
  await deleteBlobs(runDataKeys.partition(ref), runDataKeys.shards(ref));
}

/** Deletes all of the run's data: input, shard results and output. */
export async function deleteRunData(ref: RunRef): Promise<void> {
  await deleteBlobs(runDataKeys.partition(ref), runDataKeys.prefix(ref));
}
