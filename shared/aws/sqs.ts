/** Amazon SQS through the AWS SDK's client, made with the service's Lambda settings, its calls traced. */
import { SQSClient } from '@aws-sdk/client-sqs';
import { clientConfig, type AwsClientOptions } from './client-config.js';
import { tracedClient } from './tracing.js';

export function createSqsClient(options?: AwsClientOptions): SQSClient {
  return tracedClient(new SQSClient(clientConfig(options)));
}
