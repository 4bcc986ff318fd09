/**
 * The shard worker: an SQS batch handler (Lambda with `reportBatchItemFailures`; locally, a
 * worker thread fed by the in-process queue). Each record is one shard; a record that fails is
 * reported in `batchItemFailures` and redelivered. On its last allowed delivery a failure ends the
 * run FAILED with the reason, before the message goes to the dead-letter queue.
 */
import { failRunAndRelease } from '../../shared/domain/runs/end-run.js';
import { maxShardReceives } from '../../shared/domain/runs/limits.js';
import { processShard } from '../../shared/domain/runs/process-shard.js';
import { decodeShardMessage, refOfMessage, shardLogFields, shardPaths } from '../../shared/domain/runs/shard-message.js';
import { log } from '../../shared/log/logger.js';
import { receiveCountOf, sqsBatchHandler } from '../../shared/queue/batch-handler.js';

export const handler = sqsBatchHandler({
  decode: decodeShardMessage,
  logFields: shardLogFields,
  async process(message, record) {
    try {
      const { outcome, timings } = await processShard(message);
      log('info', 'shard', { outcome, ...timings });
    } catch (error) {
      const receiveCount = receiveCountOf(record);
      if (receiveCount >= maxShardReceives()) {
        const reason = error instanceof Error ? error.message : String(error);
        try {
          await failRunAndRelease(refOfMessage(message), `${shardPaths(message)} failed after ${receiveCount} attempts: ${reason}`);
        } catch (failError) {
          log('error', 'could not mark the run failed', { error: String(failError) });
        }
      }
      throw error;
    }
  },
});
