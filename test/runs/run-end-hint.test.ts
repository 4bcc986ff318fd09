/** The hint that a run ended: it wakes the waits taken on that run only, once each, and is forwarded when a forwarder is set. */
import { afterEach, describe, expect, it } from 'vitest';
import { forwardRunEndHints, hintRunEnded, runEndHint } from '../../shared/domain/runs/run-end-hint.js';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

afterEach(() => forwardRunEndHints(undefined));

describe('run end hints', () => {
  it('wakes every wait on the run that ended, and no wait on another run', async () => {
    const first = runEndHint('run-a');
    const second = runEndHint('run-a');
    const other = runEndHint('run-b');
    hintRunEnded('run-a');
    expect(await settled(first.ended)).toBe(true);
    expect(await settled(second.ended)).toBe(true);
    expect(await settled(other.ended)).toBe(false);
    for (const hint of [first, second, other]) hint.cancel();
  });

  it('does not wake a wait that was cancelled, and a hint with no wait does nothing', async () => {
    const cancelled = runEndHint('run-c');
    cancelled.cancel();
    hintRunEnded('run-c');
    expect(await settled(cancelled.ended)).toBe(false);
    expect(() => hintRunEnded('run-nobody-waits-on')).not.toThrow();
  });

  it('forwards each hint while a forwarder is set, and wakes this thread’s waits as well', async () => {
    const forwarded: string[] = [];
    forwardRunEndHints((runId) => forwarded.push(runId));
    const here = runEndHint('run-d');
    hintRunEnded('run-d');
    forwardRunEndHints(undefined);
    hintRunEnded('run-e');
    expect(forwarded).toEqual(['run-d']);
    expect(await settled(here.ended)).toBe(true);
    here.cancel();
  });
});
