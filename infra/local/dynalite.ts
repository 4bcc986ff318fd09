/**
 * The embedded DynamoDB-compatible store: dynalite on a loopback port, persisting under the data
 * directory (LevelDB), and the single table created from `shared/store/table.ts` when missing.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { CreateTableCommandInput, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTableExists } from '../../shared/aws/dynamodb.js';
import { table } from '../../shared/store/table.js';
import { requireSignedRequests } from './signed-store-requests.js';
import { type StoreCredentials, storeCredentials } from './store-credentials.js';
import { closeStoreIteratorsOnReturn } from './store-iterators.js';

const require = createRequire(import.meta.url);
const dynalite = require('dynalite') as (options: Record<string, unknown>) => Server;

export interface EmbeddedStore {
  endpoint: string;
  /** What every request to the store must be signed with (made at the data directory's first start). */
  credentials: StoreCredentials;
  close(): Promise<void>;
}

export async function startEmbeddedStore(dataDir: string): Promise<EmbeddedStore> {
  // The data (users' password hashes, households, signing keys) is the owner's alone: a directory
  // no one else may enter keeps every file in it private, whatever mode the store gives its files.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  // The port, though, is open to every local user: the store answers only its credentials' holders.
  const credentials = storeCredentials(dataDir);
  closeStoreIteratorsOnReturn();
  const server = dynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const [store] = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', requireSignedRequests(store, credentials));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** The single table's creation request, from its definition in `shared/store/table.ts`. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const attributes = new Map<string, 'S'>();
  for (const key of [table.partitionKey, table.sortKey, ...table.globalIndexes.flatMap((g) => [g.partitionKey, g.sortKey])]) {
    attributes.set(key.name, key.type);
  }
  return {
    TableName: tableName,
    BillingMode: table.billingMode,
    AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    KeySchema: [
      { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: table.globalIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: g.sortKey.name, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: g.projection },
    })),
  };
}

/** Creates the table unless it exists; `dynamodb` is a DynamoDB client pointed at the store. */
export function ensureTable(dynamodb: DynamoDBClient, tableName: string): Promise<void> {
  return ensureTableExists(dynamodb, createTableInput(tableName));
}
