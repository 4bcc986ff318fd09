/**
 * A pool of worker threads (one per core by default) running an SQS batch handler module: the
 * local stand-in for a fleet of worker Lambdas. The threads run the thread entry and the handler
 * bundled as the functions are (worker-bundle.ts), so the pool works the same under `tsx`
 * (npm start), under vitest and from compiled JavaScript, and runs the engine at the deployed
 * code's speed. Threads start on demand (a runtime that never runs a shard never pays for them,
 * nor for the bundle); a thread that dies is replaced, and the batch it held fails (the queue
 * redelivers it). A thread's hint that a run ended (run-end-hint.ts) wakes the main thread's reads
 * waiting on that run.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { hintRunEnded } from '../../shared/domain/runs/run-end-hint.js';
import { deliveryQueue } from '../../shared/domain/webhooks/delivery-queue.js';
import type { SendOptions } from '../../shared/queue/index.js';
import { bundleWorker, type WorkerBundle } from './worker-bundle.js';

interface Pending {
  resolve(response: SQSBatchResponse): void;
  reject(error: Error): void;
}

interface Slot {
  /** Set once the bundle is built and the thread created; `ready` resolves after. */
  worker?: Worker;
  ready: Promise<void>;
  busy: boolean;
  pending?: { id: number } & Pending;
}

/** The scenario a warming thread runs a small fan-in of (worker-thread.ts). */
const WARM_UP_SCENARIO = fileURLToPath(new URL('../../examples/young-family-mortgage.json', import.meta.url));

/** What a thread posts: it is ready, a run ended, webhook deliveries to queue, or a batch's answer. */
interface ThreadMessage {
  ready?: true;
  runEnded?: string;
  webhookSend?: { id: number; bodies: string[]; options?: SendOptions };
  id?: number;
  response?: SQSBatchResponse;
  error?: string;
}

/** Queues a thread's webhook deliveries on the main thread's queue, and tells the thread how it went. */
async function forwardDeliveries(worker: Worker, send: NonNullable<ThreadMessage['webhookSend']>): Promise<void> {
  try {
    await deliveryQueue().send(send.bodies, send.options);
    worker.postMessage({ webhookSent: send.id });
  } catch (error) {
    worker.postMessage({ webhookSent: send.id, error: error instanceof Error ? error.message : String(error) });
  }
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Array<() => void> = [];
  private nextId = 1;
  private closed = false;
  private bundle: Promise<WorkerBundle> | undefined;

  constructor(
    private readonly handlerModule: URL,
    readonly size = availableParallelism(),
  ) {}

  /** Threads started so far (alive or starting). */
  get started(): number {
    return this.slots.length;
  }

  /**
   * Starts every thread now and waits until each has loaded the handler (start-up errors surface
   * here), and warmed up its fan-in (worker-thread.ts).
   */
  async ready(): Promise<void> {
    while (this.slots.length < this.size) this.slots.push(this.spawn(true));
    await Promise.all(this.slots.map((slot) => slot.ready));
  }

  /** The consumer side of the queue: runs one batch on a free thread. */
  readonly handle = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const slot = await this.acquire();
    try {
      await slot.ready;
      return await new Promise<SQSBatchResponse>((resolve, reject) => {
        const id = this.nextId++;
        slot.pending = { id, resolve, reject };
        slot.worker!.postMessage({ id, event });
      });
    } finally {
      slot.pending = undefined;
      slot.busy = false;
      this.waiting.shift()?.();
    }
  };

  async close(): Promise<void> {
    this.closed = true;
    // A thread waiting for the bundle is not created once the pool is closed (startThread).
    const bundle = await this.bundle?.catch(() => undefined);
    await Promise.all(this.slots.map((slot) => slot.worker?.terminate()));
    bundle?.remove();
  }

  /** The bundle every thread runs, built once, when the first thread starts. */
  private files(): Promise<WorkerBundle> {
    this.bundle ??= bundleWorker(this.handlerModule);
    return this.bundle;
  }

  private async acquire(): Promise<Slot> {
    for (;;) {
      if (this.closed) throw new Error('worker pool is closed');
      const free = this.slots.find((slot) => !slot.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      if (this.slots.length < this.size) {
        const started = this.spawn();
        this.slots.push(started);
        started.busy = true;
        return started;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private spawn(warmUp = false): Slot {
    const slot: Slot = { busy: false, ready: Promise.resolve() };
    slot.ready = this.files().then((files) => this.startThread(slot, files, warmUp));
    slot.ready.catch(() => undefined);
    return slot;
  }

  /** Creates slot's thread on the bundle; resolves once it has loaded the handler (and warmed up). */
  private startThread(slot: Slot, files: WorkerBundle, warmUp: boolean): Promise<void> {
    if (this.closed) return Promise.reject(new Error('worker pool is closed'));
    return new Promise<void>((markReady, failReady) => {
      const worker = new Worker(files.thread, {
        workerData: { moduleUrl: files.handler.href, warmUpScenario: warmUp ? WARM_UP_SCENARIO : undefined },
        execArgv: [],
      });
      slot.worker = worker;
      let loaded = false;
      worker.on('message', (message: ThreadMessage) => {
        if (message.ready) {
          loaded = true;
          return markReady();
        }
        if (message.runEnded !== undefined) return hintRunEnded(message.runEnded);
        if (message.webhookSend) return void forwardDeliveries(worker, message.webhookSend);
        if (slot.pending && message.id === slot.pending.id) {
          if (message.error !== undefined) slot.pending.reject(new Error(message.error));
          else slot.pending.resolve(message.response ?? { batchItemFailures: [] });
        }
      });
      worker.on('error', (error) => {
        failReady(error);
        slot.pending?.reject(error);
      });
      worker.on('exit', () => {
        // A thread that exits while loading fails its start (after a start, this changes nothing).
        failReady(new Error('worker thread exited'));
        slot.pending?.reject(new Error('worker thread exited'));
        if (this.closed) return;
        // Replace a dead thread in place; one that died loading its handler would die again, so its
        // slot is dropped instead, and the next batch starts a thread of its own (on demand).
        const index = this.slots.indexOf(slot);
        if (index >= 0 && loaded) this.slots[index] = this.spawn();
        else if (index >= 0) this.slots.splice(index, 1);
        this.waiting.shift()?.();
      });
      worker.unref();
    });
  }
}
