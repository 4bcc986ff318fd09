/**
 * One AWS JSON RPC call (the protocol DynamoDB, SQS and KMS share): a signed `POST /` whose
 * `X-Amz-Target` names the operation and whose body is the input as JSON, answered with the
 * output as JSON or an error naming its type. Signing (SigV4) is aws4fetch's, sending
 * `http-post.ts`'s; retries follow `retry.ts`. Blobs travel base64-encoded: every `Uint8Array` in an input is sent so, and each
 * service says where its outputs hold them (`reviveBlobs`).
 */
import { AwsV4Signer } from 'aws4fetch';
import { credentialsFromEnvironment, resolveEndpoint, resolveRegion, type CredentialsProvider } from './config.js';
import { AwsNetworkError, serviceError } from './errors.js';
import { post, type HttpAnswer } from './http-post.js';
import { isRetryable, retryDelayMs, standardRetryPolicy, type RetryPolicy } from './retry.js';

export interface JsonRpcService {
  /** The signing name and the first label of the public endpoint's host: `dynamodb`, `sqs`, `kms`. */
  endpointPrefix: string;
  /** The suffix of the service's endpoint variable, `AWS_ENDPOINT_URL_<endpointEnv>`. */
  endpointEnv: string;
  /** `X-Amz-Target` is `<targetPrefix>.<Operation>`. */
  targetPrefix: string;
  jsonVersion: '1.0' | '1.1';
  /** A `JSON.parse` reviver turning the service's base64 blobs back into bytes. */
  reviveBlobs?: (key: string, value: unknown) => unknown;
}

export interface AwsClientOptions {
  /** Default: `AWS_REGION`, else `AWS_DEFAULT_REGION`. */
  region?: string;
  /** Default: from the environment, else the regional endpoint (see `config.ts`). */
  endpoint?: string;
  /** Default: the credentials in the environment. */
  credentials?: CredentialsProvider;
  /** Default: the standard retry policy. */
  retry?: Partial<RetryPolicy>;
  /** How long an attempt may go without an answer before it is given up (and retried). Default 10 s. */
  timeoutMs?: number;
}

/** Far above what DynamoDB, SQS or KMS take to answer, far below a function's timeout. */
const DEFAULT_TIMEOUT_MS = 10_000;

export interface CallOptions {
  /** Aborts the call, retries included. */
  signal?: AbortSignal;
  /** This call's attempt timeout, for one that may wait on purpose (an SQS long poll). */
  timeoutMs?: number;
}

/** JSON.stringify replacer: bytes as base64. It reads the holder's value, since `Buffer#toJSON` runs before a replacer. */
function encodeBlobs(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') : value;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class JsonRpcClient {
  readonly region: string;
  readonly endpoint: string;
  private readonly credentials: CredentialsProvider;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  /** aws4fetch's cache of derived signing keys (one per day, region and service). */
  private readonly signingKeys = new Map<string, ArrayBuffer>();

  constructor(
    private readonly service: JsonRpcService,
    options: AwsClientOptions = {},
  ) {
    this.region = resolveRegion(options.region);
    this.endpoint = resolveEndpoint(service, this.region, options.endpoint);
    this.credentials = options.credentials ?? credentialsFromEnvironment();
    this.retry = { ...standardRetryPolicy(), ...options.retry };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async call<Output>(operation: string, input: object, options: CallOptions = {}): Promise<Output> {
    const body = JSON.stringify(input, encodeBlobs);
    for (let attempt = 1; ; attempt += 1) {
      options.signal?.throwIfAborted();
      try {
        return (await this.send(operation, body, options.timeoutMs ?? this.timeoutMs, options.signal)) as Output;
      } catch (error) {
        if (attempt >= this.retry.maxAttempts || !isRetryable(error)) throw error;
        await pause(retryDelayMs(this.retry, attempt, error), options.signal);
      }
    }
  }

  private async send(operation: string, body: string, timeoutMs: number, signal: AbortSignal | undefined): Promise<unknown> {
    const { accessKeyId, secretAccessKey, sessionToken } = await this.credentials();
    const signed = await new AwsV4Signer({
      url: this.endpoint,
      method: 'POST',
      headers: {
        'content-type': `application/x-amz-json-${this.service.jsonVersion}`,
        'x-amz-target': `${this.service.targetPrefix}.${operation}`,
      },
      body,
      accessKeyId,
      secretAccessKey,
      sessionToken,
      service: this.service.endpointPrefix,
      region: this.region,
      cache: this.signingKeys,
    }).sign();
    let answer: HttpAnswer;
    try {
      answer = await post(signed.url, Object.fromEntries(signed.headers), body, timeoutMs, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      const reason = (error as { code?: string }).code ?? (error as Error).message;
      throw new AwsNetworkError(`${this.service.endpointPrefix} ${operation}: no answer from ${signed.url.host} (${reason})`, {
        cause: error,
      });
    }
    const parsed = this.parse(answer.body);
    if (answer.status >= 200 && answer.status < 300) {
      if (parsed === undefined && answer.body !== '') {
        throw new Error(`${this.service.endpointPrefix} ${operation}: the answer is not JSON (HTTP ${answer.status})`);
      }
      return parsed ?? {};
    }
    throw serviceError(this.service.endpointPrefix, operation, answer.status, answer.headers, parsed);
  }

  private parse(text: string): unknown {
    if (text === '') return undefined;
    try {
      return JSON.parse(text, this.service.reviveBlobs);
    } catch {
      return undefined;
    }
  }
}
