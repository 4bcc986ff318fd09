/**
 * The SQS batch loop every queue consumer shares: each record in its own log context, a
 * malformed body dropped, any other failure reported for that record alone.
 */
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../shared/log/logger.js';
import { sqsBatchHandler } from '../../shared/queue/batch-handler.js';
import { MalformedMessageError } from '../../shared/queue/malformed-message.js';

const event = (...bodies: string[]): SQSEvent =>
  ({
    Records: bodies.map((body, i) => ({ messageId: `m${i}`, body, attributes: { ApproximateReceiveCount: String(i + 1) } })),
  }) as unknown as SQSEvent;

let lines: Record<string, unknown>[];
beforeEach(() => {
  lines = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(JSON.parse(String(chunk)));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const handler = sqsBatchHandler({
  decode(body) {
    const message = JSON.parse(body) as { runId?: string; fail?: boolean };
    if (typeof message.runId !== 'string') throw new MalformedMessageError('no runId');
    return message as { runId: string; fail?: boolean };
  },
  logFields: (message) => ({ runId: message.runId }),
  async process(message) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    log('info', 'working');
    if (message.fail) throw new Error('the work failed');
  },
});

describe('the SQS batch handler', () => {
  it('reports only the failed records, drops malformed ones, and names the record in every line', async () => {
    const result = await handler(event('{"runId":"a"}', '{"runId":"b","fail":true}', '{"nothing":1}', 'not json', '{"runId":"c"}'));
    // A body that is not JSON is not known to be malformed by the consumer: it is retried.
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm3' }]);
    const working = lines.filter((line) => line.message === 'working');
    expect(working.map((line) => [line.messageId, line.runId, line.receiveCount])).toEqual([
      ['m0', 'a', 1],
      ['m1', 'b', 2],
      ['m4', 'c', 5],
    ]);
    expect(lines.find((line) => line.message === 'record failed')).toMatchObject({ messageId: 'm1', runId: 'b', error: 'the work failed' });
    expect(lines.find((line) => line.message === 'dropped malformed message')).toMatchObject({ messageId: 'm2', error: 'no runId' });
    // Outside a record's work, a line carries no record's fields.
    log('info', 'after');
    expect(lines.at(-1)).not.toHaveProperty('messageId');
  });
});
