/**
 * The shard queue: one interface, two adapters (Amazon SQS in the cloud, an in-process queue
 * feeding worker threads locally). Producers only send; consumers are SQS batch handlers, so the
 * same worker code runs behind a Lambda event source and behind the local queue.
 */
import type { SQSEvent, SQSBatchResponse } from 'aws-lambda';

export interface SendOptions {
  /** Seconds before the messages become visible (SQS allows 0 to 900). */
  delaySeconds?: number;
}

/** The largest delay SQS takes on a message; longer waits are made of several. */
export const maxDelaySeconds = 900;

export interface ShardQueue {
  /** Enqueues message bodies (JSON strings); resolves once every one is accepted by the queue. */
  send(bodies: readonly string[], options?: SendOptions): Promise<void>;
}

/**
 * The consumer contract: a batch handler that reports the records it could not process in
 * `batchItemFailures` (by `messageId`); those are redelivered, the rest are deleted. A handler
 * that throws fails the whole batch.
 */
export type BatchHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

export type { SQSEvent, SQSBatchResponse, SQSRecord } from 'aws-lambda';
