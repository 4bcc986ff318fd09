/**
 * Least privilege, checked on the synthesized policies: each function's actions are exactly what its
 * routes declare, read handlers cannot write, and no statement uses a wildcard action.
 */
import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.js';
import { PROJECT_ROOT } from '../../infra/cdk/create-app.js';
import {
  KEY_DECRYPT_ACTIONS,
  KEY_ENCRYPT_ACTIONS,
  KEY_READ_PUBLIC_ACTIONS,
  KEY_SIGN_ACTIONS,
  QUEUE_SEND_ACTIONS,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
  USAGE_COUNT_ACTIONS,
  USAGE_PARTITION_PATTERN,
} from '../../infra/cdk/grants.js';
import { planFunctions } from '../../infra/cdk/route-plan.js';
import { table as tableShape } from '../../shared/store/table.js';
import type { ServiceFunction } from '../../infra/cdk/constructs/service-function.js';
import { actionsOf, resourcesAcross, resourcesOfType, synthesize, type Synthesized } from './synthesize.js';

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

const LOG_ACTIONS = ['logs:CreateLogStream', 'logs:PutLogEvents'];
const TRACE_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];
const QUEUE_CONSUME_ACTIONS = [
  'sqs:ReceiveMessage',
  'sqs:DeleteMessage',
  'sqs:ChangeMessageVisibility',
  'sqs:GetQueueAttributes',
  'sqs:GetQueueUrl',
];
/** Every DynamoDB action that changes data. */
const DYNAMODB_WRITES = /^dynamodb:(Put|Update|Delete|BatchWrite|TransactWrite|Create|Restore|Import)/;

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize({ signingKeyGenerations: ['1', '2'] });
});

/** The statements of the policies on a function's role, from the template of the stack that holds both. */
function statementsOf(fn: ServiceFunction): Statement[] {
  const roleId = synth.logicalIdOf(fn.role!);
  const policies = Object.values(resourcesOfType(synth.templateOf(fn), 'AWS::IAM::Policy')).filter((p) =>
    (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId),
  );
  return policies.flatMap((p) => p.Properties!.PolicyDocument.Statement as Statement[]);
}

function actionSet(fn: ServiceFunction): Set<string> {
  return new Set(statementsOf(fn).flatMap(actionsOf));
}

function allFunctions(): [string, ServiceFunction][] {
  return [
    ...synth.stateless.routeFunctions.entries(),
    ['fallback', synth.stateless.fallbackFunction!],
    ['worker', synth.stateless.worker],
    ['dead-letter consumer', synth.stateless.deadLetterConsumer],
    ['webhook delivery', synth.stateless.webhookDelivery],
  ];
}

/** Functions that reach the table (all but the fallback, which only answers 404/405/preflight, and routes of access `none`). */
function tableFunctions(): [string, ServiceFunction][] {
  const tableless = new Set(
    planFunctions(routes, PROJECT_ROOT)
      .filter((p) => p.access === 'none')
      .map((p) => p.handler),
  );
  return allFunctions().filter(([name]) => name !== 'fallback' && !tableless.has(name));
}

/** How the stack holding `fn` refers to an ARN of another stack (an `Fn::ImportValue`), as text. */
function referenceIn(fn: ServiceFunction, arn: string): string {
  return JSON.stringify(synth.resolveIn(fn, arn));
}

