/**
 * The DynamoDB document client, created once per process (a Lambda container) from configuration: the region,
 * credentials and `AWS_ENDPOINT_URL_DYNAMODB` (the local runtime points it at dynalite).
 */
import { createDocumentClient, type DocumentClient } from '../aws/dynamodb.js';

let documentClient: DocumentClient | undefined;

export function dynamoClient(): DocumentClient {
  documentClient ??= createDocumentClient();
  return documentClient;
}

/** Uses this client (the admin command's connection) instead of one made from the environment. */
export function useDynamoClient(client: DocumentClient): void {
  documentClient = client;
}

/** Tests and the local runtime drop the client when the endpoint changes: the next one reads it again. */
export function resetDynamoClient(): void {
  documentClient = undefined;
}
