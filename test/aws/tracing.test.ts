/**
 * X-Ray tracing, checked from outside: the functions' real bundles run in fresh processes with the
 * environment Lambda gives them (`AWS_EXECUTION_ENV`, `LAMBDA_TASK_ROOT`, the invocation's
 * `_X_AMZN_TRACE_ID`), against the embedded store, and the X-Ray SDK's own UDP emitter sends their
 * segments to a socket of the test's (`AWS_XRAY_DAEMON_ADDRESS`) where the X-Ray daemon would
 * listen. Outside Lambda the same code must send nothing, print nothing and wrap no client.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptions } from '../../infra/cdk/bundling.js';
import { PROJECT_ROOT } from '../../infra/cdk/create-app.js';
import { handlerEntry } from '../../infra/cdk/route-plan.js';
import { createTableInput, type EmbeddedStore, startEmbeddedStore } from '../../infra/local/dynalite.js';
import { createDynamoDbClient, ensureTableExists, useStoreCredentials } from '../../shared/aws/dynamodb.js';
import { createRealm } from '../../shared/identity/registration.js';
import { LocalKeyRing } from '../../shared/identity/signing/local-key-ring.js';
import { resetDynamoClient } from '../../shared/store/client.js';
import { identityStore } from '../../shared/store/identity/process-store.js';
import { serviceSignedUserToken } from '../support/tokens.js';

const TABLE = 'traced-table';
const ISSUER_BASE_URL = 'https://api.example.com';
const TRACE_ROOT = '1-5759e988-bd862e3fe1be46a994272793';
/** The id Lambda gives the function's own segment, which the SDK's facade segment stands for. */
const LAMBDA_SEGMENT = '53995c3f42cd8ad8';
const OUT_DIR = join(PROJECT_ROOT, '.tmp', 'tracing-test');
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'fake-secret-access-key' };

interface Sent {
  id: string;
  name: string;
  type?: string;
  namespace?: string;
  parent_id?: string;
  trace_id?: string;
  annotations?: Record<string, unknown>;
  metadata?: unknown;
  error?: boolean;
  fault?: boolean;
  cause?: unknown;
  aws?: { operation?: string; table_name?: string; table_names?: string[] };
}

let dataDir: string;
let store: EmbeddedStore;
let daemon: Socket;
let datagrams: string[] = [];
let bundles: Record<string, string>;

/** The environment every run gets; `lambda` adds what Lambda sets for a traced invocation. */
function environment(lambda: boolean, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
    // The embedded store stands for DynamoDB here, and answers only its own credentials.
    LOCAL_STORE_ACCESS_KEY_ID: store.credentials.accessKeyId,
    LOCAL_STORE_SECRET_ACCESS_KEY: store.credentials.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: TABLE,
    DATA_DIR: dataDir,
    ISSUER_BASE_URL,
    // Set in both cases: outside Lambda nothing may reach it even so.
    AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${(daemon.address() as AddressInfo).port}`,
    ...(lambda
      ? {
          AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
          LAMBDA_TASK_ROOT: OUT_DIR,
          AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
          _HANDLER: 'index.handler',
          _X_AMZN_TRACE_ID: `Root=${TRACE_ROOT};Parent=${LAMBDA_SEGMENT};Sampled=1`,
        }
      : {}),
    ...extra,
  };
}

async function finished(child: ChildProcess): Promise<{ status: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  // Datagrams to a loopback socket arrive at once; one more turn of the loop lets them be read.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { status, stdout, stderr };
}

/**
 * Invokes a bundle's handler once in a fresh process, as Lambda would: its result (the last line
 * printed, after the log lines) and what it sent to X-Ray.
 */
async function invoke(handler: string, event: unknown, env: NodeJS.ProcessEnv) {
  datagrams = [];
  const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(bundles[handler]).href)});
    process.stdout.write('\\n' + JSON.stringify(await handler(${JSON.stringify(event)}, { awsRequestId: 'invocation-1' })));`;
  const run = await finished(spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: PROJECT_ROOT, env }));
  expect(run.status, run.stderr).toBe(0);
  return {
    ...run,
    result: JSON.parse(run.stdout.slice(run.stdout.lastIndexOf('\n') + 1)),
    raw: [...datagrams],
    sent: datagrams.map(parseDatagram),
  };
}

/** The JSON lines of a process's output (its log lines; the handler's result is one more). */
function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

