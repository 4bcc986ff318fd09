/**
 * The shard worker: an SQS batch handler (Lambda with `reportBatchItemFailures`; locally, a
 * worker thread fed by the in-process queue). Each record is one shard; a record that fails is
 * reported in `batchItemFailures` and redelivered. On its last allowed delivery a failure ends the
 * run FAILED with the reason, before the message goes to the dead-letter queue.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { decodeShardMessage, refOfMessage, type ShardMessage } from '../../shared/domain/runs/shard-message.js';
import { lastShardTimings, processShard } from '../../shared/domain/runs/process-shard.js';
import { failRunAndRelease } from '../../shared/domain/runs/end-run.js';
import { maxShardReceives } from '../../shared/domain/runs/limits.js';
import { log } from '../../shared/http/logger.js';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
    let message: ShardMessage;
    try {
      message = decodeShardMessage(record.body);
    } catch (error) {
      // A malformed message can never succeed: log it and let it go rather than retry it.
      log('error', 'dropped malformed shard message', { messageId: record.messageId, error: String(error) });
      continue;
    }
    try {
      const outcome = await processShard(message);
      log('info', 'shard', { runId: message.runId, shard: message.shard, receiveCount, outcome, ...lastShardTimings });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log('error', 'shard failed', { runId: message.runId, shard: message.shard, receiveCount, error: reason });
      if (receiveCount >= maxShardReceives()) {
        try {
          await failRunAndRelease(
            refOfMessage(message),
            `shard ${message.shard} (paths ${message.pathStart} to ${message.pathStart + message.pathCount - 1}) failed after ${receiveCount} attempts: ${reason}`,
          );
        } catch (failError) {
          log('error', 'could not mark the run failed', { runId: message.runId, error: String(failError) });
        }
      }
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
