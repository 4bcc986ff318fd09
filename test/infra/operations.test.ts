/**
 * The stateless stack's operational settings: function defaults (in the stateless stack and its
 * nested stacks of route functions), the shard queue and worker, the API stage, alarms, the issuer
 * URL in each configuration, and CloudFormation's own limits.
 */
import { Stack, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.js';
import { ACCESS_LOG_FIELDS } from '../../infra/cdk/constructs/service-api.js';
import { PROJECT_ROOT } from '../../infra/cdk/create-app.js';
import { areaOf, planFunctions } from '../../infra/cdk/route-plan.js';
import { maxShardReceives, staleAfterMs } from '../../shared/domain/runs/limits.js';
import { ServiceFunction } from '../../infra/cdk/constructs/service-function.js';
import { resourcesAcross, resourcesOfType, synthesize, throughParameters, type CfnResourceJson, type Synthesized } from './synthesize.js';

const ENVIRONMENT = ['TABLE_NAME', 'SHARD_QUEUE_URL', 'SIGNING_KEY_ID', 'ISSUER_BASE_URL', 'LOG_LEVEL'];

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
});

function functions(): CfnResourceJson[] {
  return Object.values(resourcesAcross(synth.statelessTemplates, 'AWS::Lambda::Function'));
}

function logicalId(construct: IConstruct): string {
  return synth.logicalIdOf(construct);
}

/** Every function construct of the stateless stack and its nested stacks. */
function functionConstructs(s: Synthesized): ServiceFunction[] {
  return s.app.node.findAll().filter((c): c is ServiceFunction => c instanceof ServiceFunction);
}