/** A datagram of the X-Ray daemon protocol: a JSON header line, then one segment document. */
function parseDatagram(datagram: string): Sent {
  const newline = datagram.indexOf('\n');
  expect(JSON.parse(datagram.slice(0, newline))).toEqual({ format: 'json', version: 1 });
  return JSON.parse(datagram.slice(newline + 1));
}

/** The middleware the factories' clients carry, as a fresh process with this environment makes them. */
async function clientMiddleware(env: NodeJS.ProcessEnv) {
  const script = join(PROJECT_ROOT, 'test', 'aws', 'support', 'client-middleware.ts');
  const run = await finished(spawn(process.execPath, ['--import', 'tsx', script], { cwd: PROJECT_ROOT, env }));
  expect(run.status, run.stderr).toBe(0);
  return { ...run, ...(JSON.parse(run.stdout) as { tracing: boolean; dynamodb: string[]; sqs: string[]; kms: string[] }) };
}

const TRACING_MIDDLEWARE = 'XRaySDKInstrumentation - build';

function apiEvent(token: string) {
  return {
    version: '2.0',
    routeKey: 'GET /households',
    rawPath: '/households',
    rawQueryString: '',
    headers: { authorization: `Bearer ${token}`, host: 'api.example.com' },
    requestContext: { requestId: 'request-1', domainName: 'api.example.com', http: { method: 'GET', path: '/households' } },
    isBase64Encoded: false,
  };
}

function deadLetterEvent() {
  const body = { v: 1, realmId: 'acme', householdId: 'h1', kind: 'SIMULATION', runId: 'run-7', scenarioId: 's1', shard: 2 };
  return {
    Records: [
      {
        messageId: 'message-1',
        body: JSON.stringify({ ...body, pathStart: 0, pathCount: 10 }),
        attributes: { ApproximateReceiveCount: '3' },
      },
    ],
  };
}

async function realmToken(realmId: string): Promise<string> {
  return serviceSignedUserToken(`${ISSUER_BASE_URL}/realms/${realmId}`, await LocalKeyRing.inDataDir(dataDir).current());
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tracing-'));
  store = await startEmbeddedStore(join(dataDir, 'store'));
  useStoreCredentials(store.credentials);
  await ensureTableExists(createDynamoDbClient({ endpoint: store.endpoint, region: 'eu-west-1' }), createTableInput(TABLE));
  Object.assign(process.env, { TABLE_NAME: TABLE, AWS_ENDPOINT_URL_DYNAMODB: store.endpoint, AWS_REGION: 'eu-west-1' });
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey });
  resetDynamoClient();
  await createRealm(identityStore(), 'acme');
  await LocalKeyRing.inDataDir(dataDir).publicKeys();

  daemon = createSocket('udp4');
  daemon.on('message', (message) => datagrams.push(message.toString('utf8')));
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));

  bundles = {};
  for (const handler of ['households/list', 'workers/shard-dead-letter']) {
    bundles[handler] = join(OUT_DIR, handler, 'index.mjs');
    await build(esbuildOptions(handlerEntry(PROJECT_ROOT, handler), bundles[handler]));
  }
});

afterAll(async () => {
  daemon?.close();
  await store?.close();
  resetDynamoClient();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(OUT_DIR, { recursive: true, force: true });
});

