/**
 * When and how long to wait before trying an AWS call again: the AWS SDKs' "standard" retry mode.
 * Throttling, 5xx answers and requests that got no answer are retried, up to `maxAttempts` in all,
 * after an exponential backoff with full jitter (a random wait between 0 and the exponential cap,
 * so clients throttled together do not come back together). Anything else (a failed condition, a
 * validation error, denied access) is the caller's to handle and is thrown at once.
 */
import { AwsNetworkError, AwsServiceError } from './errors.js';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Cap of the first retry's wait after a 5xx or network error; it doubles with each retry. */
  baseDelayMs: number;
  /** The same after throttling, longer so that the service can recover. */
  throttlingBaseDelayMs: number;
  /** No wait is longer. */
  maxDelayMs: number;
}

/** The SDKs' standard-mode defaults; `AWS_MAX_ATTEMPTS` overrides the number of attempts, as it does for them. */
export function standardRetryPolicy(env: Record<string, string | undefined> = process.env): RetryPolicy {
  const fromEnv = Number(env.AWS_MAX_ATTEMPTS);
  return {
    maxAttempts: Number.isInteger(fromEnv) && fromEnv >= 1 ? fromEnv : 3,
    baseDelayMs: 100,
    throttlingBaseDelayMs: 500,
    maxDelayMs: 20_000,
  };
}

/** Error types that mean "too many requests, slow down", across AWS services. */
const throttlingTypes = new Set([
  'BandwidthLimitExceeded',
  'EC2ThrottledException',
  'LimitExceededException',
  'PriorRequestNotComplete',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ThrottledException',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'TransactionInProgressException',
]);

/** Error types of a request that timed out on the service's side: it may succeed when sent again. */
const transientTypes = new Set(['RequestTimeout', 'RequestTimeoutException']);

export function isThrottling(error: unknown): boolean {
  return error instanceof AwsServiceError && (error.statusCode === 429 || throttlingTypes.has(error.name));
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof AwsNetworkError) return true;
  if (!(error instanceof AwsServiceError)) return false;
  return isThrottling(error) || transientTypes.has(error.name) || error.statusCode >= 500;
}

/** The wait before retry number `retry` (1 for the first retry). */
export function retryDelayMs(policy: RetryPolicy, retry: number, error: unknown, random: () => number = Math.random): number {
  const base = isThrottling(error) ? policy.throttlingBaseDelayMs : policy.baseDelayMs;
  return Math.floor(random() * Math.min(policy.maxDelayMs, base * 2 ** (retry - 1)));
}
