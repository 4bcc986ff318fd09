/**
 * What holds state and must outlive any code change: the single DynamoDB table, the token
 * signing keys and the key that seals webhook secrets. Kept apart from the stateless stack so that replacing functions or the API can
 * never replace or delete data.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Alias, Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import { table as tableShape } from '../../shared/store/table.js';

export interface StatefulStackProps extends StackProps {
  appName: string;
  /** Signing key generations, oldest first; the last one signs. */
  signingKeyGenerations: string[];
  /** Generations kept and exported here but no longer published by the functions. */
  withdrawnSigningKeyGenerations?: string[];
}

export class StatefulStack extends Stack {
  readonly table: Table;
  /** Names of the table's global secondary indexes (for exact, wildcard-free grants). */
  readonly indexNames: string[];
  /** The key that signs tokens now (the last generation). */
  readonly signingKey: Key;
  /** Older generations, newest first: no longer signing, still published until their tokens expire (withdrawn ones left out). */
  readonly retiredSigningKeys: Key[] = [];
  /** Alias that always names the current signing key. */
  readonly signingKeyAlias: string;
  /** The symmetric key webhook signing secrets are sealed with (docs/EVENTS.md). */
  readonly webhookSecretKey: Key;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: tableShape.partitionKey.name, type: AttributeType.STRING },
      sortKey: { name: tableShape.sortKey.name, type: AttributeType.STRING },
      billingMode: tableShape.billingMode === 'PAY_PER_REQUEST' ? BillingMode.PAY_PER_REQUEST : BillingMode.PROVISIONED,
      timeToLiveAttribute: tableShape.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      // The AWS managed key: encrypted at rest with no key fee and no key grants to manage.
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableShape.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey.name, type: AttributeType.STRING },
        sortKey: { name: index.sortKey.name, type: AttributeType.STRING },
        projectionType: index.projection === 'ALL' ? ProjectionType.ALL : ProjectionType.KEYS_ONLY,
      });
    }
    this.indexNames = tableShape.globalIndexes.map((index) => index.indexName);

    this.signingKeyAlias = `alias/${props.appName}/token-signing`;
    const generations = props.signingKeyGenerations;
    let current: Key | undefined;
    generations.forEach((generation, i) => {
      const isCurrent = i === generations.length - 1;
      const key = new Key(this, `SigningKey${generation}`, {
        description: `Token signing key, generation ${generation} (RS256)`,
        keySpec: KeySpec.RSA_2048,
        keyUsage: KeyUsage.SIGN_VERIFY,
        // A lost signing key invalidates every session: never delete it with the stack.
        removalPolicy: RemovalPolicy.RETAIN,
      });
      // Exported explicitly, as long as the generation is listed: the export outlives the stateless
      // stack's use of it (a withdrawn generation), so it is never removed while still imported.
      this.exportValue(key.keyArn);
      if (isCurrent) current = key;
      else if (!props.withdrawnSigningKeyGenerations?.includes(generation)) this.retiredSigningKeys.unshift(key);
    });
    if (current === undefined) throw new Error('signingKeyGenerations must name at least one generation');
    this.signingKey = current;
    // One alias resource whose target moves on rotation (an update in place); an alias per key would
    // make CloudFormation create the new alias while the old one still holds the name.
    new Alias(this, 'SigningKeyAlias', { aliasName: this.signingKeyAlias, targetKey: current });

    this.webhookSecretKey = new Key(this, 'WebhookSecretKey', {
      description: 'Seals the webhook signing secrets stored in the table',
      enableKeyRotation: true,
      // Without it no stored webhook secret opens again: never delete it with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'TABLE_NAME for npm run admin' });
    new CfnOutput(this, 'SigningKeyArn', { value: current.keyArn, description: 'The key that signs tokens now' });
    new CfnOutput(this, 'SigningKeyAliasName', { value: this.signingKeyAlias });
  }
}
