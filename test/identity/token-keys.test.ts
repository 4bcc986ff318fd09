/**
 * Token verification in the functions reads the realm's public keys directly, as deployed: the
 * realm from the table and the key from KMS `GetPublicKey` (here a KMS stand-in with a real RSA
 * key), with no call to the service's own certs endpoint. On a cold start the key is read once and
 * then served from the container's cache; when KMS or the table cannot be read the answer is 503
 * with Retry-After in the error shape, never 401, and the next request tries again.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKmsClient } from '../../shared/aws/kms.js';
import { createRealm } from '../../shared/identity/registration.js';
import { KmsSigningKeys } from '../../shared/identity/signing/kms-signer.js';
import { resetDynamoClient } from '../../shared/store/client.js';
import { identityStore } from '../../shared/store/identity/process-store.js';
import { fakeCredentials, startFakeAwsService, type FakeAwsService } from '../support/fake-aws-service.js';
import { fakeKms } from '../support/fake-kms.js';
import { ApiClient } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { serviceSignedUserToken } from '../support/tokens.js';

const keyId = 'alias/token-signing';
const keys = new Map([[keyId, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey]]);
let kmsDown = false;
let kms: FakeAwsService;
let server: TestServer;
let api: ApiClient;
let issuerKeys: KmsSigningKeys;

/** GetPublicKey calls the functions made (the test's own signer reads the key once, before). */
const publicKeyReads = () => kms.requests.filter((r) => r.target === 'TrentService.GetPublicKey').length;

async function token(realmId: string): Promise<string> {
  return serviceSignedUserToken(`${server.url}/realms/${realmId}`, await issuerKeys.current());
}

beforeAll(async () => {
  const answer = fakeKms(keys);
  kms = await startFakeAwsService((request) =>
    kmsDown ? { status: 500, body: { __type: 'KMSInternalException', message: 'KMS is unavailable' } } : answer(request),
  );
  Object.assign(process.env, {
    LOG_LEVEL: 'silent',
    AWS_ENDPOINT_URL_KMS: kms.url,
    SIGNING_KEY_ID: keyId,
    AWS_SESSION_TOKEN: fakeCredentials.sessionToken,
  });
  // The runtime's own plugins are left out: the functions' default key source is what is tested.
  server = await startTestServer({ realKeys: true, plugins: [] });
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: fakeCredentials.accessKeyId, AWS_SECRET_ACCESS_KEY: fakeCredentials.secretAccessKey });
  resetDynamoClient();
  api = new ApiClient(server.url);
  for (const realm of ['realm-a', 'realm-b', 'realm-c']) await createRealm(identityStore(), realm);
  issuerKeys = KmsSigningKeys.fromSetting(createKmsClient({ endpoint: kms.url, region: 'us-east-1', credentials: fakeCredentials }), keyId);
  await issuerKeys.current();
});

afterAll(async () => {
  await server?.close();
  await kms?.close();
});

describe('token keys read directly', () => {
  it('answers 503 with Retry-After in the error shape when KMS cannot be read, and recovers on the next request', async () => {
    const minted = await token('realm-a');
    const before = kms.requests.length;
    kmsDown = true;
    const refused = await api.get('/households', { token: minted }).finally(() => (kmsDown = false));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('www-authenticate')).toBeNull();
    expect(refused.body).toMatchObject({ status: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/signing keys/), errors: [] });
    // The SDK retried the 500 before giving up (3 attempts in all).
    expect(kms.requests.length - before).toBe(3);

    const served = await api.get('/households', { token: await token('realm-a') });
    expect(served.status).toBe(200);
  });

  it('reads the public key once per container (cold start), then from the cache, with signed KMS requests', async () => {
    const reads = publicKeyReads();
    for (let i = 0; i < 3; i++) expect((await api.get('/households', { token: await token('realm-a') })).status).toBe(200);
    // Another realm needs its own JWKS (the realm is read from the table) but not another KMS call.
    expect((await api.get('/households', { token: await token('realm-b') })).status).toBe(200);
    expect(publicKeyReads()).toBe(reads);
    expect(kms.requests.every((r) => r.signatureValid)).toBe(true);
    // A realm the table does not hold is refused as before.
    expect((await api.get('/households', { token: await token('no-such-realm') })).status).toBe(401);
  });

  it('answers 503 when the table cannot be read for the realm, never 401', async () => {
    const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    // A port nothing listens on: every attempt is refused.
    process.env.AWS_ENDPOINT_URL_DYNAMODB = 'http://127.0.0.1:9';
    resetDynamoClient();
    try {
      // realm-c exists, but its keys are not cached yet: reading them needs the table.
      const refused = await api.get('/households', { token: await token('realm-c') });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect(refused.body).toMatchObject({ status: 'SERVICE_UNAVAILABLE', errors: [] });
    } finally {
      process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoint;
      resetDynamoClient();
    }
  });
});
