/**
 * Webhook delivery in the cloud: the queue that carries one message per delivery attempt (and the
 * waits between attempts, as message delays), its dead-letter queue for a message whose store
 * work kept failing, the function that consumes it, and the alarms that say deliveries need a
 * person. Failed attempts are not failed messages: the function queues the next attempt itself,
 * so the dead-letter queue only ever holds messages the service could not process.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { KEY_DECRYPT_ACTIONS, QUEUE_SEND_ACTIONS } from '../grants.js';
import type { ServiceFunction } from './service-function.js';
import { VISIBILITY_TIMEOUT_FACTOR } from './shard-queue.js';

/** An attempt waits at most 10 s for the receiver; the rest is a few table reads and writes. */
export const DELIVERY_TIMEOUT = Duration.seconds(30);
/** Receipts of a message before it is dead-lettered (only store failures fail a message). */
export const DELIVERY_MAX_RECEIVES = 5;
/** A delivery due now that has waited this long on the queue is not being sent. */
export const DELIVERY_WAIT_ALARM_SECONDS = 30 * 60;

export class WebhookDeliveryQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(DELIVERY_TIMEOUT.toSeconds() * VISIBILITY_TIMEOUT_FACTOR),
      // A delivery's schedule spans about 28 hours, in messages of at most 15 minutes' delay each.
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: DELIVERY_MAX_RECEIVES },
    });
  }
}

export interface WebhookDeliveryConsumerProps {
  queues: WebhookDeliveryQueue;
  fn: ServiceFunction;
  secretKey: IKey;
}

/** Wires the delivery function to its queue, with its own grants, and raises its alarms. */
export class WebhookDeliveryConsumer extends Construct {
  readonly alarms: Alarm[];

  constructor(scope: Construct, id: string, props: WebhookDeliveryConsumerProps) {
    super(scope, id);
    const { queues, fn } = props;
    fn.addEventSource(new SqsEventSource(queues.queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 5 }));
    // Opens the endpoint's secret to sign; queues the next attempt (or the rest of a long wait).
    fn.addToRolePolicy(new PolicyStatement({ actions: [...KEY_DECRYPT_ACTIONS], resources: [props.secretKey.keyArn] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: [...QUEUE_SEND_ACTIONS], resources: [queues.queue.queueArn] }));
    const period = Duration.minutes(5);
    const settings = { evaluationPeriods: 1, treatMissingData: TreatMissingData.NOT_BREACHING };
    this.alarms = [
      new Alarm(this, 'DeadLettered', {
        metric: queues.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        alarmDescription: 'A webhook delivery message failed every receipt (the store failing?): its delivery stays PENDING.',
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        ...settings,
      }),
      new Alarm(this, 'Errors', {
        metric: fn.metricErrors({ period, statistic: 'Sum' }),
        alarmDescription: 'The webhook delivery function failed (error, timeout or crash).',
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        ...settings,
      }),
      new Alarm(this, 'Waiting', {
        metric: queues.queue.metricApproximateAgeOfOldestMessage({ period, statistic: 'Maximum' }),
        alarmDescription: 'A webhook delivery message has waited over 30 minutes on its queue: deliveries are not being sent.',
        threshold: DELIVERY_WAIT_ALARM_SECONDS,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        ...settings,
      }),
    ];
  }
}
