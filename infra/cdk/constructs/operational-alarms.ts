/**
 * The alarms that say the service needs a person: a shard given up on (dead-lettered, or dead
 * letters piling up), the API answering 5xx, the worker failing, Lambda or DynamoDB throttling, and
 * shards waiting too long on the queue. Optionally they notify an e-mail address.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IHttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** A shard takes seconds; one that waited this long is not being picked up. */
export const SHARD_WAIT_ALARM_SECONDS = 300;

export interface OperationalAlarmsProps {
  stage: IHttpStage;
  deadLetterQueue: IQueue;
  worker: IFunction;
  deadLetterConsumer: IFunction;
  shardQueue: IQueue;
  table: ITable;
  /** When given, every alarm notifies an SNS topic with this e-mail subscription. */
  alarmEmail?: string;
  /** Alarms raised elsewhere (the webhook deliveries') that notify the same topic. */
  otherAlarms?: Alarm[];
}

export class OperationalAlarms extends Construct {
  readonly deadLetterAlarm: Alarm;
  readonly apiServerErrorAlarm: Alarm;
  readonly workerErrorAlarm: Alarm;
  readonly deadLetteredShardAlarm: Alarm;
  readonly lambdaThrottleAlarm: Alarm;
  readonly tableThrottleAlarm: Alarm;
  readonly shardWaitAlarm: Alarm;
  readonly topic?: Topic;

  constructor(scope: Construct, id: string, props: OperationalAlarmsProps) {
    super(scope, id);
    const period = Duration.minutes(5);

    this.deadLetterAlarm = this.anyAbove('DeadLetterQueueNotEmpty', {
      metric: props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
      description: 'Dead-lettered shards are waiting: their runs are not yet marked FAILED (is the dead-letter consumer failing?).',
    });
    // The consumer empties the dead-letter queue within seconds, so the depth alone can miss a
    // dead-lettered shard: its invocations count them.
    this.deadLetteredShardAlarm = this.anyAbove('ShardDeadLettered', {
      metric: props.deadLetterConsumer.metricInvocations({ period, statistic: 'Sum' }),
      description: 'A simulation shard failed every delivery; its run was marked FAILED.',
    });
    this.apiServerErrorAlarm = this.anyAbove('ApiServerErrors', {
      metric: props.stage.metricServerError({ period, statistic: 'Sum' }),
      description: 'The API answered with a 5xx status.',
    });
    this.workerErrorAlarm = this.anyAbove('WorkerErrors', {
      metric: props.worker.metricErrors({ period, statistic: 'Sum' }),
      description: 'The shard worker function failed (error, timeout or crash).',
    });

    // Lambda publishes throttles per function and for the whole account and region; the account's
    // figure covers every function here with one alarm (and any other workload in the account).
    this.lambdaThrottleAlarm = this.anyAbove('LambdaThrottles', {
      metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period, statistic: 'Sum' }),
      description: 'Lambda refused invocations for lack of concurrency (the account limit, or the worker at its reserved concurrency).',
    });
    this.tableThrottleAlarm = this.anyAbove('TableThrottles', {
      metric: props.table.metricThrottledRequestsForOperations({
        operations: [
          Operation.GET_ITEM,
          Operation.BATCH_GET_ITEM,
          Operation.QUERY,
          Operation.PUT_ITEM,
          Operation.UPDATE_ITEM,
          Operation.DELETE_ITEM,
          Operation.BATCH_WRITE_ITEM,
        ],
        period,
      }),
      description: 'DynamoDB throttled requests to the table (the API answers them 503 with Retry-After).',
    });
    this.shardWaitAlarm = new Alarm(this, 'ShardsWaiting', {
      metric: props.shardQueue.metricApproximateAgeOfOldestMessage({ period, statistic: 'Maximum' }),
      alarmDescription: 'A simulation shard has waited more than 5 minutes for a worker (workers throttled, failing or at their cap).',
      threshold: SHARD_WAIT_ALARM_SECONDS,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    if (props.alarmEmail) {
      this.topic = new Topic(this, 'Topic', { displayName: 'Household scenarios alarms', enforceSSL: true });
      this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
      const action = new SnsAction(this.topic);
      for (const alarm of [
        this.deadLetterAlarm,
        this.deadLetteredShardAlarm,
        this.apiServerErrorAlarm,
        this.workerErrorAlarm,
        this.lambdaThrottleAlarm,
        this.tableThrottleAlarm,
        this.shardWaitAlarm,
        ...(props.otherAlarms ?? []),
      ]) {
        alarm.addAlarmAction(action);
        alarm.addOkAction(action);
      }
    }
  }

  /** An alarm on any occurrence: threshold 0, one period, no data counts as fine. */
  private anyAbove(id: string, props: { metric: IMetric; description: string }): Alarm {
    return new Alarm(this, id, {
      metric: props.metric,
      alarmDescription: props.description,
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
