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
import { warmUpFanIn } from '../../shared/domain/runs/warm-up.js';

interface Job {
  id: number;
  event: SQSEvent;
}

// A run that ends here is waited on in the main thread (run-wait.ts): its hint goes there.
forwardRunEndHints((runId) => parentPort!.postMessage({ runEnded: runId }));

const { moduleUrl, warmUpScenario } = workerData as { moduleUrl: string; warmUpScenario?: string };
const module = (await import(moduleUrl)) as { handler: (event: SQSEvent) => Promise<SQSBatchResponse> };
if (warmUpScenario) warmUpFanIn(JSON.parse(readFileSync(warmUpScenario, 'utf8')));

parentPort!.on('message', async (job: Job) => {
  try {
    const response = await module.handler(job.event);
    parentPort!.postMessage({ id: job.id, response });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });
