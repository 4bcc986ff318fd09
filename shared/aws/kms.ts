/** AWS KMS through the AWS SDK's client, made with the service's Lambda settings, its calls traced. */
import { KMSClient } from '@aws-sdk/client-kms';
import { clientConfig, type AwsClientOptions } from './client-config.js';
import { tracedClient } from './tracing.js';

export function createKmsClient(options?: AwsClientOptions): KMSClient {
  return tracedClient(new KMSClient(clientConfig(options)));
}
