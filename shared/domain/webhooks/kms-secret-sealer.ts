/** Webhook secrets sealed by AWS KMS: Encrypt and Decrypt with the endpoint as encryption context. */
import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { SealingContext, SecretSealer } from './secret-sealer.js';

const prefix = 'kms:';
const encryptionContext = (context: SealingContext) => ({ realm: context.realmId, webhook: context.webhookId });

export class KmsSecretSealer implements SecretSealer {
  constructor(
    private readonly kms: KMSClient,
    private readonly keyId: string,
  ) {}

  async seal(secret: string, context: SealingContext): Promise<string> {
    const out = await this.kms.send(
      new EncryptCommand({ KeyId: this.keyId, Plaintext: Buffer.from(secret, 'utf8'), EncryptionContext: encryptionContext(context) }),
    );
    if (!out.CiphertextBlob) throw new Error('KMS returned no ciphertext');
    return `${prefix}${Buffer.from(out.CiphertextBlob).toString('base64')}`;
  }

  async open(sealed: string, context: SealingContext): Promise<string> {
    if (!sealed.startsWith(prefix)) throw new Error('not a KMS-sealed secret');
    const out = await this.kms.send(
      new DecryptCommand({
        KeyId: this.keyId,
        CiphertextBlob: Buffer.from(sealed.slice(prefix.length), 'base64'),
        EncryptionContext: encryptionContext(context),
      }),
    );
    if (!out.Plaintext) throw new Error('KMS returned no plaintext');
    return Buffer.from(out.Plaintext).toString('utf8');
  }
}
