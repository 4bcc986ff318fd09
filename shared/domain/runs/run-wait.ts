/**
 * A read of a run that waits (`?wait=N`): instead of a client polling the run, each poll a whole
 * authenticated, metered request, the server re-reads only the run item until the run has ended or
 * N seconds have passed, and answers the run as it then is (docs/API.md).
 */
import * as z from 'zod/mini';
import { queryInteger } from '../paging.js';
import { runWaitPollMs } from './limits.js';
import { loadRun } from './run-access.js';
import type { RunRecord, RunRef } from './run.js';
import { isFinished } from './run.js';

/** The longest wait: well inside the API functions' 29 s timeout and API Gateway's 30 s integration limit. */
export const maxWaitSeconds = 20;

/** The query of a run's GET: `wait`, whole seconds from 0 (answer at once, the default) to 20. */
export const runWaitQuerySchema = z.object({
  wait: z._default(queryInteger(0, maxWaitSeconds), 0).register(z.globalRegistry, {
    description: `Seconds (0 to ${maxWaitSeconds}) to wait for the run to end before answering; 0 answers at once`,
  }),
});
export type RunWaitQuery = z.output<typeof runWaitQuerySchema>;

/** The operation description of a run's GET, in the OpenAPI document. */
export const runWaitDescription =
  'With `wait=N` (whole seconds, 1 to 20) the answer waits until the run has ended (COMPLETED or FAILED) or N seconds ' +
  'have passed, whichever comes first, and is the run as it then is: one request instead of polling. Access is checked ' +
  'first, so a run that does not exist is a 404 at once.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The run (with the staleness check, 404 when there is none) once it has ended, or as it is after
 * `waitSeconds`, whichever comes first; with 0, as it is now. Access and the run's parents are
 * checked by the caller before. A run deleted while waited on is a 404, as a read after the delete
 * would be.
 */
export async function loadRunAfterWait(ref: RunRef, what: string, waitSeconds: number): Promise<RunRecord> {
  const deadline = Date.now() + waitSeconds * 1000;
  const interval = runWaitPollMs();
  let current = await loadRun(ref, what);
  while (!isFinished(current.status)) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(interval, left));
    current = await loadRun(ref, what);
  }
  return current;
}
