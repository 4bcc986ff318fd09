import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { createKmsClient } from '../../shared/aws/kms.js';
import { retiredKeyRetentionSeconds } from '../../shared/identity/lifetimes.js';
import { signJwt } from '../../shared/identity/signing/jwt.js';
import { KmsSigningKeys } from '../../shared/identity/signing/kms-signer.js';
import { LocalKeyRing } from '../../shared/identity/signing/local-key-ring.js';
import type { SigningKeySource } from '../../shared/identity/signing/signing-key.js';
import { fakeCredentials, startFakeAwsService, type FakeAwsService } from '../support/fake-aws-service.js';
import { fakeKms } from '../support/fake-kms.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function verifyWith(source: SigningKeySource, token: string) {
  return jwtVerify(token, createLocalJWKSet({ keys: await source.publicKeys() }), { algorithms: ['RS256'] });
}

describe('local key ring', () => {
  it('makes a key on first use, in a file only its owner can read, and signs verifiable RS256 tokens', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keys-'));
    dirs.push(dir);
    const ring = LocalKeyRing.inDataDir(dir);
    const token = await signJwt({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 60 }, await ring.current());
    expect((await stat(ring.file)).mode & 0o777).toBe(0o600);
    const { payload, protectedHeader } = await verifyWith(ring, token);
    expect(payload.sub).toBe('x');
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: (await ring.current()).kid });
    const published = await ring.publicKeys();
    expect(published).toHaveLength(1);
    expect(Object.keys(published[0]).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    // A second instance on the same folder (a restart) uses the same key.
    expect((await LocalKeyRing.inDataDir(dir).current()).kid).toBe(published[0].kid);
  });

  it('rotates: the new key signs, the old one stays published until its tokens have expired', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'keys-'));
    dirs.push(dir);
    let now = new Date('2030-01-01T00:00:00Z');
    const ring = new LocalKeyRing(join(dir, 'signing-keys.json'), () => now);
    const oldKey = await ring.current();
    const oldToken = await signJwt({ sub: 'before' }, oldKey);

    // Another process (the admin command) rotates; this instance sees the file change.
    const rotation = await new LocalKeyRing(ring.file, () => now).rotate();
    expect(rotation.retired).toEqual([oldKey.kid]);
    const newKey = await ring.current();
    expect(newKey.kid).toBe(rotation.kid);
    expect(newKey.kid).not.toBe(oldKey.kid);
    const newToken = await signJwt({ sub: 'after' }, newKey);
    expect(decodeProtectedHeader(newToken).kid).toBe(newKey.kid);
    expect((await ring.publicKeys()).map((k) => k.kid).sort()).toEqual([oldKey.kid, newKey.kid].sort());
    expect((await verifyWith(ring, oldToken)).payload.sub).toBe('before');
    expect((await verifyWith(ring, newToken)).payload.sub).toBe('after');

    now = new Date(now.getTime() + (retiredKeyRetentionSeconds + 1) * 1000);
    expect((await ring.publicKeys()).map((k) => k.kid)).toEqual([newKey.kid]);
    await expect(verifyWith(ring, oldToken)).rejects.toThrow();
    // The next rotation drops the expired key from the file too.
    await ring.rotate();
    const file = JSON.parse(await readFile(ring.file, 'utf8')) as { keys: { kid: string }[] };
    expect(file.keys.map((k) => k.kid)).not.toContain(oldKey.kid);
    expect(file.keys).toHaveLength(2);
  });
});

describe('KMS signing adapter (against a local KMS stand-in)', () => {
  const services: FakeAwsService[] = [];
  afterEach(async () => {
    for (const service of services.splice(0)) await service.close();
  });

  async function kmsWith(keys: Map<string, KeyObject>, signingAlgorithms?: string[]) {
    const service = await startFakeAwsService(fakeKms(keys, signingAlgorithms));
    services.push(service);
    const kms = createKmsClient({ endpoint: service.url, region: 'eu-west-1', credentials: fakeCredentials });
    return { service, kms };
  }

  it('signs a digest with RSASSA_PKCS1_V1_5_SHA_256 in signed requests, and the token verifies with the key pair', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { service, kms } = await kmsWith(new Map([['alias/token-signing', privateKey]]));

    const source = KmsSigningKeys.fromSetting(kms, 'alias/token-signing');
    const token = await signJwt({ sub: 'svc', iss: 'https://issuer.example' }, await source.current());
    expect((await jwtVerify(token, publicKey, { algorithms: ['RS256'] })).payload.sub).toBe('svc');
    expect((await verifyWith(source, token)).payload.sub).toBe('svc');

    expect(service.requests.map((r) => r.target)).toEqual(['TrentService.GetPublicKey', 'TrentService.Sign']);
    for (const request of service.requests) {
      expect(request.signatureValid).toBe(true);
      expect(request.credentialScope).toMatch(/^\d{8}\/eu-west-1\/kms\/aws4_request$/);
      expect(request.contentType).toBe('application/x-amz-json-1.1');
      expect(request.headers['x-amz-security-token']).toBe(fakeCredentials.sessionToken);
    }
    const sign = service.requests[1].input;
    expect(sign).toMatchObject({ KeyId: 'alias/token-signing', SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256', MessageType: 'DIGEST' });
    const signingInput = token.split('.').slice(0, 2).join('.');
    expect(Buffer.from(String(sign.Message), 'base64')).toEqual(createHash('sha256').update(signingInput).digest());
    // The public key is fetched once and cached.
    await source.current();
    await source.publicKeys();
    expect(service.requests.filter((r) => r.target === 'TrentService.GetPublicKey').map((r) => r.input)).toEqual([
      { KeyId: 'alias/token-signing' },
    ]);
  });

  it('during a rotation signs with the first listed key and publishes all of them', async () => {
    const keys = new Map(
      ['alias/new', 'alias/old'].map((id) => [id, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey] as const),
    );
    const { service, kms } = await kmsWith(keys);
    const source = KmsSigningKeys.fromSetting(kms, 'alias/new, alias/old');
    const published = await source.publicKeys();
    expect(published).toHaveLength(2);
    expect((await source.current()).kid).toBe(published[0].kid);
    const token = await signJwt({ sub: 'rotated' }, await source.current());
    expect((await jwtVerify(token, createPublicKey(keys.get('alias/new')!))).payload.sub).toBe('rotated');
    await expect(jwtVerify(token, createPublicKey(keys.get('alias/old')!))).rejects.toThrow();
    expect(service.requests.filter((r) => r.target === 'TrentService.Sign').map((r) => r.input.KeyId)).toEqual(['alias/new']);
  });

  it('refuses a key that cannot sign RS256', async () => {
    const { kms } = await kmsWith(new Map([['k', generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey]]), ['RSASSA_PSS_SHA_256']);
    await expect(KmsSigningKeys.fromSetting(kms, 'k').current()).rejects.toThrow(/cannot sign/);
  });

  it("reports KMS's error by its type and does not cache the failed key lookup", async () => {
    const keys = new Map<string, KeyObject>();
    const { service, kms } = await kmsWith(keys);
    const source = KmsSigningKeys.fromSetting(kms, 'alias/missing');
    const error = await source.current().catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'NotFoundException',
      message: "Key 'alias/missing' does not exist",
      $metadata: { httpStatusCode: 400 },
    });
    // Not retried (a client error), and tried again on the next call once the key exists.
    expect(service.requests).toHaveLength(1);
    keys.set('alias/missing', generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    expect((await source.current()).kid).toMatch(/.+/);
  });
});
