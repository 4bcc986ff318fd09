/**
 * The in-process queue of the local runtime. It keeps SQS's delivery semantics so that local
 * behaviour matches the cloud's:
 * - at-least-once: a message is deleted only when its handler reports success; a failed record,
 *   a batch whose handler threw, or a delivery that outlives the visibility timeout is delivered
 *   again (the last one possibly while the first delivery is still running, as on SQS);
 * - `maxReceiveCount`: a message received that many times without success moves to the
 *   dead-letter list, and the dead-letter handler (if any) is told about it;
 * - batches of up to `batchSize` records, at most `concurrency` batches in flight.
 * Messages live in memory only: a restart loses them, and the runs they belonged to are caught by
 * the staleness check (see docs/RUNS.md).
 */
import { createHash, randomUUID } from 'node:crypto';
import { type Clock, systemClock } from './clock.js';
import type { BatchHandler, SendOptions, SQSEvent, SQSRecord, ShardQueue } from './types.js';

/** A test-only fault for one delivery: faults no real handler can be made to cause on demand. */
export type DeliveryFault =
  /** the delivery is lost before the handler sees it (a crashed worker) */
  | 'fail-before'
  /** the handler runs, but its success is lost (the delete never happened): redelivered */
  | 'fail-after'
  /** the message is delivered twice (SQS's at-least-once duplicate) */
  | 'duplicate';

export type FaultInjector = (delivery: {
  messageId: string;
  body: string;
  receiveCount: number;
  isDuplicate: boolean;
}) => DeliveryFault | undefined;

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
}

export interface InProcessQueueOptions {
  consumer: BatchHandler;
  concurrency: number;
  batchSize?: number;
  /** How long a received message stays invisible; a delivery still running then is delivered again. */
  visibilityTimeoutMs?: number;
  /** How soon a message whose delivery failed becomes visible again (SQS: the rest of its visibility timeout). */
  retryDelayMs?: number;
  maxReceiveCount?: number;
  /** Called with messages that exhausted `maxReceiveCount` (the cloud's DLQ consumer). */
  onDeadLetter?: (messages: DeadLetter[]) => Promise<void>;
  faults?: FaultInjector;
  queueName?: string;
  /** What a message's delay is measured by (a test moves its own clock). */
  clock?: Clock;
}

interface StoredMessage {
  /** Internal key: a duplicate shares its original's messageId, as SQS duplicates do. */
  key: string;
  messageId: string;
  body: string;
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  isDuplicate: boolean;
  /** Increments on each receive; a settlement for an older receipt is ignored. */
  receipt: number;
}

export class InProcessQueue implements ShardQueue {
  readonly deadLetters: DeadLetter[] = [];
  private readonly messages = new Map<string, StoredMessage>();
  private readonly ready: StoredMessage[] = [];
  private inFlight = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: Array<() => void> = [];
  private closed = false;
  private paused = false;
  private readonly delayed = new Set<() => void>();
  private readonly options: Required<Omit<InProcessQueueOptions, 'onDeadLetter' | 'faults'>> &
    Pick<InProcessQueueOptions, 'onDeadLetter' | 'faults'>;

  constructor(options: InProcessQueueOptions) {
    this.options = {
      batchSize: 1,
      visibilityTimeoutMs: 15 * 60_000,
      retryDelayMs: 1_000,
      maxReceiveCount: 3,
      queueName: 'shards',
      clock: systemClock,
      ...options,
    };
  }

  /** Holds deliveries back until `resume` (tests only: keeps a run in flight on demand). */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  /** Replaces the fault injector (tests only). */
  setFaults(faults: FaultInjector | undefined): void {
    this.options.faults = faults;
  }

  async send(bodies: readonly string[], options: SendOptions = {}): Promise<void> {
    if (this.closed) throw new Error('queue is closed');
    const delayMs = (options.delaySeconds ?? 0) * 1000;
    for (const body of bodies) this.enqueue({ messageId: randomUUID(), body, isDuplicate: false }, delayMs);
    this.pump();
  }

  /** Messages not yet deleted (waiting, in flight or waiting to be retried). */
  get size(): number {
    return this.messages.size;
  }

  /** Resolves when no message is waiting or in flight. */
  idle(): Promise<void> {
    if (this.messages.size === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const cancel of this.delayed) cancel();
    this.delayed.clear();
    this.ready.length = 0;
    this.messages.clear();
    this.notifyIdle();
  }

