/** The AWS JSON RPC call against local stand-ins: signing, retries and how errors are reported. */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { credentialsFromEnvironment, resolveEndpoint, resolveRegion } from '../../shared/aws/config.js';
import { AwsNetworkError, AwsServiceError } from '../../shared/aws/errors.js';
import { JsonRpcClient, type JsonRpcService } from '../../shared/aws/json-rpc.js';
import { isRetryable, retryDelayMs, standardRetryPolicy } from '../../shared/aws/retry.js';
import { fakeCredentials, startFakeAwsService, type Answer, type FakeAwsService } from './fake-aws-service.js';

const service: JsonRpcService = { endpointPrefix: 'sqs', endpointEnv: 'SQS', targetPrefix: 'AmazonSQS', jsonVersion: '1.0' };
/** Retries without waiting: the waits themselves are checked on `retryDelayMs`. */
const noWait = { baseDelayMs: 0, throttlingBaseDelayMs: 0 };

const services: FakeAwsService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
});

async function clientAnswering(answers: Answer[] | ((attempt: number) => Answer), credentials = fakeCredentials) {
  const fake = await startFakeAwsService(() => {
    const attempt = fake.requests.length;
    return typeof answers === 'function' ? answers(attempt) : answers[Math.min(attempt, answers.length) - 1];
  });
  services.push(fake);
  const client = new JsonRpcClient(service, { endpoint: fake.url, region: 'eu-west-1', credentials: () => credentials, retry: noWait });
  return { fake, client };
}

const throttled: Answer = { status: 400, body: { __type: 'com.amazonaws.sqs#ThrottlingException', message: 'Rate exceeded' } };
const ok: Answer = { status: 200, body: { Messages: [] } };

