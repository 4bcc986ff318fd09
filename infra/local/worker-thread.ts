/**
 * Runs inside a worker thread of the local runtime: loads the batch handler module named in
 * `workerData` (the same module a worker Lambda runs) and answers each posted SQS event with the
 * handler's SQSBatchResponse.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

interface Job {
  id: number;
  event: SQSEvent;
}

const { moduleUrl } = workerData as { moduleUrl: string };
const module = (await import(moduleUrl)) as { handler: (event: SQSEvent) => Promise<SQSBatchResponse> };

parentPort!.on('message', async (job: Job) => {
  try {
    const response = await module.handler(job.event);
    parentPort!.postMessage({ id: job.id, response });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
