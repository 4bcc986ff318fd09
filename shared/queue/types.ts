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
  /**
   * Enqueues message bodies (JSON strings, of any kind the consumer reads); resolves once every
   * one is accepted by the queue (and, for a durable queue, stored). `delaySeconds` (at most 900,
   * as SQS's DelaySeconds) holds them back that long before their first delivery.
   */
  send(bodies: readonly string[], options?: SendOptions): Promise<void>;
}

/** A queue message as a durable queue stores it (times in epoch milliseconds). */
export interface DurableMessage {
  /** The message's own key, unique and ordered by sending. */
  key: string;
  /** What the consumer sees as the message id (a duplicate delivery shares it). */
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** Not delivered before this time (a delayed send or a delayed retry). */
  visibleAt: number;
}

/**
 * Where a durable queue keeps its messages (the local runtime: a table of the embedded store), so
 * that a restarted process delivers what its predecessor had not finished.
 */
export interface MessageStore {
  /** Every stored message, in the order they were sent. */
  list(): Promise<DurableMessage[]>;
  put(messages: readonly DurableMessage[]): Promise<void>;
  /** Records a receive or a delay (receiveCount, firstReceivedAt, visibleAt) of a message still stored. */
  update(message: DurableMessage): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * The consumer contract: a batch handler that reports the records it could not process in
 * `batchItemFailures` (by `messageId`); those are redelivered, the rest are deleted. A handler
 * that throws fails the whole batch.
 */
export type BatchHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

export type { SQSEvent, SQSBatchResponse, SQSRecord } from 'aws-lambda';
