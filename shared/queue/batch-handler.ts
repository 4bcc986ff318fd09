/**
 * The SQS batch loop, written once for every queue consumer (Lambda with
 * `reportBatchItemFailures`; locally, the in-process queue). Each record is decoded and processed
 * in a log context of its own (its message id, plus the fields the consumer names, such as the run
 * and shard), so every line logged while it runs carries them. A record whose body is malformed
 * is logged and dropped: it can never succeed. Any other failure is logged and reported in
 * `batchItemFailures`, so SQS delivers that record again and only that record. Where tracing is on,
 * each record is an X-Ray subsegment of its own, annotated with the same fields (shared/aws/tracing.ts).
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { addLogContext, type LogFields, log, withLogContext } from '../log/logger.js';
import { annotate, inSubsegment, traceLogFields } from '../aws/tracing.js';
import { MalformedMessageError } from './malformed-message.js';

export interface RecordConsumer<M> {
  /** Reads a record's body; throws MalformedMessageError for a body it can never read. */
  decode(body: string): M;
  /** The fields that name a message in the log (e.g. its run and shard). */
  logFields(message: M): LogFields;
  /** The work for one record; it throws to have the record delivered again. */
  process(message: M, record: SQSRecord): Promise<void>;
}

export const receiveCountOf = (record: SQSRecord): number => Number(record.attributes.ApproximateReceiveCount) || 1;

export function sqsBatchHandler<M>(consumer: RecordConsumer<M>): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async (event) => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      await withLogContext({ messageId: record.messageId, receiveCount: receiveCountOf(record), ...traceLogFields() }, async () => {
        try {
          await inSubsegment('## record', async () => {
            const message = consumer.decode(record.body);
            const fields = consumer.logFields(message);
            addLogContext(fields);
            annotate({ messageId: record.messageId, receiveCount: receiveCountOf(record), ...fields });
            await consumer.process(message, record);
          });
        } catch (error) {
          if (error instanceof MalformedMessageError) {
            log('error', 'dropped malformed message', { error: error.message });
            return;
          }
          log('error', 'record failed', { error: error instanceof Error ? error.message : String(error) });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      });
    }
    return { batchItemFailures };
  };
}
