/**
 * The local runtime's shard queue: an in-process queue (SQS semantics: at-least-once delivery,
 * visibility timeout, maxReceiveCount, dead-letter list) feeding a pool of worker threads that run
 * the same shard-worker handler as the cloud's worker Lambdas. Its messages are kept in the
 * embedded store (shared/store/queue-messages.ts), so a restarted runtime delivers the shards a
 * stopped or killed one had not finished, and their runs complete. Installed as the process's
 * shard queue at start-up; the dead-letter consumer runs in the main thread.
 */
import { availableParallelism } from 'node:os';
import { failInterruptedRuns } from '../../shared/domain/runs/end-run.js';
import { decodeShardMessage } from '../../shared/domain/runs/shard-message.js';
import { log } from '../../shared/log/logger.js';
import { InProcessQueue, setShardQueue } from '../../shared/queue/index.js';
import { ensureLocalQueueTable, storedQueueMessages } from '../../shared/store/queue-messages.js';
import { handler as deadLetterHandler } from '../../functions/workers/shard-dead-letter.js';
import type { LocalPlugin } from './local-plugin.js';
import { WorkerPool } from './worker-pool.js';

/** Path-years a shard locally (the cloud default, 1,000,000, suits many parallel Lambdas). */
const LOCAL_SHARD_PATH_YEARS = 5_000_000;

export const INTERRUPTED_REASON = 'the local service stopped before the run’s shards were queued; start the run again';

let active: InProcessQueue | undefined;
let activePool: WorkerPool | undefined;

/** The running local shard queue (tests use it to inject delivery faults). */
export function localShardQueue(): InProcessQueue | undefined {
  return active;
}

/**
 * Starts every worker thread of the running queue now, ahead of the first shard, and resolves once
 * each has loaded the worker module (about a second of CPU per thread under tsx) and run a small
 * fan-in to compile its code (0.1 to 0.25 s; it took 40 ms off a worker's first merge and output
 * of a 10,000-path run, median of 7 on Node.js 24). The pool starts
 * threads on demand otherwise, so a runtime that never runs a shard (most tests) never pays for
 * them; a long-running service (`npm start`) warms them at start-up, as a deployment keeps warm
 * function instances, so its first run does not wait for them.
 */
export async function warmShardWorkers(): Promise<void> {
  await activePool?.ready();
}

/** The run a stored shard message belongs to ('' for a body that is not a shard message). */
function runIdOf(body: string): string {
  try {
    return decodeShardMessage(body).runId;
  } catch {
    return '';
  }
}

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const shardQueuePlugin: LocalPlugin = {
  name: 'shard-queue',
  async start() {
    const startedAt = new Date();
    await ensureLocalQueueTable();
    const pool = new WorkerPool(
      new URL('../../functions/workers/shard-worker.ts', import.meta.url),
      envInt('LOCAL_WORKERS', availableParallelism()),
    );
    // Queued runs split into a multiple of the worker count, so their shards spread evenly.
    process.env.SHARD_MIN_COUNT ??= String(pool.size);
    // One machine never runs more shards at once than it has worker threads, so shards beyond
    // that only add their fixed cost (compress, store, join, read back at the merge). Locally a
    // shard may therefore be five times the cloud's default size: up to 100,000 paths of a
    // typical scenario run as one shard per thread.
    process.env.SHARD_PATH_YEARS ??= String(LOCAL_SHARD_PATH_YEARS);
    const queue = new InProcessQueue({
      consumer: pool.handle,
      concurrency: pool.size,
      batchSize: 1,
      visibilityTimeoutMs: envInt('SHARD_VISIBILITY_TIMEOUT_SECONDS', 900) * 1000,
      retryDelayMs: envInt('SHARD_RETRY_DELAY_MS', 1000),
      maxReceiveCount: envInt('SHARD_MAX_RECEIVES', 3),
      store: storedQueueMessages('shards'),
      onDeadLetter: async (letters) => {
        await deadLetterHandler({
          Records: letters.map((letter) => ({
            messageId: letter.messageId,
            receiptHandle: letter.messageId,
            body: letter.body,
            attributes: {
              ApproximateReceiveCount: String(letter.receiveCount),
              SentTimestamp: '0',
              SenderId: 'local',
              ApproximateFirstReceiveTimestamp: '0',
            },
            messageAttributes: {},
            md5OfBody: '',
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:local:000000000000:shards-dlq',
            awsRegion: 'local',
          })),
        });
      },
    });
    active = queue;
    activePool = pool;
    setShardQueue(queue);
    // The shards a previous process left in the store are delivered again; a run of its that has
    // none there (it stopped between writing the run and queuing its shards) can never finish, so
    // it is ended now, with the reason, rather than when it goes stale.
    const resuming = new Set((await queue.restore()).map(runIdOf));
    if (resuming.size > 0) log('info', 'runs resumed after a restart', { runs: [...resuming] });
    const interrupted = await failInterruptedRuns(startedAt, INTERRUPTED_REASON, (ref) => resuming.has(ref.runId));
    if (interrupted.length > 0) log('warn', 'runs interrupted by a restart marked FAILED', { runs: interrupted.map((ref) => ref.runId) });
    return {
      async stop() {
        queue.close();
        if (active === queue) active = undefined;
        if (activePool === pool) activePool = undefined;
        setShardQueue(undefined);
        await pool.close();
      },
    };
  },
};
