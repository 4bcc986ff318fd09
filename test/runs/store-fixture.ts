/**
 * The store under test (dynalite, or DynamoDB Local in that project) with the single table, the
 * process's DynamoDB client pointed at it.
 */
import { ensureTable } from '../../infra/local/dynalite.js';
import { createDynamoDbClient } from '../../shared/aws/dynamodb.js';
import { resetDynamoClient } from '../../shared/store/client.js';
import { tableName } from '../../shared/store/table.js';
import { startStoreUnderTest } from '../support/store-under-test.js';

export async function startStore(): Promise<{ close(): Promise<void> }> {
  const store = await startStoreUnderTest();
  Object.assign(process.env, { AWS_ENDPOINT_URL_DYNAMODB: store.endpoint, LOG_LEVEL: 'silent' });
  resetDynamoClient();
  await ensureTable(createDynamoDbClient({ endpoint: store.endpoint }), tableName());
  return {
    async close() {
      resetDynamoClient();
      await store.close();
    },
  };
}
