/**
 * The in-process queue of the local runtime. It keeps SQS's delivery semantics so that local
 * behaviour matches the cloud's:
 * - at-least-once: a message is deleted only when its handler reports success; a failed record,
 *   a batch whose handler threw, or a delivery that outlives the visibility timeout is delivered
 *   again (the last one possibly while the first delivery is still running, as on SQS);
 * - `maxReceiveCount`: a message received that many times without success moves to the
 *   dead-letter list, and the dead-letter handler (if any) is told about it;
 * - batches of up to `batchSize` records, at most `concurrency` batches in flight;
 * - `send` may delay messages (SQS's DelaySeconds), and a failed delivery is retried after
 *   `retryDelayMs`.
 * With a `store` (the local runtime's), the queue is durable: every message is stored before
 * `send` resolves, its receives and delays are recorded, and it is removed only once settled, so
 * `restore` in a new process delivers again whatever a killed one had not finished, as SQS
 * redelivers a message whose consumer died. Without one, messages live in memory only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import { type Clock, systemClock } from './clock.js';
import {
  type BatchHandler,
  type DurableMessage,
  type MessageStore,
  maxDelaySeconds,
  type SQSEvent,
  type SQSRecord,
  type SendOptions,
  type ShardQueue,
} from './types.js';

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
  /** Where the messages are kept across restarts; without one they live in memory only. */
  store?: MessageStore;
  /** What a sent message's delay is measured by (a test moves its own clock); retries and visibility run on real time. */
  clock?: Clock;
}

/** A message's key (a duplicate's too: it shares its original's messageId, as SQS duplicates do). */
const nextKey = monotonicFactory();

interface StoredMessage extends DurableMessage {
  isDuplicate: boolean;
  /** Increments on each receive; a settlement for an older receipt is ignored. */
  receipt: number;
}

const durable = ({ isDuplicate: _d, receipt: _r, ...message }: StoredMessage): DurableMessage => message;

function logStoreFailure(what: string, error: unknown): void {
  console.error(JSON.stringify({ level: 'error', msg: `queue store: ${what} failed`, error: String(error) }));
}

