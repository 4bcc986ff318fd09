/**
 * The settings every AWS SDK client of the service is made with, tuned for Lambda (docs/DEPLOY.md,
 * "AWS SDK settings"). DynamoDB, SQS and KMS answer within milliseconds in the same region, so a
 * call that has not connected within a second, or not been answered within five, is stuck rather
 * than slow: it is abandoned and tried again (the SDK's standard retry mode: throttling, 5xx and
 * timeouts, exponential backoff with jitter) instead of holding the function until its own timeout.
 * Region, credentials and endpoint come from the environment as the SDK reads it (Lambda sets the
 * region and the role's credentials; the local runtime and tests set `AWS_ENDPOINT_URL_<SERVICE>`).
 */
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

export const sdkTuning = {
  /** TCP and TLS set-up to a regional endpoint. */
  connectionTimeoutMs: 1_000,
  /** From sending the request to the end of the answer. */
  requestTimeoutMs: 5_000,
  /** The first attempt and two retries. */
  maxAttempts: 3,
} as const;

export interface AwsClientOptions {
  region?: string;
  endpoint?: string;
  /** The same credential types every SDK client takes. */
  credentials?: DynamoDBClientConfig['credentials'];
  maxAttempts?: number;
}

/** The configuration object an SDK client's constructor takes. */
export function clientConfig(options: AwsClientOptions = {}) {
  return {
    ...(options.region ? { region: options.region } : {}),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    retryMode: 'standard',
    maxAttempts: options.maxAttempts ?? sdkTuning.maxAttempts,
    requestHandler: {
      connectionTimeout: sdkTuning.connectionTimeoutMs,
      requestTimeout: sdkTuning.requestTimeoutMs,
      // Without it a request past its timeout only logs a warning and goes on waiting.
      throwOnRequestTimeout: true,
    },
  };
}