describe('tracing in Lambda', () => {
  it('wraps every SDK client the factories make (DynamoDB document client, SQS, KMS) in the X-Ray middleware', async () => {
    const made = await clientMiddleware(environment(true));
    expect(made.tracing).toBe(true);
    for (const client of [made.dynamodb, made.sqs, made.kms]) expect(client).toContain(TRACING_MIDDLEWARE);
  });

  it('an API handler sends its subsegment annotated with route, realm and status, each DynamoDB call beneath, not the token', async () => {
    const token = await realmToken('acme');

    const run = await invoke('households/list', apiEvent(token), environment(true));
    expect(run.result.statusCode).toBe(200);

    const handler = run.sent.find((s) => s.name === '## index.handler');
    expect(handler).toBeDefined();
    expect(handler!.trace_id).toBe(TRACE_ROOT);
    expect(handler!.parent_id).toBe(LAMBDA_SEGMENT);
    expect(handler!.annotations).toEqual({
      ColdStart: true,
      Service: 'household-scenarios',
      route: 'GET /households',
      realm: 'acme',
      status: 200,
    });
    // The response is not copied into the trace.
    expect(handler!.metadata).toBeUndefined();

    const dynamodb = run.sent.filter((s) => s.name === 'DynamoDB');
    // At least the realm's record and the household listing.
    expect(dynamodb.length).toBeGreaterThanOrEqual(2);
    for (const call of dynamodb) {
      expect(call).toMatchObject({ namespace: 'aws', parent_id: handler!.id, trace_id: TRACE_ROOT });
      // A batched read names its tables as a list.
      expect(call.aws!.table_name ?? call.aws!.table_names, call.aws!.operation).toEqual(call.aws!.table_names ? [TABLE] : TABLE);
    }
    expect(dynamodb.map((s) => s.aws!.operation)).toContain('Query');
    // The request's log line names its trace.
    expect(logLines(run.stdout).find((line) => line.message === 'request')).toMatchObject({ status: 200, traceId: TRACE_ROOT });
    for (const datagram of run.raw) {
      expect(datagram).not.toContain(token);
      expect(datagram).not.toContain(token.split('.')[2]);
    }
  });

  it('flags a refused request as an error of the caller and a failed one as a fault, with its cause', async () => {
    const refused = await invoke('households/list', apiEvent('not.a.token'), environment(true));
    expect(refused.result.statusCode).toBe(401);
    const denied = refused.sent.find((s) => s.name === '## index.handler')!;
    expect(denied.annotations).toMatchObject({ route: 'GET /households', status: 401 });
    expect(denied.annotations!.realm).toBeUndefined();
    expect(denied).toMatchObject({ error: true });
    expect(denied.fault).toBeUndefined();
    expect(denied.cause).toBeUndefined();

    // Nothing listens on port 9: the realm's keys cannot be read, which is a 503.
    const unreachable = environment(true, { AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9' });
    const failed = await invoke('households/list', apiEvent(await realmToken('acme')), unreachable);
    expect(failed.result.statusCode).toBe(503);
    const handler = failed.sent.find((s) => s.name === '## index.handler')!;
    expect(handler).toMatchObject({ fault: true, annotations: { status: 503 } });
    expect(JSON.stringify(handler.cause)).toMatch(/signing keys/);
    const calls = failed.sent.filter((s) => s.name === 'DynamoDB');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatchObject({ parent_id: handler.id, fault: true });
  });

  it('a queue consumer sends a subsegment per record annotated with its run and shard, its DynamoDB calls beneath it', async () => {
    const run = await invoke('workers/shard-dead-letter', deadLetterEvent(), environment(true));
    expect(run.result).toEqual({ batchItemFailures: [] });
    const record = run.sent.find((s) => s.name === '## record');
    expect(record).toBeDefined();
    expect(record!.parent_id).toBe(LAMBDA_SEGMENT);
    expect(record!.annotations).toEqual({ messageId: 'message-1', receiveCount: 3, runId: 'run-7', shard: 2 });
    const dynamodb = run.sent.filter((s) => s.name === 'DynamoDB');
    expect(dynamodb.length).toBeGreaterThan(0);
    for (const call of dynamodb) expect(call).toMatchObject({ namespace: 'aws', parent_id: record!.id, aws: { table_name: TABLE } });
    expect(logLines(run.stderr).find((line) => line.message === 'dead-lettered shard')).toMatchObject({
      runId: 'run-7',
      traceId: TRACE_ROOT,
    });
  });
});

describe('tracing off', () => {
  it('outside Lambda no client is wrapped, and a real call sends nothing to X-Ray and prints nothing about it', async () => {
    const made = await clientMiddleware(environment(false));
    expect(made.tracing).toBe(false);
    for (const client of [made.dynamodb, made.sqs, made.kms]) expect(client).not.toContain(TRACING_MIDDLEWARE);
    expect(made.stderr).toBe('');

    const run = await invoke('workers/shard-dead-letter', deadLetterEvent(), environment(false, { LOG_LEVEL: 'silent' }));
    expect(run.result).toEqual({ batchItemFailures: [] });
    expect(run.raw).toEqual([]);
    expect(run.stderr).toBe('');
  });

  it('in Lambda, POWERTOOLS_TRACE_ENABLED=false turns it off', async () => {
    const made = await clientMiddleware(environment(true, { POWERTOOLS_TRACE_ENABLED: 'false' }));
    expect(made.tracing).toBe(false);
    for (const client of [made.dynamodb, made.sqs, made.kms]) expect(client).not.toContain(TRACING_MIDDLEWARE);
    const run = await invoke('workers/shard-dead-letter', deadLetterEvent(), environment(true, { POWERTOOLS_TRACE_ENABLED: 'false' }));
    expect(run.result).toEqual({ batchItemFailures: [] });
    expect(run.raw).toEqual([]);
  });
});
