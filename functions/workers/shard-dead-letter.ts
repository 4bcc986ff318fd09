/**
 * The dead-letter consumer: a shard that exhausted its deliveries (including one whose worker
 * crashed or timed out, which could not record a reason itself) ends its run FAILED.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { decodeShardMessage, refOfMessage } from '../../shared/domain/runs/shard-message.js';
import { failRunAndRelease } from '../../shared/domain/runs/end-run.js';
import { log } from '../../shared/http/logger.js';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const message = decodeShardMessage(record.body);
      const attempts = record.attributes.ApproximateReceiveCount;
      const failed = await failRunAndRelease(
        refOfMessage(message),
        `shard ${message.shard} (paths ${message.pathStart} to ${message.pathStart + message.pathCount - 1}) was not processed after ${attempts} deliveries`,
      );
      log('warn', 'dead-lettered shard', { runId: message.runId, shard: message.shard, markedFailed: failed });
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('shard message')) {
        log('error', 'dropped malformed dead letter', { messageId: record.messageId });
        continue;
      }
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
