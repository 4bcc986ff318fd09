/**
 * The dead-letter consumer: a shard that exhausted its deliveries (including one whose worker
 * crashed or timed out, which could not record a reason itself) ends its run FAILED.
 */
import { failRunAndRelease } from '../../shared/domain/runs/end-run.js';
import { decodeShardMessage, refOfMessage, shardLogFields, shardPaths } from '../../shared/domain/runs/shard-message.js';
import { log } from '../../shared/log/logger.js';
import { receiveCountOf, sqsBatchHandler } from '../../shared/queue/batch-handler.js';

export const handler = sqsBatchHandler({
  decode: decodeShardMessage,
  logFields: shardLogFields,
  async process(message, record) {
    const failed = await failRunAndRelease(
      refOfMessage(message),
      `${shardPaths(message)} was not processed after ${receiveCountOf(record)} deliveries`,
    );
    log('warn', 'dead-lettered shard', { markedFailed: failed });
  },
});
