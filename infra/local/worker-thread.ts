/**
 * Runs inside a worker thread of the local runtime: loads the batch handler module named in
 * `workerData` (the same module a worker Lambda runs) and answers each posted SQS event with the
 * handler's SQSBatchResponse. A thread started ahead of the first shard also runs a small fan-in of
 * the scenario named in `warmUpScenario` (the young-family example) first, so that its first real
 * fan-in does not compile the merge and output code as it goes (docs/PERFORMANCE.md, End to end).
 * The thread runs this module bundled with the handler (worker-bundle.ts).
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { forwardRunEndHints } from '../../shared/domain/runs/run-end-hint.js';
import { useDeliveryQueue } from '../../shared/domain/webhooks/delivery-queue.js';
import type { SendOptions } from '../../shared/queue/index.js';
import { warmUpFanIn } from '../../shared/domain/runs/warm-up.js';

interface Job {
  id: number;
  event: SQSEvent;
}

/** The main thread's answer to a queued webhook delivery (worker-pool.ts). */
interface SendAnswer {
  webhookSent: number;
  error?: string;
}

// A run that ends here is waited on in the main thread (run-wait.ts): its hint goes there.
forwardRunEndHints((runId) => parentPort!.postMessage({ runEnded: runId }));

// A run that ends here is an event: its deliveries go to the main thread's delivery queue, and a
// send resolves once that queue has taken them (or fails as a send to SQS would).
const sends = new Map<number, { resolve(): void; reject(error: Error): void }>();
let nextSend = 1;
useDeliveryQueue({
  queue: {
    send: (bodies: readonly string[], options?: SendOptions) =>
      new Promise<void>((resolve, reject) => {
        const id = nextSend++;
        sends.set(id, { resolve, reject });
        parentPort!.postMessage({ webhookSend: { id, bodies, options } });
      }),
  },
});

const { moduleUrl, warmUpScenario } = workerData as { moduleUrl: string; warmUpScenario?: string };
const module = (await import(moduleUrl)) as { handler: (event: SQSEvent) => Promise<SQSBatchResponse> };
if (warmUpScenario) warmUpFanIn(JSON.parse(readFileSync(warmUpScenario, 'utf8')));

parentPort!.on('message', async (message: Job | SendAnswer) => {
  if ('webhookSent' in message) {
    const send = sends.get(message.webhookSent);
    sends.delete(message.webhookSent);
    if (message.error === undefined) send?.resolve();
    else send?.reject(new Error(message.error));
    return;
  }
  const job = message;
  try {
    const response = await module.handler(job.event);
    parentPort!.postMessage({ id: job.id, response });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
