/**
 * The embedded store listens on a loopback port that every local user can reach: it answers only
 * requests signed with the credentials the service made in its data directory, which no other user
 * can read. Checked from another local user (`nobody`, through runuser) against a running service.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sha256 } from '../../infra/local/signed-store-requests.js';
import { storeCredentials } from '../../infra/local/store-credentials.js';
import { tableName } from '../../shared/store/table.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let endpoint: string;

beforeAll(async () => {
  server = await startTestServer();
  endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '';
});
afterAll(() => server?.close());

const runsAsRoot = process.getuid?.() === 0;

/** A DynamoDB Scan of the service's table, signed with `credentials` (or not signed at all). */
async function scanRequest(credentials?: { accessKeyId: string; secretAccessKey: string }) {
  const url = new URL(endpoint);
  const body = JSON.stringify({ TableName: tableName(), Limit: 5 });
  const headers: Record<string, string> = {
    host: url.host,
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': 'DynamoDB_20120810.Scan',
  };
  if (!credentials)
    return { headers: { ...headers, authorization: 'AWS4-HMAC-SHA256 Credential=a/b/c/d, SignedHeaders=host, Signature=e' }, body };
  const signer = new SignatureV4({ credentials, region: 'us-east-1', service: 'dynamodb', sha256: Sha256 });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: '/',
    headers,
    body,
  });
  return { headers: signed.headers as Record<string, string>, body };
}

/**
 * A Node.js that `nobody` may run: this one, unless it sits in a folder only its owner can enter (a
 * checkout under a private temporary directory), else the system's.
 */
async function nodeForNobody(): Promise<string> {
  for (const candidate of [process.execPath, '/usr/bin/node', '/usr/local/bin/node']) {
    const runs = await promisify(execFile)('runuser', ['-u', 'nobody', '--', candidate, '-e', '0'], { cwd: '/' }).then(
      () => true,
      () => false,
    );
    if (runs) return candidate;
  }
  throw new Error('no Node.js that the user nobody may run');
}

/**
 * Runs `script` as the local user `nobody`, with `input` as its argument; returns what it printed.
 * Asynchronously: the store it calls runs in this process.
 */
async function asNobody(script: string, input: unknown): Promise<Record<string, unknown>> {
  const { stdout: out } = await promisify(execFile)(
    'runuser',
    ['-u', 'nobody', '--', await nodeForNobody(), '--input-type=module', '-e', script, JSON.stringify(input)],
    {
      encoding: 'utf8',
      cwd: '/',
    },
  );
  return JSON.parse(out) as Record<string, unknown>;
}

const probe = `
import { readFileSync } from 'node:fs';
const { endpoint, file, requests } = JSON.parse(process.argv[1]);
const result = {};
try { readFileSync(file, 'utf8'); result.file = 'read'; } catch (error) { result.file = error.code; }
for (const [name, request] of Object.entries(requests)) {
  const response = await fetch(endpoint, { method: 'POST', headers: request.headers, body: request.body });
  const text = await response.text();
  result[name] = { status: response.status, type: JSON.parse(text).__type ?? 'items', items: JSON.parse(text).Count };
}
process.stdout.write(JSON.stringify(result));
`;

describe.runIf(runsAsRoot)('the embedded store, from another local user', () => {
  it('refuses requests without the service’s credentials, and the credentials cannot be read', async () => {
    const credentials = storeCredentials(server.dataDir);
    const result = await asNobody(probe, {
      endpoint,
      file: join(server.dataDir, 'store-credentials.json'),
      requests: {
        unsigned: await scanRequest(),
        guessed: await scanRequest({ accessKeyId: 'local', secretAccessKey: 'local' }),
        rightKeyWrongSecret: await scanRequest({ accessKeyId: credentials.accessKeyId, secretAccessKey: 'guess' }),
        owners: await scanRequest(credentials),
      },
    });
    expect(result.file).toBe('EACCES');
    expect(result.unsigned).toMatchObject({ status: 400, type: expect.stringMatching(/Signature|Token/) });
    expect(result.guessed).toMatchObject({ status: 400, type: 'com.amazon.coral.service#UnrecognizedClientException' });
    expect(result.rightKeyWrongSecret).toMatchObject({ status: 400, type: 'com.amazon.coral.service#InvalidSignatureException' });
    // The port itself is open: a request signed with the service's credentials is served.
    expect(result.owners).toMatchObject({ status: 200, type: 'items' });
  });

  it('keeps the credentials made at the first start, mode 0600', async () => {
    const { statSync } = await import('node:fs');
    const file = join(server.dataDir, 'store-credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(storeCredentials(server.dataDir)).toEqual(storeCredentials(server.dataDir));
    expect(storeCredentials(server.dataDir).secretAccessKey).toMatch(/^[\w-]{43}$/);
  });
});
