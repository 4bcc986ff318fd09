/**
 * The queue that carries simulation shards to the workers, with its dead-letter queue. A message
 * that fails `maxReceiveCount` times moves to the dead-letter queue instead of cycling forever.
 */
import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** SQS recommends a visibility timeout of at least six times the consumer's timeout. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export interface ShardQueueProps {
  /** The worker function's timeout; the queue's visibility timeout is derived from it. */
  workerTimeout: Duration;
  /** The dead-letter consumer's timeout; the dead-letter queue's visibility timeout is derived from it. */
  deadLetterConsumerTimeout: Duration;
  /** Deliveries of a shard before it goes to the dead-letter queue (the worker counts the same). */
  maxReceiveCount: number;
}

export class ShardQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: ShardQueueProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // The longest SQS allows: time to look at a failed shard before it disappears.
      retentionPeriod: Duration.days(14),
      visibilityTimeout: Duration.seconds(props.deadLetterConsumerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.workerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount },
    });
  }
}