describe('functions', () => {
  it('run Node.js 22 or later on ARM64 with JSON logs, active tracing and the service environment', () => {
    for (const fn of functions()) {
      const p = fn.Properties!;
      expect(Number(/^nodejs(\d+)\.x$/.exec(p.Runtime)?.[1])).toBeGreaterThanOrEqual(22);
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Handler).toBe('index.handler');
      expect(p.TracingConfig).toEqual({ Mode: 'Active' });
      expect(p.LoggingConfig).toMatchObject({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO' });
      expect(p.LoggingConfig.LogGroup.Ref).toBeDefined();
      expect(Object.keys(p.Environment.Variables)).toEqual(expect.arrayContaining(ENVIRONMENT));
      expect(p.Environment.Variables.LOG_LEVEL).toBe('info');
    }
  });

  it('each write to a log group of its own with a finite retention', () => {
    const logGroups = resourcesAcross(synth.statelessTemplates, 'AWS::Logs::LogGroup');
    const used = new Set(functions().map((fn) => fn.Properties!.LoggingConfig.LogGroup.Ref as string));
    expect(used.size).toBe(functions().length);
    for (const id of used) expect(logGroups[id].Properties!.RetentionInDays).toBe(30);
  });

  it('API handlers stay within the API Gateway integration timeout', () => {
    for (const fn of synth.stateless.routeFunctions.values()) {
      const props = resourcesAcross(synth.statelessTemplates, 'AWS::Lambda::Function')[logicalId(fn)].Properties!;
      expect(props.Timeout).toBeLessThanOrEqual(29);
    }
  });

  it('the log level follows the logLevel context', () => {
    const debug = synthesize({ logLevel: 'debug' });
    for (const fn of Object.values(resourcesAcross(debug.statelessTemplates, 'AWS::Lambda::Function'))) {
      expect(fn.Properties!.Environment.Variables.LOG_LEVEL).toBe('debug');
      expect(fn.Properties!.LoggingConfig.ApplicationLogLevel).toBe('DEBUG');
    }
  });
});

describe('shard queue and worker', () => {
  it('the queue redrives to an encrypted dead-letter queue and hides a message for at least six worker timeouts', () => {
    const queues = resourcesOfType(synth.statelessTemplate, 'AWS::SQS::Queue');
    const queueId = synth.stateless.getLogicalId(synth.stateless.shardQueue.queue.node.defaultChild as CfnElement);
    const dlqId = synth.stateless.getLogicalId(synth.stateless.shardQueue.deadLetterQueue.node.defaultChild as CfnElement);
    const worker = resourcesOfType(synth.statelessTemplate, 'AWS::Lambda::Function')[logicalId(synth.stateless.worker)];

    const deadLetterConsumer = resourcesOfType(synth.statelessTemplate, 'AWS::Lambda::Function')[
      logicalId(synth.stateless.deadLetterConsumer)
    ];

    const queue = queues[queueId].Properties!;
    expect(queue.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] }, maxReceiveCount: maxShardReceives() });
    // The worker gives up on the same delivery as the queue does.
    for (const consumer of [worker, deadLetterConsumer]) {
      expect(consumer.Properties!.Environment.Variables.SHARD_MAX_RECEIVES).toBe(String(maxShardReceives()));
    }
    // A crashed shard comes back before its run would be declared stale.
    expect(queue.VisibilityTimeout * 1000).toBeLessThan(staleAfterMs());
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(6 * worker.Properties!.Timeout);
    expect(queues[dlqId].Properties!.VisibilityTimeout).toBeGreaterThanOrEqual(6 * deadLetterConsumer.Properties!.Timeout);
    for (const id of [queueId, dlqId]) expect(queues[id].Properties!.SqsManagedSseEnabled).toBe(true);
    expect(queues[dlqId].Properties!.MessageRetentionPeriod).toBe(14 * 24 * 3600);
  });

  it('every queue (shards and webhook deliveries, each with its dead-letter queue) refuses requests that are not over TLS', () => {
    const policies = Object.values(resourcesOfType(synth.statelessTemplate, 'AWS::SQS::QueuePolicy'));
    const guarded = new Set<string>();
    for (const policy of policies) {
      const statements = policy.Properties!.PolicyDocument.Statement as { Effect: string; Condition?: unknown }[];
      const denyInsecure = statements.some(
        (s) => s.Effect === 'Deny' && JSON.stringify(s.Condition) === JSON.stringify({ Bool: { 'aws:SecureTransport': 'false' } }),
      );
      if (denyInsecure) for (const q of policy.Properties!.Queues as { Ref: string }[]) guarded.add(q.Ref);
    }
    expect(guarded.size).toBe(4);
  });

  it('the worker consumes one shard per invocation, reports batch item failures and has a concurrency cap', () => {
    // The consumers of the shard queue, its dead-letter queue and the webhook delivery queue.
    synth.statelessTemplate.resourceCountIs('AWS::Lambda::EventSourceMapping', 3);
    const queueArn = (q: IConstruct) => ({ 'Fn::GetAtt': [logicalId(q), 'Arn'] });
    synth.statelessTemplate.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(synth.stateless.worker) },
      EventSourceArn: queueArn(synth.stateless.shardQueue.queue),
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 20 },
    });
    synth.statelessTemplate.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(synth.stateless.deadLetterConsumer) },
      EventSourceArn: queueArn(synth.stateless.shardQueue.deadLetterQueue),
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    synth.statelessTemplate.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(synth.stateless.webhookDelivery) },
      EventSourceArn: queueArn(synth.stateless.webhookQueues.queue),
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const capped = synthesize({ workerMaxConcurrency: '5' });
    capped.statelessTemplate.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: capped.stateless.getLogicalId(capped.stateless.worker.node.defaultChild as CfnElement) },
      ScalingConfig: { MaximumConcurrency: 5 },
    });
  });

  it('a deploy updates the functions that read shard messages before the route functions that send them', () => {
    const senders = planFunctions(routes, PROJECT_ROOT).filter((planned) => planned.grants.includes('queue:send'));
    expect(senders.length).toBeGreaterThanOrEqual(3); // simulations, comparisons, analyses
    // A sender lives in a nested stack: that stack, as a resource of the stateless stack, waits for the readers.
    const nestedStacks = resourcesOfType(synth.statelessTemplate, 'AWS::CloudFormation::Stack');
    const nestedStackOf = (handler: string) => {
      const stack = Stack.of(synth.stateless.routeFunctions.get(handler)!);
      expect(stack.nestedStackParent, handler).toBe(synth.stateless);
      return nestedStacks[synth.stateless.getLogicalId(stack.nestedStackResource!)];
    };
    const readers = [synth.stateless.worker, synth.stateless.deadLetterConsumer].map(logicalId);
    for (const planned of senders) {
      expect(nestedStackOf(planned.handler).DependsOn, planned.handler).toEqual(expect.arrayContaining(readers));
    }
    // The areas without a sender do not wait for the workers.
    const senderAreas = new Set(senders.map((planned) => areaOf(planned.handler)));
    const reader = planFunctions(routes, PROJECT_ROOT).find((planned) => !senderAreas.has(areaOf(planned.handler)));
    expect(nestedStackOf(reader!.handler).DependsOn ?? []).not.toEqual(expect.arrayContaining(readers));
  });

  it('the worker has reserved concurrency equal to its cap, and no other function reserves any', () => {
    const functions = resourcesAcross(synth.statelessTemplates, 'AWS::Lambda::Function');
    const reserved = Object.entries(functions).filter(([, fn]) => fn.Properties!.ReservedConcurrentExecutions !== undefined);
    expect(reserved.map(([id, fn]) => [id, fn.Properties!.ReservedConcurrentExecutions])).toEqual([
      [logicalId(synth.stateless.worker), 20],
    ]);
    const capped = synthesize({ workerMaxConcurrency: '5' });
    capped.statelessTemplate.hasResourceProperties('AWS::Lambda::Function', {
      ReservedConcurrentExecutions: 5,
      Description: 'Simulation shard worker (SQS)',
    });
  });
});

