/**
 * One receive-handle-delete round against an SQS queue, doing what Lambda's SQS event source does
 * for a batch handler: records the handler reports in `batchItemFailures` (or all of them, if it
 * throws) stay on the queue and come back after their visibility timeout; the rest are deleted.
 * Lets the worker run outside Lambda against a real queue (and lets tests drive the SQS path).
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { sdkTuning } from '../aws/client-config.js';
import type { BatchHandler, SQSRecord } from './types.js';

export async function pollSqsOnce(
  client: SQSClient,
  queueUrl: string,
  handler: BatchHandler,
  options: { maxMessages?: number; waitTimeSeconds?: number } = {},
): Promise<{ received: number; failed: number }> {
  const waitTimeSeconds = options.waitTimeSeconds ?? 0;
  const received = await client.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: options.maxMessages ?? 10,
      WaitTimeSeconds: waitTimeSeconds,
      MessageSystemAttributeNames: ['All'],
    }),
    // A long poll is silent on purpose for its wait: the request may take that much longer.
    { requestTimeout: waitTimeSeconds * 1000 + sdkTuning.requestTimeoutMs },
  );
  const messages = received.Messages ?? [];
  if (messages.length === 0) return { received: 0, failed: 0 };
  const region = await client.config.region();
  const arn = `arn:aws:sqs:${region}:000000000000:${queueUrl.split('/').pop()}`;
  const records: SQSRecord[] = messages.map((message) => ({
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1',
      SentTimestamp: message.Attributes?.SentTimestamp ?? '0',
      SenderId: message.Attributes?.SenderId ?? '',
      ApproximateFirstReceiveTimestamp: message.Attributes?.ApproximateFirstReceiveTimestamp ?? '0',
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: arn,
    awsRegion: region,
  }));
  let failed: Set<string>;
  try {
    const response = await handler({ Records: records });
    failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
  } catch {
    failed = new Set(records.map((record) => record.messageId));
  }
  const done = records.filter((record) => !failed.has(record.messageId));
  if (done.length > 0) {
    await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: done.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
      }),
    );
  }
  return { received: records.length, failed: failed.size };
}
