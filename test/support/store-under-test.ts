/**
 * The DynamoDB a test file runs against: the embedded store (dynalite) by default, or DynamoDB Local
 * when the file runs in the `dynamodb-local` project (vitest.config.ts), which parses the real
 * protocol strictly. Either way the process's AWS settings point at it, as the local runtime's do.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startEmbeddedStore } from '../../infra/local/dynalite.js';
import { useStoreCredentials } from '../../shared/aws/dynamodb.js';

export interface StoreUnderTest {
  endpoint: string;
  /** `dynalite` or `dynamodb-local`. */
  kind: string;
  close(): Promise<void>;
}

/** DynamoDB Local's endpoint when this file runs in the `dynamodb-local` project. */
export function dynamoDbLocalEndpoint(): string | undefined {
  return inject('dynamoDbLocalEndpoint');
}

/** One per test process, so a runtime started again on the same data finds it. */
const processAccessKey = `test${randomBytes(8).toString('hex')}`;

export async function startStoreUnderTest(): Promise<StoreUnderTest> {
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_SECRET_ACCESS_KEY = 'local';
  const local = dynamoDbLocalEndpoint();
  if (local) {
    // DynamoDB Local keeps a database per access key (letters and digits): this file's own.
    process.env.AWS_ACCESS_KEY_ID = processAccessKey;
    useStoreCredentials(undefined);
    return { endpoint: local, kind: 'dynamodb-local', close: async () => {} };
  }
  process.env.AWS_ACCESS_KEY_ID = 'local';
  const dir = mkdtempSync(join(tmpdir(), 'store-'));
  const store = await startEmbeddedStore(dir);
  useStoreCredentials(store.credentials);
  return {
    endpoint: store.endpoint,
    kind: 'dynalite',
    close: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
