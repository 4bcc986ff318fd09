/**
 * The stateful stack: the table exactly as shared/store/table.ts describes it, protected against
 * loss, and the token signing keys.
 */
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnKey } from 'aws-cdk-lib/aws-kms';
import { describe, expect, it } from 'vitest';
import { table as tableShape } from '../../shared/store/table.js';
import { resourcesAcross, resourcesOfType, synthesize } from './synthesize.js';

describe('the table', () => {
  const { statefulTemplate } = synthesize();

  it('has the key schema, attributes and indexes of the table definition', () => {
    const tables = Object.values(resourcesOfType(statefulTemplate, 'AWS::DynamoDB::Table'));
    expect(tables.length).toBe(1);
    const props = tables[0].Properties!;
    expect(props.KeySchema).toEqual([
      { AttributeName: tableShape.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: tableShape.sortKey.name, KeyType: 'RANGE' },
    ]);
    expect(props.GlobalSecondaryIndexes).toEqual(
      tableShape.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: index.projection },
      })),
    );
    const attributes = [
      tableShape.partitionKey,
      tableShape.sortKey,
      ...tableShape.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    expect(props.AttributeDefinitions).toEqual(
      expect.arrayContaining(attributes.map((a) => ({ AttributeName: a.name, AttributeType: a.type }))),
    );
    expect(props.AttributeDefinitions.length).toBe(attributes.length);
  });

  it('is on demand, encrypted, recoverable to a point in time, protected from deletion, with TTL on expiresAt', () => {
    statefulTemplate.hasResource('AWS::DynamoDB::Table', {
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        SSESpecification: { SSEEnabled: true },
      },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    expect(tableShape.timeToLiveAttribute).toBe('expiresAt');
  });

  it('its name is an output, for npm run admin', () => {
    const outputs = statefulTemplate.findOutputs('TableName');
    expect(Object.values(outputs)[0].Value).toEqual({ Ref: Object.keys(resourcesOfType(statefulTemplate, 'AWS::DynamoDB::Table'))[0] });
  });
});

describe('the signing key', () => {
  it('is an RSA 2048 sign/verify key, retained, with an alias', () => {
    const { statefulTemplate, stateful } = synthesize();
    // The signing key, and the webhook secrets' key (below).
    statefulTemplate.resourceCountIs('AWS::KMS::Key', 2);
    statefulTemplate.hasResource('AWS::KMS::Key', {
      Properties: { KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY', Enabled: Match.absent() },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    statefulTemplate.hasResourceProperties('AWS::KMS::Alias', {
      AliasName: stateful.signingKeyAlias,
      TargetKeyId: { 'Fn::GetAtt': [stateful.getLogicalId(stateful.signingKey.node.defaultChild as CfnKey), 'Arn'] },
    });
    expect(stateful.signingKeyAlias).toMatch(/^alias\/[A-Za-z0-9/_-]+$/);
  });

  it('rotation keeps the retired generation, moves the alias and lists the signer first in SIGNING_KEY_ID', () => {
    const { statefulTemplate, stateful, stateless, statelessTemplates } = synthesize({ signingKeyGenerations: '1,2' });
    statefulTemplate.resourceCountIs('AWS::KMS::Key', 3);
    statefulTemplate.resourceCountIs('AWS::KMS::Alias', 1);
    const currentId = stateful.getLogicalId(stateful.signingKey.node.defaultChild as CfnKey);
    expect(stateful.signingKey.node.id).toBe('SigningKey2');
    statefulTemplate.hasResourceProperties('AWS::KMS::Alias', { TargetKeyId: { 'Fn::GetAtt': [currentId, 'Arn'] } });

    // Both keys are exported explicitly, so retiring or dropping one never blocks on an import.
    const outputs = JSON.stringify(statefulTemplate.findOutputs('*'));
    for (const key of [stateful.signingKey, ...stateful.retiredSigningKeys]) {
      expect(outputs).toContain(stateful.getLogicalId(key.node.defaultChild as CfnKey));
    }

    const expected = JSON.stringify({
      'Fn::Join': ['', [stateless.resolve(stateful.signingKey.keyArn), ',', stateless.resolve(stateful.retiredSigningKeys[0].keyArn)]],
    });
    // Every function, in the stateless stack and its nested stacks, imports the keys from the stateful stack.
    const functions = Object.values(resourcesAcross(statelessTemplates, 'AWS::Lambda::Function'));
    // The route functions, the fallback, the shard queue's two consumers and the webhook delivery function.
    expect(functions.length).toBe(stateless.routeFunctions.size + 4);
    for (const fn of functions) {
      expect(JSON.stringify(fn.Properties!.Environment.Variables.SIGNING_KEY_ID)).toBe(expected);
    }
  });
});

describe('the webhook secrets key', () => {
  it('is a symmetric encryption key with yearly rotation, retained, given to every function as WEBHOOK_SECRET_KEY_ID', () => {
    const { statefulTemplate, stateful, stateless, statelessTemplates } = synthesize();
    const keyId = stateful.getLogicalId(stateful.webhookSecretKey.node.defaultChild as CfnKey);
    const key = statefulTemplate.toJSON().Resources[keyId];
    expect(key).toMatchObject({ DeletionPolicy: 'Retain', Properties: { EnableKeyRotation: true } });
    expect(key.Properties.KeySpec).toBeUndefined();
    const expected = JSON.stringify(stateless.resolve(stateful.webhookSecretKey.keyArn));
    const functions = Object.values(resourcesAcross(statelessTemplates, 'AWS::Lambda::Function'));
    expect(functions.length).toBe(stateless.routeFunctions.size + 4);
    for (const fn of functions) {
      expect(JSON.stringify(fn.Properties!.Environment.Variables.WEBHOOK_SECRET_KEY_ID)).toBe(expected);
    }
  });
});
