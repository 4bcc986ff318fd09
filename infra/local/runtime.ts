/**
 * The local runtime as a function: embedded store, table, HTTP server and plugins, started in
 * order and stopped in reverse. `npm start` and the integration tests both use it.
 */
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createDynamoDbClient, useStoreCredentials } from '../../shared/aws/dynamodb.js';
import { configureAuth } from '../../shared/http/auth-config.js';
import type { JwksProvider } from '../../shared/http/auth.js';
import { resetDynamoClient } from '../../shared/store/client.js';
import { tableName } from '../../shared/store/table.js';
import { ensureTable, startEmbeddedStore } from './dynalite.js';
import { localPlugins } from './plugins.js';
import type { LocalPlugin } from './local-plugin.js';
import { createLocalServer } from './server.js';

export interface LocalRuntimeOptions {
  /** 0 picks a free port. Default: PORT, else 3000. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: DATA_DIR, else ./.data */
  dataDir?: string;
  /** Where token keys come from; default: read directly from the key source (see shared/http/auth-config.ts). */
  jwksProvider?: JwksProvider;
  /** Default: every registered plugin. */
  plugins?: LocalPlugin[];
  /**
   * False: /health answers 503 until `markReady()` (npm start marks it once the demo realm and
   * its credentials file exist). Default true.
   */
  ready?: boolean;
  /** A DynamoDB to use (e.g. DynamoDB Local) instead of starting the embedded store; left running at close. */
  storeEndpoint?: string;
}

export interface LocalRuntime {
  url: string;
  dataDir: string;
  /** From now on /health answers 200. */
  markReady(): void;
  close(): Promise<void>;
}

export async function startLocalRuntime(options: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const dataDir = resolve(options.dataDir ?? process.env.DATA_DIR ?? '.data');
  const port = options.port ?? Number(process.env.PORT ?? 3000);
  const host = options.host ?? '127.0.0.1';

  const store = options.storeEndpoint
    ? { endpoint: options.storeEndpoint, credentials: undefined, close: async () => {} }
    : await startEmbeddedStore(dataDir);
  useStoreCredentials(store.credentials);
  // The handlers' AWS clients read their configuration from the environment, as in Lambda.
  process.env.AWS_ENDPOINT_URL_DYNAMODB = store.endpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.TABLE_NAME ??= tableName();
  resetDynamoClient();
  await ensureTable(createDynamoDbClient({ endpoint: store.endpoint }), tableName());

  if (options.jwksProvider) configureAuth({ jwksProvider: options.jwksProvider });

  let url = '';
  let ready = options.ready ?? true;
  const server = createLocalServer(
    () => url,
    () => ready,
  );
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const address = server.address() as AddressInfo;
  url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  const stops: (() => Promise<void>)[] = [];
  try {
    for (const plugin of options.plugins ?? localPlugins) {
      const started = await plugin.start({ url, dataDir });
      if (started) stops.push(() => started.stop());
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    await new Promise<void>((done) => server.close(() => done()));
    await store.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    dataDir,
    markReady: () => {
      ready = true;
    },
    close: () =>
      (closing ??= (async () => {
        for (const stop of [...stops].reverse()) await stop();
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
        resetDynamoClient();
        await store.close();
      })()),
  };
}
