/**
 * The cloud signing adapter: the private key is an asymmetric RSA key in AWS KMS and never leaves
 * it. SIGNING_KEY_ID names the key (id, ARN or alias). During a rotation it may list several keys,
 * comma-separated: the first signs, the others are only published until their tokens expire.
 */
import { createHash, createPublicKey } from 'node:crypto';
import { GetPublicKeyCommand, SignCommand, type KMSClient } from '@aws-sdk/client-kms';
import { toPublicSigningJwk } from './public-jwk.js';
import type { PublicSigningJwk, SigningKey, SigningKeySource } from './signing-key.js';

export const kmsSigningAlgorithm = 'RSASSA_PKCS1_V1_5_SHA_256';

export class KmsSigningKeys implements SigningKeySource {
  private readonly publicKeyCache = new Map<string, Promise<PublicSigningJwk>>();

  constructor(
    private readonly kms: KMSClient,
    private readonly keyIds: string[],
  ) {
    if (keyIds.length === 0) throw new Error('SIGNING_KEY_ID names no key');
  }

  static fromSetting(kms: KMSClient, signingKeyId: string): KmsSigningKeys {
    return new KmsSigningKeys(
      kms,
      signingKeyId
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    );
  }

  async current(): Promise<SigningKey> {
    const keyId = this.keyIds[0];
    const { kid } = await this.publicKey(keyId);
    return {
      kid,
      sign: async (input) => {
        // Sending the digest keeps the request small whatever the token's size (RAW is capped at 4 KB).
        const digest = createHash('sha256').update(input).digest();
        const out = await this.kms.send(
          new SignCommand({ KeyId: keyId, Message: digest, MessageType: 'DIGEST', SigningAlgorithm: kmsSigningAlgorithm }),
        );
        if (!out.Signature) throw new Error('KMS returned no signature');
        return out.Signature;
      },
    };
  }

  async publicKeys(): Promise<PublicSigningJwk[]> {
    return Promise.all(this.keyIds.map((id) => this.publicKey(id)));
  }

  private publicKey(keyId: string): Promise<PublicSigningJwk> {
    let cached = this.publicKeyCache.get(keyId);
    if (!cached) {
      cached = this.fetchPublicKey(keyId);
      // A failed fetch is not cached: the next request tries again.
      cached.catch(() => this.publicKeyCache.delete(keyId));
      this.publicKeyCache.set(keyId, cached);
    }
    return cached;
  }

  private async fetchPublicKey(keyId: string): Promise<PublicSigningJwk> {
    const out = await this.kms.send(new GetPublicKeyCommand({ KeyId: keyId }));
    if (!out.PublicKey) throw new Error(`KMS returned no public key for ${keyId}`);
    if (out.SigningAlgorithms && !out.SigningAlgorithms.includes(kmsSigningAlgorithm)) {
      throw new Error(`KMS key ${keyId} cannot sign with ${kmsSigningAlgorithm}`);
    }
    const key = createPublicKey({ key: Buffer.from(out.PublicKey), format: 'der', type: 'spki' });
    return toPublicSigningJwk(key);
  }
}
