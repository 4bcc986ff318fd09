/**
 * Everything that can be replaced at will: the HTTP API with its routes, one function per handler
 * of the route table (in a nested stack per area of the API, see route-functions-stack.ts), the
 * shard queue and its worker, and the alarms. Holds no data of its own (the queues only carry work
 * in flight).
 */
import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import type { Route } from '../../functions/routes.js';
import type { DeploymentConfig } from './config.js';
import { OperationalAlarms } from './constructs/operational-alarms.js';
import { ServiceApi } from './constructs/service-api.js';
import { ServiceFunction, type ServiceEnvironment } from './constructs/service-function.js';
import { ShardQueue } from './constructs/shard-queue.js';
import { DELIVERY_TIMEOUT, WebhookDeliveryConsumer, WebhookDeliveryQueue } from './constructs/webhook-deliveries.js';
import { grantExtras, grantTable } from './grants.js';
import { maxShardReceives } from '../../shared/domain/runs/limits.js';
import { areaStackIdFor, constructIdFor, groupByArea, handlerEntry, planFunctions, routeKey } from './route-plan.js';
import { RouteFunctionsStack } from './route-functions-stack.js';

/** The shard worker's module under `functions/`: consumes the shard queue. */
export const WORKER_HANDLER = 'workers/shard-worker';
/**
 * A shard's budget. A shard is sized to a few seconds of engine time (shared/domain/runs/limits.ts);
 * the last shard of a run also merges the others. The queue's visibility timeout is six times this,
 * which keeps a crashed shard's redelivery well inside the time after which a run without progress
 * is marked FAILED.
 */
export const WORKER_TIMEOUT = Duration.minutes(2);
/** 1,769 MB is one full vCPU: a shard is single-threaded number crunching. */
export const WORKER_MEMORY_MB = 1769;
/** The dead-letter consumer's module: ends the run of a shard that exhausted its deliveries. */
export const DEAD_LETTER_HANDLER = 'workers/shard-dead-letter';
/** Marking a run failed is a few table writes. */
export const DEAD_LETTER_TIMEOUT = Duration.seconds(30);
/** The webhook delivery consumer's module: one attempt of each delivery it is handed (docs/EVENTS.md). */
export const WEBHOOK_DELIVERY_HANDLER = 'workers/webhook-delivery';

const DEFAULT_ROUTE_KEY = '$default';
const AUTHORIZATION_IN_HANDLERS =
  "Authorization is per realm: each realm is its own OpenID issuer, which API Gateway's JWT authorizer (one issuer) " +
  "cannot express. The handlers' shared middleware verifies the bearer token against the realm's keys; token, " +
  'discovery, JWKS, health, OpenAPI and the unmatched-request fallback are public by design.';

export interface StatelessStackProps extends StackProps {
  config: DeploymentConfig;
  routes: readonly Route[];
  /** Handler module for requests no route matches (404, 405, CORS preflight): the `$default` route. */
  fallbackHandler?: string;
  /** Repository root: handler sources, package-lock.json and node_modules. */
  projectRoot: string;
  table: ITable;
  indexNames: string[];
  /** The key that signs tokens. */
  signingKey: IKey;
  /** Retired keys, newest first, still published in the realms' JWKS so their tokens verify. */
  retiredSigningKeys?: IKey[];
  /** The symmetric key webhook secrets are sealed with. */
  webhookSecretKey: IKey;
}

export class StatelessStack extends Stack {
  readonly api: ServiceApi;
  readonly shardQueue: ShardQueue;
  readonly worker: ServiceFunction;
  readonly deadLetterConsumer: ServiceFunction;
  readonly webhookQueues: WebhookDeliveryQueue;
  readonly webhookDelivery: ServiceFunction;
  readonly webhookDeliveryConsumer: WebhookDeliveryConsumer;
  /** Serves the `$default` route; has no access to the table. */
  readonly fallbackFunction?: ServiceFunction;
  /** One function per handler module of the route table, keyed by the module. */
  readonly routeFunctions = new Map<string, ServiceFunction>();
  /** The nested stacks that hold the route functions, one per area of the API. */
  readonly routeFunctionStacks: RouteFunctionsStack[] = [];
  readonly alarms: OperationalAlarms;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { config } = props;
    const logRetention = config.logRetentionDays;

