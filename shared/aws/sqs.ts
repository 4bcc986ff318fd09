/** Amazon SQS through the AWS SDK's client, made with the service's Lambda settings. */
import { SQSClient } from '@aws-sdk/client-sqs';
import { clientConfig, type AwsClientOptions } from './client-config.js';

export function createSqsClient(options?: AwsClientOptions): SQSClient {
  return new SQSClient(clientConfig(options));
}
