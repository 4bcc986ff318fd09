/**
 * A read of a run that waits (`?wait=N`): instead of a client polling the run, each poll a whole
 * authenticated, metered request, the server re-reads only the run item until the run has ended or
 * N seconds have passed, and answers the run as it then is (docs/API.md).
 */
import * as z from 'zod/mini';
import { queryInteger } from '../paging.js';
import { runWaitPollMs } from './limits.js';
import { loadRun } from './run-access.js';
import { runEndHint } from './run-end-hint.js';
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

/** Resolves after `ms`, or at once when `ended` resolves first; either way no timer is left behind. */
function sleepUnless(ms: number, ended: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slept = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([slept, ended]).finally(() => clearTimeout(timer));
}

/**
 * The run (with the staleness check, 404 when there is none) once it has ended, or as it is after
 * `waitSeconds`, whichever comes first; with 0, as it is now. Access and the run's parents are
 * checked by the caller before. A run deleted while waited on is a 404, as a read after the delete
 * would be. The run is re-read every `runWaitPollMs`, and at once on a hint that it ended
 * (run-end-hint.ts: the local runtime's workers give one the moment a run ends).
 */
export async function loadRunAfterWait(ref: RunRef, what: string, waitSeconds: number): Promise<RunRecord> {
  const deadline = Date.now() + waitSeconds * 1000;
  const interval = runWaitPollMs();
  for (;;) {
    // Taken before the read: a run that ends between the read and the sleep still wakes it.
    const hint = waitSeconds > 0 ? runEndHint(ref.runId) : undefined;
    try {
      const current = await loadRun(ref, what);
      const left = deadline - Date.now();
      if (!hint || isFinished(current.status) || left <= 0) return current;
      await sleepUnless(Math.min(interval, left), hint.ended);
    } finally {
      hint?.cancel();
    }
  }
}