  private enqueue(init: { messageId: string; body: string; isDuplicate: boolean }, delayMs = 0): void {
    const message: StoredMessage = { ...init, key: randomUUID(), sentAt: Date.now(), receiveCount: 0, receipt: 0 };
    this.messages.set(message.key, message);
    if (delayMs <= 0) {
      this.ready.push(message);
      return;
    }
    // A delayed message is stored (the queue is not idle) but invisible until its delay has passed.
    const cancel = this.options.clock.after(delayMs, () => {
      this.delayed.delete(cancel);
      if (this.closed || !this.isStored(message)) return;
      this.ready.push(message);
      this.pump();
    });
    this.delayed.add(cancel);
  }

  private pump(): void {
    while (!this.closed && !this.paused && this.inFlight < this.options.concurrency && this.ready.length > 0) {
      const batch = this.ready.splice(0, this.options.batchSize);
      this.inFlight += 1;
      void this.deliver(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
        this.notifyIdle();
      });
    }
  }

  private async deliver(batch: StoredMessage[]): Promise<void> {
    const now = Date.now();
    const receipts = new Map<StoredMessage, number>();
    const toHandler: StoredMessage[] = [];
    const failedBefore: StoredMessage[] = [];
    const failedAfter = new Set<StoredMessage>();
    for (const message of batch) {
      message.receiveCount += 1;
      message.receipt += 1;
      message.firstReceivedAt ??= now;
      receipts.set(message, message.receipt);
      this.armVisibilityTimeout(message, message.receipt);
      const fault = this.options.faults?.({
        messageId: message.messageId,
        body: message.body,
        receiveCount: message.receiveCount,
        isDuplicate: message.isDuplicate,
      });
      if (fault === 'duplicate') this.enqueue({ messageId: message.messageId, body: message.body, isDuplicate: true });
      if (fault === 'fail-before') failedBefore.push(message);
      else toHandler.push(message);
      if (fault === 'fail-after') failedAfter.add(message);
    }

    let failedIds = new Set<string>();
    if (toHandler.length > 0) {
      try {
        const response = await this.options.consumer(this.toEvent(toHandler));
        failedIds = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      } catch {
        failedIds = new Set(toHandler.map((message) => message.messageId));
      }
    }
    for (const message of batch) {
      if (receipts.get(message) !== message.receipt) continue; // redelivered meanwhile: that delivery settles it
      const failed = failedBefore.includes(message) || failedAfter.has(message) || failedIds.has(message.messageId);
      if (failed) await this.settleFailure(message);
      else this.remove(message);
    }
  }

  private armVisibilityTimeout(message: StoredMessage, receipt: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (message.receipt !== receipt || !this.isStored(message)) return;
      // The delivery outlived its visibility: SQS makes the message visible again.
      message.receipt += 1;
      void this.settleFailure(message);
    }, this.options.visibilityTimeoutMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async settleFailure(message: StoredMessage): Promise<void> {
    if (message.receiveCount >= this.options.maxReceiveCount) {
      this.remove(message);
      const letter = { messageId: message.messageId, body: message.body, receiveCount: message.receiveCount };
      this.deadLetters.push(letter);
      try {
        await this.options.onDeadLetter?.([letter]);
      } catch (error) {
        // The dead-letter list keeps the message either way; the staleness sweep is the backstop.
        console.error(JSON.stringify({ level: 'error', msg: 'dead-letter handler failed', error: String(error) }));
      }
      return;
    }
    const receipt = message.receipt;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (message.receipt !== receipt || !this.isStored(message) || this.closed) return;
      this.ready.push(message);
      this.pump();
    }, this.options.retryDelayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private isStored(message: StoredMessage): boolean {
    return this.messages.get(message.key) === message;
  }

  private remove(message: StoredMessage): void {
    message.receipt += 1; // disarms its visibility timer
    this.messages.delete(message.key);
  }

  private notifyIdle(): void {
    if (this.messages.size > 0 || this.inFlight > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private toEvent(messages: StoredMessage[]): SQSEvent {
    const arn = `arn:aws:sqs:local:000000000000:${this.options.queueName}`;
    return {
      Records: messages.map(
        (message): SQSRecord => ({
          messageId: message.messageId,
          receiptHandle: `${message.messageId}:${message.receipt}`,
          body: message.body,
          attributes: {
            ApproximateReceiveCount: String(message.receiveCount),
            SentTimestamp: String(message.sentAt),
            SenderId: 'local',
            ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
          },
          messageAttributes: {},
          md5OfBody: createHash('md5').update(message.body).digest('hex'),
          eventSource: 'aws:sqs',
          eventSourceARN: arn,
          awsRegion: 'local',
        }),
      ),
    };
  }
}
