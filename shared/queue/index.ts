/**
 * The process's shard queue. The cloud default is SQS (SHARD_QUEUE_URL); the local runtime
 * installs its in-process queue at start-up with `setShardQueue`, the only place the choice is made.
 */
import { sqsShardQueueFromEnv } from './sqs-queue.js';
import type { ShardQueue } from './types.js';

let current: ShardQueue | undefined;

export function setShardQueue(queue: ShardQueue | undefined): void {
  current = queue;
}

export function shardQueue(): ShardQueue {
  current ??= sqsShardQueueFromEnv();
  return current;
}

export type {
  ShardQueue,
  SendOptions,
  DurableMessage,
  MessageStore,
  BatchHandler,
  SQSEvent,
  SQSBatchResponse,
  SQSRecord,
} from './types.js';
export { maxDelaySeconds } from './types.js';
export { type Clock, systemClock } from './clock.js';
export { SqsShardQueue, sqsShardQueueFromEnv } from './sqs-queue.js';
export { InProcessQueue } from './in-process-queue.js';
export type { InProcessQueueOptions, DeliveryFault, FaultInjector, DeadLetter } from './in-process-queue.js';
export { pollSqsOnce } from './sqs-poller.js';
