/**
 * Hints, within one deployment process, that a run has just ended: a read waiting on the run
 * (`?wait=N`, run-wait.ts) re-reads it at once instead of at its next re-read. A hint carries
 * nothing but the run's id and decides nothing: the waiting read still reads the run and answers
 * what it finds. In the cloud no hint reaches the API functions (the run ends in a worker
 * function), so a wait there re-reads on its interval alone. In the local runtime the run ends in a
 * worker thread, which forwards its hints to the main thread, where the waiting reads are.
 */

type Wake = () => void;

const waiting = new Map<string, Set<Wake>>();
let forward: ((runId: string) => void) | undefined;

/** Says that run `runId` has ended (COMPLETED or FAILED): wakes this thread's waits on it, and forwards the hint if a forwarder is set. */
export function hintRunEnded(runId: string): void {
  const wakes = waiting.get(runId);
  if (wakes) for (const wake of wakes) wake();
  forward?.(runId);
}

/** Sends this thread's hints on (a worker thread's to the thread that serves reads); undefined stops forwarding. */
export function forwardRunEndHints(to: ((runId: string) => void) | undefined): void {
  forward = to;
}

/**
 * A wait for a hint that run `runId` has ended. Taken before the run is read, so that an end
 * between the read and the wait is not missed; `cancel` it once done.
 */
export function runEndHint(runId: string): { ended: Promise<void>; cancel(): void } {
  let wake!: Wake;
  const ended = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const wakes = waiting.get(runId) ?? new Set<Wake>();
  waiting.set(runId, wakes);
  wakes.add(wake);
  return {
    ended,
    cancel() {
      wakes.delete(wake);
      if (wakes.size === 0 && waiting.get(runId) === wakes) waiting.delete(runId);
    },
  };
}