export class InProcessQueue implements ShardQueue {
  readonly deadLetters: DeadLetter[] = [];
  private readonly messages = new Map<string, StoredMessage>();
  private readonly ready: StoredMessage[] = [];
  private inFlight = 0;
  /** Cancels every pending delay and visibility timeout (on close). */
  private readonly timers = new Set<() => void>();
  private idleWaiters: Array<() => void> = [];
  private closed = false;
  private paused = false;
  private readonly options: Required<Omit<InProcessQueueOptions, 'onDeadLetter' | 'faults' | 'store'>> &
    Pick<InProcessQueueOptions, 'onDeadLetter' | 'faults' | 'store'>;

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
    const now = this.options.clock.now().getTime();
    const visibleAt = now + 1000 * Math.min(maxDelaySeconds, Math.max(0, options.delaySeconds ?? 0));
    const messages = bodies.map((body) => this.message({ messageId: randomUUID(), body, isDuplicate: false }, now, visibleAt));
    await this.options.store?.put(messages.map(durable));
    if (this.closed) return; // stored: the next start delivers them
    for (const message of messages) this.enqueue(message);
    this.pump();
  }

  /**
   * Takes up the messages the store holds that this queue does not (those a previous process left:
   * waiting, delayed, or in a delivery that died with it), and returns their bodies. Each keeps its
   * receive count; one whose delivery died is visible at once, as the previous process is gone.
   */
  async restore(): Promise<string[]> {
    const stored = (await this.options.store?.list()) ?? [];
    const taken = stored.filter((message) => !this.messages.has(message.key));
    for (const message of taken) this.enqueue({ ...message, isDuplicate: false, receipt: 0 });
    this.pump();
    return taken.map((message) => message.body);
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

  /** Stops delivering. A durable queue's stored messages stay in its store for the next start. */
  close(): void {
    this.closed = true;
    for (const cancel of this.timers) cancel();
    this.timers.clear();
    this.ready.length = 0;
    this.messages.clear();
    this.notifyIdle();
  }

  private message(init: { messageId: string; body: string; isDuplicate: boolean }, now = Date.now(), visibleAt = now): StoredMessage {
    return { ...init, key: nextKey(now), sentAt: now, visibleAt, receiveCount: 0, receipt: 0 };
  }

  private enqueue(message: StoredMessage): void {
    this.messages.set(message.key, message);
    this.showAt(message, message.visibleAt, this.options.clock);
  }

  /** Makes the message deliverable at `at` on `clock` (now, or once a delay has passed). */
  private showAt(message: StoredMessage, at: number, clock: Clock = systemClock): void {
    const wait = at - clock.now().getTime();
    if (wait <= 0) {
      this.ready.push(message);
      return;
    }
    const receipt = message.receipt;
    const cancel = clock.after(wait, () => {
      this.timers.delete(cancel);
      if (message.receipt !== receipt || !this.isStored(message) || this.closed) return;
      this.ready.push(message);
      this.pump();
    });
    this.timers.add(cancel);
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
      if (fault === 'duplicate') this.enqueue(this.message({ messageId: message.messageId, body: message.body, isDuplicate: true }));
      if (fault === 'fail-before') failedBefore.push(message);
      else toHandler.push(message);
      if (fault === 'fail-after') failedAfter.add(message);
    }
    // Recorded before the handler runs, so a delivery a crash cuts short still counts (as on SQS).
    await this.record(batch.filter((message) => !message.isDuplicate));

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
      // A stopping queue settles nothing: what it has not deleted waits in the store for the next start.
      if (this.closed) return;
      if (receipts.get(message) !== message.receipt) continue; // redelivered meanwhile: that delivery settles it
      const failed = failedBefore.includes(message) || failedAfter.has(message) || failedIds.has(message.messageId);
      if (failed) await this.settleFailure(message);
      else await this.remove(message);
    }
  }

  private async record(messages: StoredMessage[]): Promise<void> {
    const store = this.options.store;
    if (!store || messages.length === 0) return;
    await Promise.all(messages.map((message) => store.update(durable(message)).catch((error) => logStoreFailure('update', error))));
  }

  private armVisibilityTimeout(message: StoredMessage, receipt: number): void {
    const cancel = systemClock.after(this.options.visibilityTimeoutMs, () => {
      this.timers.delete(cancel);
      if (message.receipt !== receipt || !this.isStored(message)) return;
      // The delivery outlived its visibility: SQS makes the message visible again.
      message.receipt += 1;
      void this.settleFailure(message);
    });
    this.timers.add(cancel);
  }

  private async settleFailure(message: StoredMessage): Promise<void> {
    if (message.receiveCount >= this.options.maxReceiveCount) {
      this.forget(message);
      const letter = { messageId: message.messageId, body: message.body, receiveCount: message.receiveCount };
      this.deadLetters.push(letter);
      try {
        await this.options.onDeadLetter?.([letter]);
      } catch (error) {
        // The dead-letter list keeps the message either way; the staleness sweep is the backstop.
        console.error(JSON.stringify({ level: 'error', msg: 'dead-letter handler failed', error: String(error) }));
      }
      // Deleted from the store only once its dead-letter handler has run: a crash before is a redelivery.
      await this.unstore(message);
      return;
    }
    message.visibleAt = Date.now() + this.options.retryDelayMs;
    if (!message.isDuplicate) await this.record([message]);
    this.showAt(message, message.visibleAt);
  }

  private isStored(message: StoredMessage): boolean {
    return this.messages.get(message.key) === message;
  }

  private async remove(message: StoredMessage): Promise<void> {
    this.forget(message);
    await this.unstore(message);
  }

  private forget(message: StoredMessage): void {
    message.receipt += 1; // disarms its visibility timer
    this.messages.delete(message.key);
  }

  private async unstore(message: StoredMessage): Promise<void> {
    if (message.isDuplicate) return;
    await this.options.store?.remove(message.key).catch((error) => logStoreFailure('delete', error));
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
