/**
 * Amazon SQS adapter. SendMessageBatch takes at most 10 entries; entries SQS reports as failed
 * are retried a few times before the send is given up as an error (so a run is never left with
 * shards that were silently not queued).
 */
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { createSqsClient } from '../aws/sqs.js';
import type { SendOptions, ShardQueue } from './types.js';

const maxBatchEntries = 10;
const maxAttempts = 4;

export class SqsShardQueue implements ShardQueue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(bodies: readonly string[], options: SendOptions = {}): Promise<void> {
    for (let start = 0; start < bodies.length; start += maxBatchEntries) {
      await this.sendChunk(bodies.slice(start, start + maxBatchEntries), options.delaySeconds);
    }
  }

  private async sendChunk(chunk: readonly string[], delaySeconds?: number): Promise<void> {
    const delay = delaySeconds ? { DelaySeconds: Math.round(delaySeconds) } : {};
    let pending = chunk.map((body, index) => ({ Id: String(index), MessageBody: body, ...delay }));
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      const result = await this.client.send(new SendMessageBatchCommand({ QueueUrl: this.queueUrl, Entries: pending }));
      const failed = new Set((result.Failed ?? []).map((entry) => entry.Id));
      const senderFault = (result.Failed ?? []).find((entry) => entry.SenderFault);
      if (senderFault) throw new Error(`queue rejected a message: ${senderFault.Code ?? 'unknown'}`);
      pending = pending.filter((entry) => failed.has(entry.Id));
      if (pending.length > 0 && attempt >= maxAttempts) {
        throw new Error(`queue did not accept ${pending.length} message(s) after ${attempt} attempts`);
      }
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}

/** Made once per container (process) and reused by every invocation. */
let sqsClient: SQSClient | undefined;

/** The cloud adapter, from configuration: SHARD_QUEUE_URL (or the variable named) names the queue. */
export function sqsShardQueueFromEnv(variable = 'SHARD_QUEUE_URL'): SqsShardQueue {
  const queueUrl = process.env[variable];
  if (!queueUrl) throw new Error(`${variable} is not set`);
  sqsClient ??= createSqsClient();
  return new SqsShardQueue(sqsClient, queueUrl);
}