    this.api = new ServiceApi(this, 'Api', {
      apiName: `${config.appName}-api`,
      throttle: config.throttle,
      logRetention,
      customDomain: config.customDomain,
    });
    // Read once and given to the queue and to the consumers, so both count deliveries alike even if
    // SHARD_MAX_RECEIVES is set in the shell that deploys.
    const maxReceiveCount = maxShardReceives();
    this.shardQueue = new ShardQueue(this, 'Shards', {
      workerTimeout: WORKER_TIMEOUT,
      deadLetterConsumerTimeout: DEAD_LETTER_TIMEOUT,
      maxReceiveCount,
    });

    this.webhookQueues = new WebhookDeliveryQueue(this, 'WebhookDeliveries');

    const environment: ServiceEnvironment = {
      TABLE_NAME: props.table.tableName,
      SHARD_QUEUE_URL: this.shardQueue.queue.queueUrl,
      // The first key signs; the others are only published (the signing adapter's convention).
      SIGNING_KEY_ID: [props.signingKey, ...(props.retiredSigningKeys ?? [])].map((key) => key.keyArn).join(','),
      ISSUER_BASE_URL: this.api.baseUrl,
      LOG_LEVEL: config.logLevel,
      WEBHOOK_QUEUE_URL: this.webhookQueues.queue.queueUrl,
      WEBHOOK_SECRET_KEY_ID: props.webhookSecretKey.keyArn,
    };
    const tableTarget = { table: props.table, indexNames: props.indexNames };
    const extraTargets = {
      shardQueue: this.shardQueue.queue,
      signingKey: props.signingKey,
      retiredSigningKeys: props.retiredSigningKeys ?? [],
      table: props.table,
      webhookQueue: this.webhookQueues.queue,
      webhookSecretKey: props.webhookSecretKey,
    };

    /** The route functions that send shard messages (the routes that start runs). */
    const shardSenders: ServiceFunction[] = [];
    for (const [area, planned] of groupByArea(planFunctions(props.routes, props.projectRoot))) {
      const stack = new RouteFunctionsStack(this, areaStackIdFor(area), {
        description: `Route functions of /${area}`,
        config,
        functions: planned,
        projectRoot: props.projectRoot,
        environment,
        tableTarget,
        extraTargets,
      });
      this.routeFunctionStacks.push(stack);
      for (const { handler, constructId, routes, grants } of planned) {
        const fn = stack.functions.get(handler)!;
        if (grants.includes('queue:send')) shardSenders.push(fn);
        // The routes, integrations and invoke permissions stay in this stack: a route moved to another
        // stack would be created there before this one deletes it, and API Gateway refuses a second
        // route with the same key.
        const integration = new HttpLambdaIntegration(`${constructId}Integration`, fn);
        for (const route of routes) this.addRoute(routeKey(route), integration);
        this.routeFunctions.set(handler, fn);
      }
    }

    if (props.fallbackHandler) {
      this.fallbackFunction =
        this.routeFunctions.get(props.fallbackHandler) ??
        new ServiceFunction(this, constructIdFor(props.fallbackHandler), {
          entry: handlerEntry(props.projectRoot, props.fallbackHandler),
          projectRoot: props.projectRoot,
          description: 'Unmatched requests: 404, 405 and CORS preflight ($default route)',
          environment,
          logRetention,
          tracing: config.tracing,
        });
      this.addRoute(DEFAULT_ROUTE_KEY, new HttpLambdaIntegration('FallbackIntegration', this.fallbackFunction));
    }

    this.worker = new ServiceFunction(this, 'ShardWorkerFunction', {
      entry: handlerEntry(props.projectRoot, WORKER_HANDLER),
      projectRoot: props.projectRoot,
      description: 'Simulation shard worker (SQS)',
      environment,
      extraEnvironment: { SHARD_MAX_RECEIVES: String(maxReceiveCount) },
      logRetention,
      tracing: config.tracing,
      timeout: WORKER_TIMEOUT,
      memorySize: WORKER_MEMORY_MB,
      // Reserved concurrency caps the workers at the queue's own cap, so a realm's burst of shards
      // can never take the account's concurrency from the API functions.
      reservedConcurrentExecutions: config.workerMaxConcurrency,
    });
    grantTable(this.worker, tableTarget, 'write');
    // A run's end is an event: the worker that completes a run queues its deliveries.
    grantExtras(this.worker, ['webhook-queue:send'], extraTargets);
    this.worker.addEventSource(
      new SqsEventSource(this.shardQueue.queue, {
        // One shard per invocation: shards in one batch would run one after another, not in parallel.
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: config.workerMaxConcurrency,
      }),
    );