describe('API stage', () => {
  it('is the auto-deployed $default stage with throttling and JSON access logs', () => {
    const stages = Object.values(resourcesOfType(synth.statelessTemplate, 'AWS::ApiGatewayV2::Stage'));
    expect(stages.length).toBe(1);
    const stage = stages[0].Properties!;
    expect(stage).toMatchObject({ StageName: '$default', AutoDeploy: true });
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
    const format = JSON.parse(stage.AccessLogSettings.Format);
    expect(format).toEqual(ACCESS_LOG_FIELDS);
    expect(format.requestId).toBe('$context.requestId');
    expect(stage.AccessLogSettings.DestinationArn['Fn::GetAtt'][1]).toBe('Arn');
  });

  it('throttling follows the context', () => {
    const custom = synthesize({ apiRateLimit: 10, apiBurstLimit: 20 });
    custom.statelessTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 10, ThrottlingBurstLimit: 20 },
    });
  });
});

describe('alarms', () => {
  it('fire on dead letters waiting, any dead-lettered shard, any API 5xx and any worker error', () => {
    // Seven for the service, and the webhook deliveries' three.
    const every = Object.values(resourcesOfType(synth.statelessTemplate, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties!);
    expect(every.length).toBe(10);
    const webhookAlarms = new Set(synth.stateless.webhookDeliveryConsumer.alarms.map((alarm) => alarm.alarmName));
    expect(webhookAlarms.size).toBe(3);
    const alarms = Object.entries(resourcesOfType(synth.statelessTemplate, 'AWS::CloudWatch::Alarm'))
      .filter(([id]) => !id.includes('WebhookDeliveryConsumer'))
      .map(([, a]) => a.Properties!);
    expect(alarms.length).toBe(7);
    const find = (metric: string) => alarms.find((a) => a.MetricName === metric);
    const dlq = find('ApproximateNumberOfMessagesVisible');
    const deadLettered = find('Invocations');
    const api = find('5xx');
    const worker = alarms.find((a) => a.MetricName === 'Errors' && a.Namespace === 'AWS/Lambda');
    for (const alarm of [dlq, deadLettered, api, worker]) {
      expect(alarm).toBeDefined();
      expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    }
    const dlqId = synth.stateless.getLogicalId(synth.stateless.shardQueue.deadLetterQueue.node.defaultChild as CfnElement);
    expect(dlq!.Dimensions).toEqual([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }]);
    expect(api!.Namespace).toBe('AWS/ApiGateway');
    expect(api!.Dimensions.map((d: { Name: string }) => d.Name).sort()).toEqual(['ApiId', 'Stage']);
    expect(worker!.Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: logicalId(synth.stateless.worker) } }]);
    expect(deadLettered!.Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: logicalId(synth.stateless.deadLetterConsumer) } }]);
    expect(alarms.every((a) => a.AlarmActions === undefined)).toBe(true);
  });

  it('fire on any Lambda throttle, any DynamoDB throttle on the table, and a shard waiting over 5 minutes', () => {
    const alarms = Object.entries(resourcesOfType(synth.statelessTemplate, 'AWS::CloudWatch::Alarm'))
      .filter(([id]) => !id.includes('WebhookDeliveryConsumer'))
      .map(([, a]) => a.Properties!);
    const lambda = alarms.find((a) => a.MetricName === 'Throttles');
    expect(lambda).toMatchObject({ Namespace: 'AWS/Lambda', Statistic: 'Sum', Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    expect(lambda!.Dimensions).toBeUndefined();
    const wait = alarms.find((a) => a.MetricName === 'ApproximateAgeOfOldestMessage');
    const queueId = synth.stateless.getLogicalId(synth.stateless.shardQueue.queue.node.defaultChild as CfnElement);
    expect(wait).toMatchObject({
      Threshold: 300,
      Statistic: 'Maximum',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
    });
    // The table's throttles: a sum over its operations (metric math), each ThrottledRequests on the table.
    const table = alarms.find((a) => Array.isArray(a.Metrics) && JSON.stringify(a.Metrics).includes('ThrottledRequests'));
    expect(table).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    const operations = (
      table!.Metrics as { MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } } }[]
    )
      .filter((m) => m.MetricStat)
      .map((m) => m.MetricStat!.Metric.Dimensions.find((d) => d.Name === 'Operation')!.Value);
    expect(operations.sort()).toEqual(['BatchGetItem', 'BatchWriteItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']);
  });

  it('notify an SSL-only SNS topic when an alarm e-mail is configured', () => {
    const withTopic = synthesize({ alarmEmail: 'operations@example.com' });
    const t = withTopic.statelessTemplate;
    t.resourceCountIs('AWS::SNS::Topic', 1);
    t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'operations@example.com' });
    t.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
    const alarms = Object.values(resourcesOfType(t, 'AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBe(10);
    for (const alarm of alarms) {
      expect(alarm.Properties!.AlarmActions).toEqual([{ Ref: Object.keys(resourcesOfType(t, 'AWS::SNS::Topic'))[0] }]);
    }
  });
});

