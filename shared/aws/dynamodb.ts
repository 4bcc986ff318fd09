/**
 * DynamoDB through the AWS SDK's document client (`DynamoDBDocumentClient`: plain JavaScript values
 * in and out, undefined members dropped), behind the few item operations the store uses. The
 * adapter only names the operations: each method sends the SDK's command as it is, so a bundle
 * carries just these commands.
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, type CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchWriteCommandInput,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type ScanCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { clientConfig, type AwsClientOptions } from './client-config.js';
import { tracedClient } from './tracing.js';

export type QueryInput = QueryCommandInput;
export type ScanInput = ScanCommandInput;
/** A page of a query or scan; `LastEvaluatedKey` is set when there are more. */
export type ReadOutput = Pick<QueryCommandOutput, 'Items' | 'Count' | 'ScannedCount' | 'LastEvaluatedKey'>;
/** A put or a delete of a batch write. */
export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

export class DocumentClient {
  constructor(readonly sdk: DynamoDBDocumentClient) {}

  get(input: GetCommandInput) {
    return this.sdk.send(new GetCommand(input));
  }

  put(input: PutCommandInput) {
    return this.sdk.send(new PutCommand(input));
  }

  update(input: UpdateCommandInput) {
    return this.sdk.send(new UpdateCommand(input));
  }

  delete(input: DeleteCommandInput) {
    return this.sdk.send(new DeleteCommand(input));
  }

  query(input: QueryInput) {
    return this.sdk.send(new QueryCommand(input));
  }

  scan(input: ScanInput) {
    return this.sdk.send(new ScanCommand(input));
  }

  batchGet(input: BatchGetCommandInput) {
    return this.sdk.send(new BatchGetCommand(input));
  }

  batchWrite(input: BatchWriteCommandInput) {
    return this.sdk.send(new BatchWriteCommand(input));
  }
}

/**
 * The low-level client (attribute values), for table administration; traced (shared/aws/tracing.ts),
 * and so is the document client made on it, which shares its middleware.
 */
export function createDynamoDbClient(options?: AwsClientOptions): DynamoDBClient {
  return tracedClient(new DynamoDBClient(clientConfig({ ...options, credentials: options?.credentials ?? storeCredentialsFromEnv() })));
}

/**
 * The credentials of the DynamoDB endpoint when they are its own rather than the AWS account's:
 * the local runtime's embedded store requires the pair it made in its data directory, and
 * publishes it to its handlers and worker threads as LOCAL_STORE_ACCESS_KEY_ID and
 * LOCAL_STORE_SECRET_ACCESS_KEY. Unset (a deployment, DynamoDB Local), the SDK's chain applies.
 */
function storeCredentialsFromEnv(): AwsClientOptions['credentials'] {
  const accessKeyId = process.env.LOCAL_STORE_ACCESS_KEY_ID;
  const secretAccessKey = process.env.LOCAL_STORE_SECRET_ACCESS_KEY;
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined;
}

/** Sets (or, with undefined, clears) the credentials the next DynamoDB clients of this process use. */
export function useStoreCredentials(credentials: { accessKeyId: string; secretAccessKey: string } | undefined): void {
  if (credentials) {
    process.env.LOCAL_STORE_ACCESS_KEY_ID = credentials.accessKeyId;
    process.env.LOCAL_STORE_SECRET_ACCESS_KEY = credentials.secretAccessKey;
  } else {
    delete process.env.LOCAL_STORE_ACCESS_KEY_ID;
    delete process.env.LOCAL_STORE_SECRET_ACCESS_KEY;
  }
}

export function createDocumentClient(options?: AwsClientOptions): DocumentClient {
  const sdk = DynamoDBDocumentClient.from(createDynamoDbClient(options), { marshallOptions: { removeUndefinedValues: true } });
  return new DocumentClient(sdk);
}

/**
 * Creates the table unless it exists, from a definition (the local runtime and tests), and returns
 * once it is ACTIVE: a table still CREATING answers ResourceNotFoundException to item operations.
 */
export async function ensureTableExists(dynamodb: DynamoDBClient, definition: CreateTableCommandInput): Promise<void> {
  const status = async () => {
    try {
      return (await dynamodb.send(new DescribeTableCommand({ TableName: definition.TableName }))).Table?.TableStatus;
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException') return undefined;
      throw error;
    }
  };
  let current = await status();
  if (current === undefined) current = (await dynamodb.send(new CreateTableCommand(definition))).TableDescription?.TableStatus;
  for (let wait = 0; current !== 'ACTIVE'; wait++) {
    if (wait >= 600) throw new Error(`table ${definition.TableName} is still ${current} after a minute`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await status();
  }
}