    this.deadLetterConsumer = new ServiceFunction(this, 'ShardDeadLetterFunction', {
      entry: handlerEntry(props.projectRoot, DEAD_LETTER_HANDLER),
      projectRoot: props.projectRoot,
      description: 'Dead-lettered shards: ends their runs FAILED (SQS)',
      environment,
      extraEnvironment: { SHARD_MAX_RECEIVES: String(maxReceiveCount) },
      logRetention,
      tracing: config.tracing,
      timeout: DEAD_LETTER_TIMEOUT,
    });
    grantTable(this.deadLetterConsumer, tableTarget, 'write');
    grantExtras(this.deadLetterConsumer, ['webhook-queue:send'], extraTargets);
    this.deadLetterConsumer.addEventSource(
      new SqsEventSource(this.shardQueue.deadLetterQueue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        // The lowest cap SQS allows: dead letters are rare and must not compete with the workers.
        maxConcurrency: 2,
      }),
    );

    this.webhookDelivery = new ServiceFunction(this, 'WebhookDeliveryFunction', {
      entry: handlerEntry(props.projectRoot, WEBHOOK_DELIVERY_HANDLER),
      projectRoot: props.projectRoot,
      description: 'Webhook deliveries: signs and POSTs events, schedules retries (SQS)',
      environment,
      logRetention,
      tracing: config.tracing,
      timeout: DELIVERY_TIMEOUT,
    });
    grantTable(this.webhookDelivery, tableTarget, 'write');
    this.webhookDeliveryConsumer = new WebhookDeliveryConsumer(this, 'WebhookDeliveryConsumer', {
      queues: this.webhookQueues,
      fn: this.webhookDelivery,
      secretKey: props.webhookSecretKey,
    });

    // A deploy updates the functions that read shard messages before those that send them: a
    // message a new sender writes (a field an older reader's strict schema refuses, such as the
    // carried input) then never reaches an older reader (docs/DEPLOY.md).
    for (const sender of shardSenders) sender.node.addDependency(this.worker, this.deadLetterConsumer);

    this.alarms = new OperationalAlarms(this, 'Alarms', {
      stage: this.api.stage,
      deadLetterQueue: this.shardQueue.deadLetterQueue,
      worker: this.worker,
      deadLetterConsumer: this.deadLetterConsumer,
      shardQueue: this.shardQueue.queue,
      table: props.table,
      alarmEmail: config.alarmEmail,
      otherAlarms: this.webhookDeliveryConsumer.alarms,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.baseUrl, description: 'Base URL of the API' });
    new CfnOutput(this, 'WebAppUrl', {
      value: `${this.api.baseUrl}/app`,
      description: "The web app; also the redirect URI of a realm's public client for it (create-client --public)",
    });
    new CfnOutput(this, 'IssuerBaseUrl', {
      value: this.api.baseUrl,
      description: "ISSUER_BASE_URL: a realm's issuer is <this>/realms/<realmId>",
    });
    new CfnOutput(this, 'ShardQueueUrl', { value: this.shardQueue.queue.queueUrl });
    new CfnOutput(this, 'WebhookQueueUrl', { value: this.webhookQueues.queue.queueUrl });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', { value: this.webhookQueues.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'ShardDeadLetterQueueUrl', { value: this.shardQueue.deadLetterQueue.queueUrl });
    if (this.api.domainName) {
      new CfnOutput(this, 'CustomDomainTarget', {
        value: this.api.domainName.regionalDomainName,
        description: 'Point a CNAME or alias for the custom domain here (done for you when a hosted zone is given)',
      });
    }
    if (this.alarms.topic) new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
  }

  private addRoute(key: string, integration: HttpLambdaIntegration): void {
    const [method, path] = key.split(' ');
    const httpRoute = new HttpRoute(this, `Route ${key}`, {
      httpApi: this.api.httpApi,
      routeKey: key === DEFAULT_ROUTE_KEY ? HttpRouteKey.DEFAULT : HttpRouteKey.with(path, HttpMethod[method as Route['method']]),
      integration,
    });
    Validations.of(httpRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: AUTHORIZATION_IN_HANDLERS });
  }
}