describe('issuer base URL', () => {
  it("is the API's own endpoint by default, with no dependency cycle", () => {
    const apiId = synth.stateless.getLogicalId(synth.stateless.api.httpApi.node.defaultChild as CfnElement);
    const all = functionConstructs(synth);
    expect(all.length).toBe(functions().length);
    for (const fn of all) {
      const issuer = synth.templateOf(fn).toJSON().Resources[logicalId(fn)].Properties.Environment.Variables.ISSUER_BASE_URL;
      expect(throughParameters(synth, fn, issuer), fn.node.path).toEqual({ 'Fn::GetAtt': [apiId, 'ApiEndpoint'] });
    }
    for (const t of synth.statelessTemplates) expect(findCycle(t.toJSON().Resources)).toBeUndefined();
    const outputs = synth.statelessTemplate.findOutputs('IssuerBaseUrl');
    expect(Object.values(outputs)[0].Value).toEqual({ 'Fn::GetAtt': [apiId, 'ApiEndpoint'] });
  });

  it('is https://<custom domain> when one is configured, with the execute-api endpoint closed and DNS created', () => {
    const custom = synthesize({
      domainName: 'api.example.com',
      certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-123456789012',
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'example.com',
    });
    const t = custom.statelessTemplate;
    const all = Object.values(resourcesAcross(custom.statelessTemplates, 'AWS::Lambda::Function'));
    expect(all.length).toBe(functions().length);
    for (const fn of all) {
      expect(fn.Properties!.Environment.Variables.ISSUER_BASE_URL).toBe('https://api.example.com');
    }
    t.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    t.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.com',
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: Match.stringLikeRegexp('^arn:aws:acm:') })],
    });
    t.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    t.hasResourceProperties('AWS::Route53::RecordSet', { Name: 'api.example.com.', Type: 'A', HostedZoneId: 'Z0123456789ABC' });
    for (const template of custom.statelessTemplates) expect(findCycle(template.toJSON().Resources)).toBeUndefined();
  });
});

describe('CloudFormation limits', () => {
  it('every stack stays under 500 resources, with room to grow', () => {
    // CloudFormation refuses a template of more than 500 resources. Each route costs the stateless
    // stack three (route, integration, invoke permission) and each handler four (function, role,
    // policy, log group) in its area's nested stack: a stack near 450 has room for a dozen routes
    // more, and is the moment to split it again (a new area, or an area in two).
    expect(synth.allTemplates.length).toBe(2 + synth.stateless.routeFunctionStacks.length);
    for (const t of synth.allTemplates) {
      expect(Object.keys(t.toJSON().Resources).length).toBeLessThan(450);
    }
  });
});

/** A dependency cycle among the template's resources (Ref, GetAtt, Sub, DependsOn), if any. */
function findCycle(resources: Record<string, { DependsOn?: string[] | string }>): string[] | undefined {
  const ids = new Set(Object.keys(resources));
  const edges = new Map<string, Set<string>>();
  for (const [id, resource] of Object.entries(resources)) {
    const deps = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'Ref' && typeof v === 'string' && ids.has(v)) deps.add(v);
          else if (k === 'Fn::GetAtt' && Array.isArray(v) && ids.has(v[0])) deps.add(v[0]);
          else if (k === 'Fn::Sub') {
            const text = Array.isArray(v) ? v[0] : v;
            for (const m of String(text).matchAll(/\$\{([A-Za-z0-9]+)/g)) if (ids.has(m[1])) deps.add(m[1]);
            visit(v);
          } else visit(v);
        }
      }
    };
    visit(resource);
    for (const d of [resource.DependsOn ?? []].flat()) deps.add(d);
    edges.set(id, deps);
  }
  const state = new Map<string, 'open' | 'done'>();
  const walk = (id: string, path: string[]): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return [...path, id];
    state.set(id, 'open');
    for (const dep of edges.get(id) ?? []) {
      const cycle = walk(dep, [...path, id]);
      if (cycle) return cycle;
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const id of ids) {
    const cycle = walk(id, []);
    if (cycle) return cycle;
  }
  return undefined;
}
