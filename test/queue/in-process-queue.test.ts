import { describe, expect, it } from 'vitest';
import { InProcessQueue, type BatchHandler, type SQSRecord } from '../../shared/queue/index.js';

function recorder(fail: (record: SQSRecord) => boolean = () => false) {
  const seen: Array<{ body: string; receiveCount: number }> = [];
  const consumer: BatchHandler = async (event) => {
    for (const record of event.Records) {
      seen.push({ body: record.body, receiveCount: Number(record.attributes.ApproximateReceiveCount) });
    }
    return { batchItemFailures: event.Records.filter(fail).map((record) => ({ itemIdentifier: record.messageId })) };
  };
  return { seen, consumer };
}

describe('in-process queue', () => {
  it('delivers every message once when the handler succeeds', async () => {
    const { seen, consumer } = recorder();
    const queue = new InProcessQueue({ consumer, concurrency: 2, batchSize: 3 });
    await queue.send(Array.from({ length: 25 }, (_, i) => `m${i}`));
    await queue.idle();
    expect(seen.map((s) => s.body).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `m${i}`).sort());
    expect(seen.every((s) => s.receiveCount === 1)).toBe(true);
    expect(queue.size).toBe(0);
  });

  it('redelivers a failed record with a rising receive count, then dead-letters it', async () => {
    const { seen, consumer } = recorder((record) => record.body === 'bad');
    const dead: string[] = [];
    const queue = new InProcessQueue({
      consumer,
      concurrency: 1,
      retryDelayMs: 5,
      maxReceiveCount: 3,
      onDeadLetter: async (letters) => {
        dead.push(...letters.map((l) => l.body));
      },
    });
    await queue.send(['good', 'bad']);
    await queue.idle();
    expect(seen.filter((s) => s.body === 'bad').map((s) => s.receiveCount)).toEqual([1, 2, 3]);
    expect(seen.filter((s) => s.body === 'good')).toHaveLength(1);
    expect(dead).toEqual(['bad']);
    expect(queue.deadLetters.map((l) => [l.body, l.receiveCount])).toEqual([['bad', 3]]);
  });

  it('fails the whole batch when the handler throws', async () => {
    let calls = 0;
    const seen: string[] = [];
    const queue = new InProcessQueue({
      consumer: async (event) => {
        calls += 1;
        seen.push(...event.Records.map((record) => record.body));
        if (calls === 1) throw new Error('boom');
        return { batchItemFailures: [] };
      },
      concurrency: 1,
      batchSize: 10,
      retryDelayMs: 5,
    });
    await queue.send(['a', 'b', 'c']);
    await queue.idle();
    expect(seen.sort()).toEqual(['a', 'a', 'b', 'b', 'c', 'c']);
    expect(queue.deadLetters).toHaveLength(0);
  });

  it('redelivers a delivery that outlives its visibility timeout, while the first is still running', async () => {
    const starts: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queue = new InProcessQueue({
      consumer: async (event) => {
        const count = Number(event.Records[0].attributes.ApproximateReceiveCount);
        starts.push(count);
        if (count === 1) await gate; // the first delivery hangs past its visibility
        return { batchItemFailures: [] };
      },
      concurrency: 2,
      visibilityTimeoutMs: 20,
      retryDelayMs: 1,
    });
    await queue.send(['slow']);
    while (starts.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    await queue.idle();
    expect(starts).toEqual([1, 2]);
  });

  it('injects faults: lost before, lost after and duplicated deliveries', async () => {
    const { seen, consumer } = recorder();
    const queue = new InProcessQueue({ consumer, concurrency: 1, retryDelayMs: 1 });
    queue.setFaults(({ body, receiveCount, isDuplicate }) => {
      if (body === 'before' && receiveCount === 1) return 'fail-before';
      if (body === 'after' && receiveCount === 1) return 'fail-after';
      if (body === 'twice' && !isDuplicate) return 'duplicate';
      return undefined;
    });
    await queue.send(['before', 'after', 'twice']);
    await queue.idle();
    const count = (body: string) => seen.filter((s) => s.body === body).length;
    expect([count('before'), count('after'), count('twice')]).toEqual([1, 2, 2]);
    expect(seen.find((s) => s.body === 'before')?.receiveCount).toBe(2);
    expect(queue.deadLetters).toHaveLength(0);
  });
});
