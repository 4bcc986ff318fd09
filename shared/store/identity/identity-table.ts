import type { DocumentClient } from '../../aws/dynamodb.js';

/** The document client and table every identity repository works on. */
export interface IdentityTable {
  doc: DocumentClient;
  tableName: string;
}
