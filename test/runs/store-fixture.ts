/** dynalite with the single table, the process's DynamoDB client pointed at it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTable, startEmbeddedStore } from '../../infra/local/dynalite.js';
import { dynamoDbRpc } from '../../shared/aws/dynamodb/service.js';
import { resetDynamoClient } from '../../shared/store/client.js';
import { tableName } from '../../shared/store/table.js';

export async function startStore(): Promise<{ close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'runs-store-'));
  const store = await startEmbeddedStore(dir);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    LOG_LEVEL: 'silent',
  });
  resetDynamoClient();
  await ensureTable(dynamoDbRpc({ endpoint: store.endpoint }), tableName());
  return {
    async close() {
      resetDynamoClient();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
