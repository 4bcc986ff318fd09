/** DynamoDB's JSON RPC protocol (JSON 1.0, `DynamoDB_20120810.<Operation>`). */
import { JsonRpcClient, type AwsClientOptions, type JsonRpcService } from '../json-rpc.js';

/**
 * Binary attribute values (`{"B": "<base64>"}`, `{"BS": [...]}`) back to bytes. The keys `B` and
 * `BS` hold a string (or strings) only there: everywhere else in an answer a key is an attribute
 * name, whose value is an attribute value object.
 */
function reviveBinaryAttributes(key: string, value: unknown): unknown {
  if (key === 'B' && typeof value === 'string') return Buffer.from(value, 'base64');
  if (key === 'BS' && Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? Buffer.from(item, 'base64') : item));
  return value;
}

export const dynamoDbService: JsonRpcService = {
  endpointPrefix: 'dynamodb',
  endpointEnv: 'DYNAMODB',
  targetPrefix: 'DynamoDB_20120810',
  jsonVersion: '1.0',
  reviveBlobs: reviveBinaryAttributes,
};

/** DynamoDB with its wire shapes (attribute values): table administration, where the document client does not apply. */
export function dynamoDbRpc(options?: AwsClientOptions): JsonRpcClient {
  return new JsonRpcClient(dynamoDbService, options);
}
