import type { DocumentClient } from '../../aws/dynamodb/document-client.js';

/** The document client and table every identity repository works on. */
export interface IdentityTable {
  doc: DocumentClient;
  tableName: string;
}

export function isConditionFailure(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';
}
