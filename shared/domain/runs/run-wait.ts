/**
 * A read of a run that waits (`?wait=N`): instead of a client polling the run, each poll a whole
 * authenticated, metered request, the server re-reads only the run item until the run has ended or
 * N seconds have passed, and answers the run as it then is (docs/API.md).
 */
import * as z from 'zod/mini';
import { getRun } from '../../store/runs/runs.js';
import { NotFoundError } from '../errors.js';
import { queryInteger } from '../paging.js';
import { failIfStale } from './end-run.js';
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

/**
 * How often a waiting read re-reads the run. Measured on the local runtime, where the embedded
 * store runs in the same process: a re-read costs about 3 ms of CPU (SDK and store), so a wait
 * takes 12% of a core at 25 ms and 20% at 10 ms, against about 35% for a client polling every
 * 20 ms (7 ms a GET). 25 ms adds 12 ms on average to the moment the client sees the run end. In
 * the cloud each re-read is one consistent read of one item. RUN_WAIT_POLL_MS overrides it.
 */
const defaultPollMs = 25;

function pollMs(): number {
  const raw = process.env.RUN_WAIT_POLL_MS;
  const value = raw ? Number(raw) : defaultPollMs;
  if (!Number.isFinite(value) || value < 1) throw new Error('RUN_WAIT_POLL_MS must be a number of at least 1');
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The run once it has ended, or as it is after `waitSeconds`, whichever comes first. `run` is the
 * run as just read (access and parents already checked); each re-read applies the staleness check.
 * A run deleted while waited on is a 404, as a read after the delete would be.
 */
export async function awaitRunEnd(ref: RunRef, run: RunRecord, waitSeconds: number, what: string): Promise<RunRecord> {
  const deadline = Date.now() + waitSeconds * 1000;
  const interval = pollMs();
  let current = run;
  while (!isFinished(current.status)) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(interval, left));
    const reread = await getRun(ref);
    if (!reread) throw new NotFoundError(`${what} not found`);
    current = await failIfStale(ref, reread);
  }
  return current;
}
