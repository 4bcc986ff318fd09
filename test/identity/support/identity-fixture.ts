/**
 * An identity provider on a real embedded store (dynalite, in memory) with a local key ring in a
 * temporary folder: what the unit tests of grants, rotation and concurrency run against.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDocumentClient, createDynamoDbClient } from '../../../shared/aws/dynamodb.js';
import { IdentityProvider } from '../../../shared/identity/provider.js';
import { LocalKeyRing } from '../../../shared/identity/signing/local-key-ring.js';
import { IdentityStore } from '../../../shared/store/identity/identity-store.js';
import { ensureTable } from '../../../infra/local/dynalite.js';

const dynalite = createRequire(import.meta.url)('dynalite') as (options: Record<string, unknown>) => Server;

export interface IdentityFixture {
  provider: IdentityProvider;
  store: IdentityStore;
  keys: LocalKeyRing;
  dataDir: string;
  close(): Promise<void>;
}

export async function startIdentityFixture(clock: () => Date = () => new Date()): Promise<IdentityFixture> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const connection = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const tableName = 'identity-test';
  await ensureTable(createDynamoDbClient(connection), tableName);
  const store = new IdentityStore(createDocumentClient(connection), tableName);
  const dataDir = await mkdtemp(join(tmpdir(), 'identity-'));
  const keys = new LocalKeyRing(join(dataDir, 'signing-keys.json'), clock);
  return {
    provider: new IdentityProvider(store, keys, clock),
    store,
    keys,
    dataDir,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
