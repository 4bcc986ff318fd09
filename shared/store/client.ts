/**
 * The DynamoDB document client, created once per process from configuration: the SDK reads the
 * region, credentials and `AWS_ENDPOINT_URL_DYNAMODB` (the local runtime points it at dynalite).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamoClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

/** Tests and the local runtime drop the client when the endpoint changes. */
export function resetDynamoClient(): void {
  documentClient?.destroy();
  documentClient = undefined;
}
