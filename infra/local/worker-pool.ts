/**
 * A pool of worker threads (one per core by default) running an SQS batch handler module: the
 * local stand-in for a fleet of worker Lambdas. Threads load TypeScript through tsx's API, so the
 * pool works the same under `tsx` (npm start), under vitest and from compiled JavaScript.
 * Threads start on demand (a runtime that never runs a shard never pays for them); a thread that
 * dies is replaced, and the batch it held fails (the queue redelivers it). A thread's hint that a
 * run ended (run-end-hint.ts) wakes the main thread's reads waiting on that run.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { hintRunEnded } from '../../shared/domain/runs/run-end-hint.js';

interface Pending {
  resolve(response: SQSBatchResponse): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
  pending?: { id: number } & Pending;
}

/** A data: URL module that registers tsx's loader in the thread, then imports the thread's entry. */
function bootstrapUrl(entry: URL): URL {
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const source =
    `import { tsImport } from ${JSON.stringify(tsxApi)};\n` +
    `await tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Array<() => void> = [];
  private nextId = 1;
  private closed = false;

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
        slot.worker.postMessage({ id, event });
      });
    } finally {
      slot.pending = undefined;
      slot.busy = false;
      this.waiting.shift()?.();
    }
  };

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
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
    const worker = new Worker(bootstrapUrl(new URL('./worker-thread.ts', import.meta.url)), {
      workerData: { moduleUrl: this.handlerModule.href, warmUp },
      execArgv: [],
    });
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const slot: Slot = {
      worker,
      busy: false,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failReady = reject;
      }),
    };
    slot.ready.catch(() => undefined);
    worker.on('message', (message: { ready?: true; runEnded?: string; id?: number; response?: SQSBatchResponse; error?: string }) => {
      if (message.ready) return markReady();
      if (message.runEnded !== undefined) return hintRunEnded(message.runEnded);
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
      slot.pending?.reject(new Error('worker thread exited'));
      if (this.closed) return;
      // Replace the dead thread in place.
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.spawn();
      this.waiting.shift()?.();
    });
    worker.unref();
    return slot;
  }
}