describe('the JSON RPC call', () => {
  it('sends a signed POST naming the operation, with bytes base64-encoded, and returns the parsed answer', async () => {
    const { fake, client } = await clientAnswering([ok]);
    const out = await client.call('ReceiveMessage', { QueueUrl: 'q', Payload: Buffer.from('hello'), Nested: [new Uint8Array([1, 2])] });
    expect(out).toEqual({ Messages: [] });
    const [request] = fake.requests;
    expect(request.target).toBe('AmazonSQS.ReceiveMessage');
    expect(request.contentType).toBe('application/x-amz-json-1.0');
    expect(request.signatureValid).toBe(true);
    expect(request.credentialScope).toMatch(/^\d{8}\/eu-west-1\/sqs\/aws4_request$/);
    expect(request.input).toEqual({ QueueUrl: 'q', Payload: Buffer.from('hello').toString('base64'), Nested: ['AQI='] });
  });

  it('a request signed with another secret does not pass the stand-in (so its check means something)', async () => {
    const { fake, client } = await clientAnswering([ok], { ...fakeCredentials, secretAccessKey: 'another' });
    await client.call('ReceiveMessage', {});
    expect(fake.requests[0].signatureValid).toBe(false);
  });

  it('retries throttling, then succeeds', async () => {
    const { fake, client } = await clientAnswering([throttled, throttled, ok]);
    expect(await client.call('ReceiveMessage', {})).toEqual({ Messages: [] });
    expect(fake.requests).toHaveLength(3);
  });

  it('stops after the bound when the service keeps failing, and reports the last error', async () => {
    const { fake, client } = await clientAnswering(() => ({ status: 500, body: { __type: 'InternalFailure', message: 'try later' } }));
    const error = await client.call('ReceiveMessage', {}).catch((e: unknown) => e);
    expect(fake.requests).toHaveLength(standardRetryPolicy().maxAttempts);
    expect(error).toBeInstanceOf(AwsServiceError);
    expect(error).toMatchObject({ name: 'InternalFailure', message: 'try later', statusCode: 500, requestId: 'request-3' });
  });

  it('does not retry a client error', async () => {
    const invalid: Answer = { status: 400, body: { __type: 'com.amazonaws.sqs#InvalidParameterValue', message: 'bad value' } };
    const { fake, client } = await clientAnswering([invalid, ok]);
    await expect(client.call('ReceiveMessage', {})).rejects.toMatchObject({ name: 'InvalidParameterValue', statusCode: 400 });
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps only the first paragraph of a message: a signature mismatch goes on with the canonical request, session token included', async () => {
    const message = `The request signature we calculated does not match the signature you provided.\n\nThe Canonical String for this request should have been\n'POST\n/\n\nx-amz-security-token:${fakeCredentials.sessionToken}\n'`;
    const { client } = await clientAnswering([{ status: 403, body: { __type: 'InvalidSignatureException', message } }]);
    const error = (await client.call('ReceiveMessage', {}).catch((e: unknown) => e)) as AwsServiceError;
    expect(error.name).toBe('InvalidSignatureException');
    expect(error.message).toBe('The request signature we calculated does not match the signature you provided.');
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(fakeCredentials.sessionToken);
    expect(JSON.stringify({ ...error, stack: error.stack })).not.toContain(fakeCredentials.secretAccessKey);
  });

  it('names an answer without an error type by its status', async () => {
    const { client } = await clientAnswering([{ status: 403, body: 'not json' }]);
    await expect(client.call('ReceiveMessage', {})).rejects.toMatchObject({
      name: 'UnknownError',
      message: 'sqs ReceiveMessage failed with HTTP 403',
      statusCode: 403,
    });
  });

  it('retries a request that gets no answer, up to the bound, then reports a networking error', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const client = new JsonRpcClient(service, {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-west-1',
      credentials: () => fakeCredentials,
      retry: noWait,
    });
    const error = await client.call('ReceiveMessage', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsNetworkError);
    expect((error as Error).message).toBe(`sqs ReceiveMessage: no answer from 127.0.0.1:${port} (ECONNREFUSED)`);
  });

  it('gives up an attempt that gets no answer in time, retries it, then reports a networking error', async () => {
    // A server that accepts connections and never answers.
    let connections = 0;
    const silent = createServer((socket) => {
      connections += 1;
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const client = new JsonRpcClient(service, {
        endpoint: `http://127.0.0.1:${port}`,
        region: 'eu-west-1',
        credentials: () => fakeCredentials,
        retry: { ...noWait, maxAttempts: 2 },
        timeoutMs: 100,
      });
      const error = await client.call('SendMessageBatch', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AwsNetworkError);
      expect((error as Error).message).toBe(`sqs SendMessageBatch: no answer from 127.0.0.1:${port} (ETIMEDOUT)`);
      expect(connections).toBe(2);
    } finally {
      silent.close();
    }
  });

  it('stops at once when the caller aborts', async () => {
    const { fake, client } = await clientAnswering(() => throttled);
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await expect(client.call('ReceiveMessage', {}, { signal: controller.signal })).rejects.toThrow('caller gave up');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the retry policy', () => {
  const policy = { maxAttempts: 3, baseDelayMs: 100, throttlingBaseDelayMs: 500, maxDelayMs: 20_000 };
  const error = (name: string, status: number) => new AwsServiceError(name, 'm', status, undefined);

  it('retries throttling, 5xx and transient timeouts, and nothing the caller must handle', () => {
    for (const name of ['ThrottlingException', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded', 'TransactionInProgressException']) {
      expect(isRetryable(error(name, 400))).toBe(true);
    }
    expect(isRetryable(error('TooManyRequests', 429))).toBe(true);
    expect(isRetryable(error('InternalServerError', 500))).toBe(true);
    expect(isRetryable(error('ServiceUnavailable', 503))).toBe(true);
    expect(isRetryable(error('RequestTimeoutException', 400))).toBe(true);
    expect(isRetryable(new AwsNetworkError('reset'))).toBe(true);
    for (const name of ['ConditionalCheckFailedException', 'ValidationException', 'AccessDeniedException', 'TransactionCanceledException']) {
      expect(isRetryable(error(name, 400))).toBe(false);
    }
    expect(isRetryable(new Error('a bug'))).toBe(false);
  });

  it('waits a random time under a cap that doubles with each retry, longer after throttling, never over the maximum', () => {
    const highest = () => 0.999_999;
    expect([1, 2, 3].map((retry) => retryDelayMs(policy, retry, error('InternalServerError', 500), highest))).toEqual([99, 199, 399]);
    expect([1, 2, 3].map((retry) => retryDelayMs(policy, retry, error('ThrottlingException', 400), highest))).toEqual([499, 999, 1999]);
    expect(retryDelayMs(policy, 10, error('ThrottlingException', 400), highest)).toBe(19_999);
    expect(retryDelayMs(policy, 3, error('ThrottlingException', 400), () => 0)).toBe(0);
    expect(retryDelayMs(policy, 3, error('ThrottlingException', 400), () => 0.5)).toBe(1000);
  });

  it('makes three attempts unless AWS_MAX_ATTEMPTS says otherwise', () => {
    expect(standardRetryPolicy({}).maxAttempts).toBe(3);
    expect(standardRetryPolicy({ AWS_MAX_ATTEMPTS: '5' }).maxAttempts).toBe(5);
    expect(standardRetryPolicy({ AWS_MAX_ATTEMPTS: 'many' }).maxAttempts).toBe(3);
  });
});

describe('endpoint, region and credentials', () => {
  const dynamodb = { endpointPrefix: 'dynamodb', endpointEnv: 'DYNAMODB' };

  it('takes the service variable first, then the general one, then the regional endpoint', () => {
    const env = { AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8000', AWS_ENDPOINT_URL: 'http://127.0.0.1:4566' };
    expect(resolveEndpoint(dynamodb, 'eu-west-1', undefined, env)).toBe('http://127.0.0.1:8000');
    expect(resolveEndpoint(dynamodb, 'eu-west-1', undefined, { AWS_ENDPOINT_URL: 'http://127.0.0.1:4566' })).toBe('http://127.0.0.1:4566');
    expect(resolveEndpoint(dynamodb, 'eu-west-1', undefined, {})).toBe('https://dynamodb.eu-west-1.amazonaws.com');
    expect(resolveEndpoint(dynamodb, 'cn-north-1', undefined, {})).toBe('https://dynamodb.cn-north-1.amazonaws.com.cn');
    expect(resolveEndpoint(dynamodb, 'eu-west-1', 'http://explicit', env)).toBe('http://explicit');
  });

  it('reads AWS_REGION, then AWS_DEFAULT_REGION, and says which to set when neither is', () => {
    expect(resolveRegion(undefined, { AWS_REGION: 'eu-west-1', AWS_DEFAULT_REGION: 'us-east-1' })).toBe('eu-west-1');
    expect(resolveRegion(undefined, { AWS_DEFAULT_REGION: 'us-east-1' })).toBe('us-east-1');
    expect(() => resolveRegion(undefined, {})).toThrow('AWS region is not set: set AWS_REGION');
  });

  it("reads the environment's credentials at each call, and names the variables when they are missing", async () => {
    const env: Record<string, string | undefined> = { AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' };
    const credentials = credentialsFromEnvironment(env);
    expect(await credentials()).toEqual({ accessKeyId: 'AKID', secretAccessKey: 'secret', sessionToken: 'token' });
    env.AWS_SESSION_TOKEN = undefined;
    expect(await credentials()).toEqual({ accessKeyId: 'AKID', secretAccessKey: 'secret', sessionToken: undefined });
    expect(() => credentialsFromEnvironment({})()).toThrow('AWS credentials are not set: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required');
  });
});