describe('function permissions', () => {
  it('no statement of any function grants a wildcard action', () => {
    for (const [name, fn] of allFunctions()) {
      for (const action of actionSet(fn)) {
        expect(action, name).not.toBe('*');
        expect(action, name).not.toMatch(/\*/);
      }
    }
  });

  it('each route function has exactly the actions its routes declare', () => {
    for (const planned of planFunctions(routes, PROJECT_ROOT)) {
      const expected = new Set<string>([...LOG_ACTIONS, ...TRACE_ACTIONS]);
      if (planned.access !== 'none') TABLE_READ_ACTIONS.forEach((a) => expected.add(a));
      if (planned.access === 'write') TABLE_WRITE_ACTIONS.forEach((a) => expected.add(a));
      if (planned.grants.includes('queue:send')) QUEUE_SEND_ACTIONS.forEach((a) => expected.add(a));
      if (planned.grants.includes('signing-key:sign')) KEY_SIGN_ACTIONS.forEach((a) => expected.add(a));
      if (planned.grants.includes('signing-key:read-public')) KEY_READ_PUBLIC_ACTIONS.forEach((a) => expected.add(a));
      if (planned.grants.includes('usage:count')) USAGE_COUNT_ACTIONS.forEach((a) => expected.add(a));
      if (planned.grants.includes('webhook-queue:send')) QUEUE_SEND_ACTIONS.forEach((a) => expected.add(a));
      if (planned.grants.includes('webhook-key:encrypt')) KEY_ENCRYPT_ACTIONS.forEach((a) => expected.add(a));
      const fn = synth.stateless.routeFunctions.get(planned.handler)!;
      expect([...actionSet(fn)].sort(), planned.handler).toEqual([...expected].sort());
    }
  });

  it('read handlers write nothing but usage counters: UpdateItem on the table, only where the partition key is a usage partition', () => {
    const readOnly = planFunctions(routes, PROJECT_ROOT).filter((p) => p.access === 'read');
    expect(readOnly.length).toBeGreaterThan(0);
    for (const planned of readOnly) {
      const fn = synth.stateless.routeFunctions.get(planned.handler)!;
      for (const statement of statementsOf(fn)) {
        const writes = actionsOf(statement).filter((action) => DYNAMODB_WRITES.test(action));
        if (writes.length === 0) continue;
        expect(writes, planned.handler).toEqual(['dynamodb:UpdateItem']);
        expect(JSON.stringify(statement.Resource), planned.handler).not.toContain('/index/');
        expect(statement.Condition, planned.handler).toEqual({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [USAGE_PARTITION_PATTERN] },
        });
      }
    }
  });

  it('table access names the table and each of its indexes, never index/*', () => {
    for (const [name, fn] of tableFunctions()) {
      // The usage counter's statement (a read handler's, limited to usage partitions) is checked above.
      const tableStatements = statementsOf(fn).filter((s) => !s.Condition && actionsOf(s).some((a) => a.startsWith('dynamodb:')));
      expect(tableStatements.length, name).toBe(1);
      const resources = tableStatements[0].Resource as unknown[];
      expect(resources.length, name).toBe(1 + tableShape.globalIndexes.length);
      const text = JSON.stringify(resources);
      for (const index of tableShape.globalIndexes) expect(text, name).toContain(`/index/${index.indexName}"`);
      expect(text, name).not.toContain('/index/*');
    }
  });

  it("Resource '*' appears only on the X-Ray statement, which supports no resource scoping", () => {
    for (const [name, fn] of allFunctions()) {
      for (const statement of statementsOf(fn)) {
        if (statement.Resource === '*') expect(actionsOf(statement).sort(), name).toEqual([...TRACE_ACTIONS].sort());
      }
    }
  });

  it('kms:Sign reaches only the current key; public keys are readable for current and retired keys', () => {
    expect(synth.stateful.retiredSigningKeys.length).toBe(1);
    for (const [name, fn] of allFunctions()) {
      const current = referenceIn(fn, synth.stateful.signingKey.keyArn);
      const retired = synth.stateful.retiredSigningKeys.map((k) => referenceIn(fn, k.keyArn));
      expect(current, name).toContain('Fn::ImportValue');
      for (const statement of statementsOf(fn)) {
        const actions = actionsOf(statement);
        const resources = JSON.stringify(statement.Resource);
        if (actions.includes('kms:Sign')) {
          expect(actions, name).toEqual(['kms:Sign']);
          expect(resources, name).toBe(current);
        }
        if (actions.includes('kms:GetPublicKey')) {
          expect(resources, name).toContain(current.slice(1, -1));
          for (const r of retired) expect(resources, name).toContain(r.slice(1, -1));
        }
      }
    }
  });

  it('the worker and the dead-letter consumer read and write the table, consume their own queue and send to the webhook queue', () => {
    const expected = [
      ...LOG_ACTIONS,
      ...TRACE_ACTIONS,
      ...TABLE_READ_ACTIONS,
      ...TABLE_WRITE_ACTIONS,
      ...QUEUE_CONSUME_ACTIONS,
      ...QUEUE_SEND_ACTIONS,
    ];
    const webhookQueueArn = { 'Fn::GetAtt': [synth.logicalIdOf(synth.stateless.webhookQueues.queue), 'Arn'] };
    const consumers: [ServiceFunction, IConstruct][] = [
      [synth.stateless.worker, synth.stateless.shardQueue.queue],
      [synth.stateless.deadLetterConsumer, synth.stateless.shardQueue.deadLetterQueue],
    ];
    for (const [fn, queue] of consumers) {
      expect([...actionSet(fn)].sort()).toEqual([...new Set(expected)].sort());
      const sqs = statementsOf(fn).filter((s) => actionsOf(s).some((a) => a.startsWith('sqs:')));
      const resources = sqs.map((s) => s.Resource);
      expect(resources).toHaveLength(2);
      expect(resources).toEqual(expect.arrayContaining([{ 'Fn::GetAtt': [synth.logicalIdOf(queue), 'Arn'] }, webhookQueueArn]));
      const send = sqs.find((s) => actionsOf(s).includes('sqs:SendMessage'));
      expect(send?.Resource).toEqual(webhookQueueArn);
    }
  });

  it('webhook secrets: registering and rotating may only encrypt, the delivery function only decrypt, with the one key', () => {
    for (const [name, fn] of allFunctions()) {
      const key = referenceIn(fn, synth.stateful.webhookSecretKey.keyArn);
      expect(key, name).toContain('Fn::ImportValue');
      const actions = actionSet(fn);
      const encrypts = ['webhooks/register', 'webhooks/rotate-secret'].includes(name);
      expect(actions.has('kms:Encrypt'), name).toBe(encrypts);
      expect(actions.has('kms:Decrypt'), name).toBe(name === 'webhook delivery');
      for (const statement of statementsOf(fn)) {
        const kms = actionsOf(statement).filter((a) => a === 'kms:Encrypt' || a === 'kms:Decrypt');
        if (kms.length > 0) expect(JSON.stringify(statement.Resource), name).toBe(key);
      }
    }
    const delivery = [...actionSet(synth.stateless.webhookDelivery)].sort();
    expect(delivery).toEqual(
      [
        ...new Set([
          ...LOG_ACTIONS,
          ...TRACE_ACTIONS,
          ...TABLE_READ_ACTIONS,
          ...TABLE_WRITE_ACTIONS,
          ...QUEUE_CONSUME_ACTIONS,
          ...QUEUE_SEND_ACTIONS,
          ...KEY_DECRYPT_ACTIONS,
        ]),
      ].sort(),
    );
  });

  it('the fallback handler only writes its logs and traces', () => {
    expect([...actionSet(synth.stateless.fallbackFunction!)].sort()).toEqual([...LOG_ACTIONS, ...TRACE_ACTIONS].sort());
  });

  it('roles carry no managed policies and trust only Lambda', () => {
    const roles = Object.values(resourcesAcross(synth.statelessTemplates, 'AWS::IAM::Role'));
    expect(roles.length).toBe(allFunctions().length);
    for (const role of roles) {
      expect(role.Properties!.ManagedPolicyArns).toBeUndefined();
      const principals = (role.Properties!.AssumeRolePolicyDocument.Statement as { Principal: { Service: string } }[]).map(
        (s) => s.Principal.Service,
      );
      expect(principals).toEqual(['lambda.amazonaws.com']);
    }
  });

  it('every function has its own role', () => {
    // The role each function's template names, as `stack/logical id`.
    const roles = new Set(
      allFunctions().map(([, fn]) => {
        const role = synth.templateOf(fn).toJSON().Resources[synth.logicalIdOf(fn)].Properties.Role;
        return `${Stack.of(fn).stackName}/${role['Fn::GetAtt'][0]}`;
      }),
    );
    expect(roles.size).toBe(allFunctions().length);
  });
});
