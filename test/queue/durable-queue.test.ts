/**
 * The in-process queue with a store (the local runtime's): what one queue sent and did not settle
 * is delivered by the next queue on the same store, with its receive count and its delay kept,
 * and a settled message leaves nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessQueue, type SQSEvent } from '../../shared/queue/index.js';
import { ensureLocalQueueTable, storedQueueMessages } from '../../shared/store/queue-messages.js';
import { startStore } from '../runs/store-fixture.js';

let store: { close(): Promise<void> };
beforeAll(async () => {
  store = await startStore();
  await ensureLocalQueueTable();
});
afterAll(() => store?.close());

interface Delivery {
  body: string;
  receiveCount: number;
  at: number;
}

function collectingQueue(name: string, deliveries: Delivery[], hang = false): InProcessQueue {
  return new InProcessQueue({
    concurrency: 4,
    store: storedQueueMessages(name),
    consumer: async (event: SQSEvent) => {
      for (const record of event.Records) {
        deliveries.push({ body: record.body, receiveCount: Number(record.attributes.ApproximateReceiveCount), at: Date.now() });
      }
      // A delivery that never ends: its process is killed in the middle of it.
      if (hang) await new Promise(() => undefined);
      return { batchItemFailures: [] };
    },
  });
}

describe('a durable in-process queue', () => {
  it('hands what a stopped queue left (waiting, delayed, or in a delivery cut short) to the next one', async () => {
    const first: Delivery[] = [];
    const stopped = collectingQueue('test-restore', first, true);
    await stopped.send(['cut-short']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.map((d) => [d.body, d.receiveCount])).toEqual([['cut-short', 1]]);
    stopped.pause();
    await stopped.send(['waiting-1', 'waiting-2']);
    const sentAt = Date.now();
    await stopped.send(['delayed'], { delaySeconds: 1 });
    stopped.close();

    const next: Delivery[] = [];
    const restarted = collectingQueue('test-restore', next);
    expect((await restarted.restore()).sort()).toEqual(['cut-short', 'delayed', 'waiting-1', 'waiting-2']);
    await restarted.idle();
    const byBody = Object.fromEntries(next.map((d) => [d.body, d]));
    expect(Object.keys(byBody).sort()).toEqual(['cut-short', 'delayed', 'waiting-1', 'waiting-2']);
    expect(byBody['cut-short'].receiveCount).toBe(2);
    expect(byBody['waiting-1'].receiveCount).toBe(1);
    expect(byBody.delayed.at - sentAt).toBeGreaterThanOrEqual(1000);
    expect(await storedQueueMessages('test-restore').list()).toEqual([]);
    restarted.close();
  });

  it('keeps each queue’s messages apart', async () => {
    const a = collectingQueue('test-a', []);
    a.pause();
    await a.send(['for-a']);
    a.close();
    expect(await storedQueueMessages('test-b').list()).toEqual([]);
    expect((await storedQueueMessages('test-a').list()).map((m) => m.body)).toEqual(['for-a']);
  });
});
