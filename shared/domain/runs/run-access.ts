/** Reading, listing and deleting runs, shared by simulations, comparisons and analyses. */
import { releaseRunSlot } from '../../store/runs/active-runs.js';
import { deleteRunData } from '../../store/runs/run-data.js';
import { deleteRunItem, getRun } from '../../store/runs/runs.js';
import { NotFoundError } from '../errors.js';
import { sortAndPage, type Page, type PageRequest } from '../paging.js';
import { checkPreconditions, type WritePreconditions } from '../versioning.js';
import { failIfStale } from './end-run.js';
import type { RunRecord, RunRef } from './run.js';

/** The run, with the staleness check applied; 404 when there is none. */
export async function loadRun(ref: RunRef, what: string): Promise<RunRecord> {
  const run = await getRun(ref);
  if (!run) throw new NotFoundError(`${what} not found`);
  return failIfStale(ref, run);
}

/** A page of runs, each with the staleness check applied, shown through `view`. */
export async function pageRuns<V extends { id: string }>(
  records: RunRecord[],
  refFor: (runId: string) => RunRef,
  view: (record: RunRecord) => V,
  request: PageRequest,
): Promise<Page<V>> {
  const current = await Promise.all(records.map((record) => failIfStale(refFor(record.id), record)));
  return sortAndPage(current.map(view) as unknown as Array<V & Record<string, unknown>>, request) as unknown as Page<V>;
}

/**
 * Deletes a run, its shard results and its output, and frees its slot. A run still in flight is
 * deleted as well: its remaining shards find it gone and drop their work.
 */
export async function deleteRun(ref: RunRef, what: string, preconditions: WritePreconditions): Promise<void> {
  const run = await getRun(ref);
  if (!run) throw new NotFoundError(`${what} not found`);
  checkPreconditions(run.version, preconditions);
  await deleteRunItem(ref);
  await deleteRunData(ref);
  await releaseRunSlot(ref);
}
