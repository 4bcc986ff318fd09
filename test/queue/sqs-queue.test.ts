/**
 * The SQS adapter against the fauxqs emulator, bound to loopback (its own start-up binds 0.0.0.0,
 * so the app is built and listened on here). The adapter's client is made as the functions make it;
 * a second client creates the queues and looks at them from the side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from 'fauxqs';
import { CreateQueueCommand, GetQueueAttributesCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsClient } from '../../shared/aws/sqs.js';
import { SqsShardQueue, pollSqsOnce } from '../../shared/queue/index.js';

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
let app: ReturnType<typeof buildApp>;
let client: SQSClient;
let sdk: SQSClient;

beforeAll(async () => {
  app = buildApp({ logger: false, host: '127.0.0.1' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  client = createSqsClient({ endpoint: address, region: 'us-east-1', credentials });
  sdk = new SQSClient({ endpoint: address, region: 'us-east-1', credentials });
});

afterAll(async () => {
  sdk?.destroy();
  client?.destroy();
  await app?.close();
});

async function createQueue(name: string, attributes: Record<string, string> = {}): Promise<string> {
  const created = await sdk.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  return created.QueueUrl!;
}

async function queueArn(url: string): Promise<string> {
  const attributes = await sdk.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] }));
  return attributes.Attributes!.QueueArn!;
}

describe('SQS shard queue (fauxqs)', () => {
  it('sends more than one SendMessageBatch worth and every body arrives once', async () => {
    const url = await createQueue('send-many');
    const queue = new SqsShardQueue(client, url);
    const bodies = Array.from({ length: 23 }, (_, i) => JSON.stringify({ shard: i }));
    await queue.send(bodies);
    const seen: string[] = [];
    for (let round = 0; round < 10 && seen.length < bodies.length; round += 1) {
      await pollSqsOnce(client, url, async (event) => {
        seen.push(...event.Records.map((record) => record.body));
        return { batchItemFailures: [] };
      });
    }
    expect(seen.sort()).toEqual([...bodies].sort());
    const left = await sdk.send(new ReceiveMessageCommand({ QueueUrl: url, WaitTimeSeconds: 0 }));
    expect(left.Messages ?? []).toHaveLength(0);
  });

  it('redelivers reported failures with a rising receive count and moves them to the DLQ past maxReceiveCount', async () => {
    const dlqUrl = await createQueue('shards-dlq');
    const url = await createQueue('shards', {
      VisibilityTimeout: '1',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: await queueArn(dlqUrl), maxReceiveCount: 2 }),
    });
    await new SqsShardQueue(client, url).send(['ok', 'bad']);
    const counts: Record<string, number[]> = { ok: [], bad: [] };
    const handler = async (event: import('aws-lambda').SQSEvent) => {
      for (const record of event.Records) counts[record.body].push(Number(record.attributes.ApproximateReceiveCount));
      return {
        batchItemFailures: event.Records.filter((r) => r.body === 'bad').map((r) => ({ itemIdentifier: r.messageId })),
      };
    };
    const deadline = Date.now() + 8_000;
    let dead: string[] = [];
    while (Date.now() < deadline && dead.length === 0) {
      await pollSqsOnce(client, url, handler, { waitTimeSeconds: 1 });
      const inDlq = await sdk.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, WaitTimeSeconds: 0 }));
      dead = (inDlq.Messages ?? []).map((m) => m.Body!);
    }
    expect(counts.ok).toEqual([1]);
    expect(counts.bad).toEqual([1, 2]);
    expect(dead).toEqual(['bad']);
  });
});
