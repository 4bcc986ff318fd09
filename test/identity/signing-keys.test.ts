import { constants, createHash, generateKeyPairSync, privateEncrypt } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { retiredKeyRetentionSeconds } from '../../shared/identity/lifetimes.js';
import { signJwt } from '../../shared/identity/signing/jwt.js';
import { KmsSigningKeys, kmsSigningAlgorithm } from '../../shared/identity/signing/kms-signer.js';
import { LocalKeyRing } from '../../shared/identity/signing/local-key-ring.js';
import type { SigningKeySource } from '../../shared/identity/signing/signing-key.js';

/** DER DigestInfo header for SHA-256 (RFC 8017 §9.2): what PKCS#1 v1.5 signs in front of the digest. */
const sha256DigestInfoPrefix = Buffer.from('3031300d060960864801650304020105000420', 'hex');

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

describe('KMS signing adapter', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());

  it('signs a digest with RSASSA_PKCS1_V1_5_SHA_256 and publishes the KMS public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const der = publicKey.export({ format: 'der', type: 'spki' });
    kms.on(GetPublicKeyCommand).resolves({
      KeyId: 'arn:aws:kms:eu-west-1:111122223333:key/new',
      PublicKey: new Uint8Array(der),
      KeySpec: 'RSA_2048',
      KeyUsage: 'SIGN_VERIFY',
      SigningAlgorithms: [kmsSigningAlgorithm],
    });
    // Stands in for KMS: signs the received digest with the matching private key.
    kms.on(SignCommand).callsFake(async (input: { Message: Uint8Array }) => ({
      Signature: new Uint8Array(
        privateEncrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([sha256DigestInfoPrefix, Buffer.from(input.Message)]),
        ),
      ),
    }));

    const source = KmsSigningKeys.fromSetting(new KMSClient({ region: 'eu-west-1' }), 'alias/token-signing');
    const token = await signJwt({ sub: 'svc', iss: 'https://issuer.example' }, await source.current());
    expect((await verifyWith(source, token)).payload.sub).toBe('svc');

    const signCalls = kms.commandCalls(SignCommand);
    expect(signCalls).toHaveLength(1);
    const input = signCalls[0].args[0].input;
    expect(input.KeyId).toBe('alias/token-signing');
    expect(input.SigningAlgorithm).toBe('RSASSA_PKCS1_V1_5_SHA_256');
    expect(input.MessageType).toBe('DIGEST');
    const signingInput = token.split('.').slice(0, 2).join('.');
    expect(Buffer.from(input.Message as Uint8Array)).toEqual(createHash('sha256').update(signingInput).digest());
    // The public key is fetched once and cached.
    await source.current();
    await source.publicKeys();
    expect(kms.commandCalls(GetPublicKeyCommand)).toHaveLength(1);
    expect(kms.commandCalls(GetPublicKeyCommand)[0].args[0].input).toEqual({ KeyId: 'alias/token-signing' });
  });

  it('during a rotation signs with the first listed key and publishes all of them', async () => {
    const keys = new Map(
      ['alias/new', 'alias/old'].map((id) => [id, generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey] as const),
    );
    kms.on(GetPublicKeyCommand).callsFake(async (input: { KeyId: string }) => ({
      PublicKey: new Uint8Array(keys.get(input.KeyId)!.export({ format: 'der', type: 'spki' })),
      SigningAlgorithms: [kmsSigningAlgorithm],
    }));
    kms.on(SignCommand).resolves({ Signature: new Uint8Array(256) });
    const source = KmsSigningKeys.fromSetting(new KMSClient({ region: 'eu-west-1' }), 'alias/new, alias/old');
    const published = await source.publicKeys();
    expect(published).toHaveLength(2);
    expect((await source.current()).kid).toBe(published[0].kid);
    await (await source.current()).sign(new TextEncoder().encode('x'));
    expect(kms.commandCalls(SignCommand)[0].args[0].input.KeyId).toBe('alias/new');
  });

  it('refuses a key that cannot sign RS256', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    kms.on(GetPublicKeyCommand).resolves({
      PublicKey: new Uint8Array(publicKey.export({ format: 'der', type: 'spki' })),
      SigningAlgorithms: ['RSASSA_PSS_SHA_256'],
    });
    const source = KmsSigningKeys.fromSetting(new KMSClient({ region: 'eu-west-1' }), 'k');
    await expect(source.current()).rejects.toThrow(/cannot sign/);
  });
});
