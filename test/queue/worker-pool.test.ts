/** The local worker pool: TypeScript handlers bundled into worker threads, errors, dead threads replaced, bundles cleaned up. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { WorkerPool } from '../../infra/local/worker-pool.js';

const pool = new WorkerPool(new URL('./fixtures/echo-handler.ts', import.meta.url), 2);
afterAll(() => pool.close());

const event = (...bodies: string[]): SQSEvent => ({
  Records: bodies.map((body, i) => ({
    messageId: `m${i}`,
    receiptHandle: `m${i}`,
    body,
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 't', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn',
    awsRegion: 'local',
  })),
});

describe('worker pool', () => {
  it('runs a TypeScript handler in worker threads and returns its batch response', async () => {
    const results = await Promise.all([pool.handle(event('ok', 'fail')), pool.handle(event('ok'))]);
    expect(results[0].batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(results[1].batchItemFailures).toEqual([]);
    const threads = new Set(results.map((r) => (r as unknown as { threadId: number }).threadId));
    expect(threads.size).toBe(2); // both batches ran at once, on different threads
  });

  it('starts every thread ahead of the first batch when asked (ready), instead of on demand', async () => {
    const eager = new WorkerPool(new URL('./fixtures/echo-handler.ts', import.meta.url), 2);
    try {
      expect(eager.started).toBe(0);
      await eager.ready();
      expect(eager.started).toBe(2);
      expect((await eager.handle(event('ok'))).batchItemFailures).toEqual([]);
      expect(eager.started).toBe(2);
    } finally {
      await eager.close();
    }
  });

  it('fails its start, instead of waiting forever, when a thread exits while loading its handler', async () => {
    const broken = new WorkerPool(new URL('./fixtures/exit-on-load-handler.ts', import.meta.url), 1);
    try {
      await expect(broken.ready()).rejects.toThrow(/exited/);
      // It is not started again and again: the next batch starts a thread of its own, which fails it.
      expect(broken.started).toBe(0);
      await expect(broken.handle(event('ok'))).rejects.toThrow(/exited/);
      expect(broken.started).toBe(0);
    } finally {
      await broken.close();
    }
  });

  it('turns a throwing handler into a rejected batch and replaces a thread that exits', async () => {
    await expect(pool.handle(event('throw'))).rejects.toThrow('handler threw');
    await expect(pool.handle(event('exit'))).rejects.toThrow(/exited/);
    const after = await Promise.all([pool.handle(event('ok')), pool.handle(event('ok'))]);
    expect(after.map((r) => r.batchItemFailures)).toEqual([[], []]);
  });

  it('removes the bundles a process left behind when it ended without closing its pool, and keeps a running process’s', async () => {
    const bundles = fileURLToPath(new URL('../../.tmp/local-workers/', import.meta.url));
    const ended = spawnSync(process.execPath, ['-e', '']).pid as number;
    const orphan = `${bundles}pool-${ended}-left`;
    const live = `${bundles}pool-${process.pid}-live`;
    mkdirSync(orphan, { recursive: true });
    mkdirSync(live, { recursive: true });
    const fresh = new WorkerPool(new URL('./fixtures/echo-handler.ts', import.meta.url), 1);
    try {
      expect((await fresh.handle(event('ok'))).batchItemFailures).toEqual([]);
      expect(existsSync(orphan)).toBe(false);
      expect(existsSync(live)).toBe(true);
    } finally {
      await fresh.close();
      rmSync(live, { recursive: true, force: true });
    }
  });
});
