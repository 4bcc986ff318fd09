/**
 * Webhook secrets sealed locally: AES-256-GCM under a key kept in the data directory
 * (`webhook-secrets.key`, mode 0600), made on first use; the realm and endpoint are the
 * authenticated data, so a sealed secret copied onto another endpoint does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SealingContext, SecretSealer } from './secret-sealer.js';

export const localSecretKeyFile = 'webhook-secrets.key';
const prefix = 'local:';

const additionalData = (context: SealingContext) => Buffer.from(`${context.realmId}/${context.webhookId}`, 'utf8');

async function readOrCreateKey(file: string): Promise<Buffer> {
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  try {
    // 'wx': when two processes start at once, one key wins and the other reads it.
    const handle = await open(file, 'wx', 0o600);
    await handle.writeFile(key.toString('base64'));
    await handle.close();
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  }
}

export class LocalSecretSealer implements SecretSealer {
  private key?: Promise<Buffer>;

  constructor(private readonly file: string) {}

  static inDataDir(dataDir: string): LocalSecretSealer {
    return new LocalSecretSealer(join(dataDir, localSecretKeyFile));
  }

  async seal(secret: string, context: SealingContext): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), iv).setAAD(additionalData(context));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${prefix}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
  }

  async open(sealed: string, context: SealingContext): Promise<string> {
    const [iv, tag, data] = sealed.slice(prefix.length).split('.');
    if (!sealed.startsWith(prefix) || !iv || !tag || !data) throw new Error('not a locally sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(additionalData(context)).setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  private loadKey(): Promise<Buffer> {
    this.key ??= readOrCreateKey(this.file);
    this.key.catch(() => {
      this.key = undefined;
    });
    return this.key;
  }
}
