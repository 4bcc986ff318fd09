/**
 * Starts the real local runtime (HTTP server + dynalite) in this test process on a free port with
 * a fresh data directory. One per test file: start it in `beforeAll`, close it in `afterAll`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import type { LocalRuntimeOptions } from '../../infra/local/runtime.js';
import { dynamoDbLocalEndpoint, startStoreUnderTest } from './store-under-test.js';
import { createTestIssuer } from './tokens.js';
import type { TestIssuer } from './tokens.js';

export interface TestServer {
  url: string;
  dataDir: string;
  issuer: TestIssuer;
  close(): Promise<void>;
}

export interface TestServerOptions extends Omit<LocalRuntimeOptions, 'port' | 'dataDir'> {
  /** Realms the test issuer serves keys for. Default: `realm-a`, `realm-b`. */
  realms?: string[];
  /** Use this directory and keep it (e.g. to restart on the same data). */
  dataDir?: string;
  /** Leave token keys to the runtime's configured source instead of the test issuer. */
  realKeys?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  process.env.LOG_LEVEL ??= 'warn';
  // Every request of a test comes from the one loopback address, faster than any person signs in;
  // the hashing budget itself is tested on its own (test/identity/login-throttle.test.ts).
  process.env.HASH_BUDGET_PER_ADDRESS ??= '100000';
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hs-test-'));
  let url = '';
  const issuer = await createTestIssuer(() => url, options.realms ?? ['realm-a', 'realm-b']);
  // The runtime starts its embedded store itself, unless the file runs against DynamoDB Local.
  const dynamoDbLocal = dynamoDbLocalEndpoint() ? await startStoreUnderTest() : undefined;
  const runtime = await startLocalRuntime({
    ...options,
    storeEndpoint: dynamoDbLocal?.endpoint,
    port: 0,
    dataDir,
    jwksProvider: options.realKeys ? options.jwksProvider : (options.jwksProvider ?? issuer.jwksProvider),
  });
  url = runtime.url;
  return {
    url,
    dataDir,
    issuer,
    close: async () => {
      await runtime.close();
      await dynamoDbLocal?.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
