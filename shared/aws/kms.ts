/** AWS KMS through the AWS SDK's client, made with the service's Lambda settings. */
import { KMSClient } from '@aws-sdk/client-kms';
import { clientConfig, type AwsClientOptions } from './client-config.js';

export function createKmsClient(options?: AwsClientOptions): KMSClient {
  return new KMSClient(clientConfig(options));
}
