import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** The document client and table every identity repository works on. */
export interface IdentityTable {
  doc: DynamoDBDocumentClient;
  tableName: string;
}

export function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}
