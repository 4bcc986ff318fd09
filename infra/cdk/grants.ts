/**
 * Least-privilege permissions, written out action by action: a read handler can never write, and
 * nothing gets a permission its route does not declare. No statement uses a wildcard action.
 */
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ExtraGrant } from '../../functions/routes.js';
import { usageKeys } from '../../shared/store/usage/ledger.js';

/** Reads, including the condition checks the repository attaches to batched writes' reads. */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'] as const;

export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'] as const;

export const QUEUE_SEND_ACTIONS = ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'] as const;
export const KEY_SIGN_ACTIONS = ['kms:Sign'] as const;
export const KEY_READ_PUBLIC_ACTIONS = ['kms:GetPublicKey'] as const;
export const USAGE_COUNT_ACTIONS = ['dynamodb:UpdateItem'] as const;
/** Sealing a webhook secret; only the delivery function opens one (`kms:Decrypt`). */
export const KEY_ENCRYPT_ACTIONS = ['kms:Encrypt'] as const;
export const KEY_DECRYPT_ACTIONS = ['kms:Decrypt'] as const;
/** The partition keys `usage:count` may update: every realm's usage partition (the store's own key), nothing else. */
export const USAGE_PARTITION_PATTERN = usageKeys.partition('*');

export interface TableTarget {
  table: ITable;
  indexNames: string[];
}

/** Table access: the table itself and each named index, never `index/*`. */
export function grantTable(grantee: IGrantable, target: TableTarget, access: 'read' | 'write'): void {
  const resources = [target.table.tableArn, ...target.indexNames.map((name) => `${target.table.tableArn}/index/${name}`)];
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: access === 'write' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : [...TABLE_READ_ACTIONS],
      resources,
    }),
  );
}

export interface ExtraGrantTargets {
  shardQueue: IQueue;
  /** The key that signs tokens now. */
  signingKey: IKey;
  /** Retired keys: only their public keys are read, for the JWKS. */
  retiredSigningKeys: IKey[];
  /** The table whose usage items `usage:count` updates. */
  table: ITable;
  /** Where webhook deliveries are queued. */
  webhookQueue: IQueue;
  /** The symmetric key webhook secrets are sealed with. */
  webhookSecretKey: IKey;
}

/** The cloud permissions a route declares beyond the table, and only those. */
export function grantExtras(grantee: IGrantable, grants: readonly ExtraGrant[], targets: ExtraGrantTargets): void {
  for (const grant of new Set(grants)) {
    const statement = extraGrantStatement(grant, targets);
    grantee.grantPrincipal.addToPrincipalPolicy(statement);
  }
}

function extraGrantStatement(grant: ExtraGrant, targets: ExtraGrantTargets): PolicyStatement {
  switch (grant) {
    case 'queue:send':
      return new PolicyStatement({ actions: [...QUEUE_SEND_ACTIONS], resources: [targets.shardQueue.queueArn] });
    case 'signing-key:sign':
      return new PolicyStatement({ actions: [...KEY_SIGN_ACTIONS], resources: [targets.signingKey.keyArn] });
    case 'signing-key:read-public':
      return new PolicyStatement({
        actions: [...KEY_READ_PUBLIC_ACTIONS],
        resources: [targets.signingKey, ...targets.retiredSigningKeys].map((key) => key.keyArn),
      });
    case 'usage:count':
      // Every partition key the request touches must be a usage partition: no other item can change.
      return new PolicyStatement({
        actions: [...USAGE_COUNT_ACTIONS],
        resources: [targets.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [USAGE_PARTITION_PATTERN] } },
      });
    case 'webhook-queue:send':
      return new PolicyStatement({ actions: [...QUEUE_SEND_ACTIONS], resources: [targets.webhookQueue.queueArn] });
    case 'webhook-key:encrypt':
      return new PolicyStatement({ actions: [...KEY_ENCRYPT_ACTIONS], resources: [targets.webhookSecretKey.keyArn] });
  }
}
