/**
 * The local signing adapter: RSA key pairs kept in one file under DATA_DIR (mode 0600), made on
 * first start. Rotation adds a new key that signs from then on; the retired key stays published
 * until every token it signed has expired, then it is dropped at the next rotation or read.
 */
import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { retiredKeyRetentionSeconds } from '../lifetimes.js';
import { toPublicSigningJwk } from './public-jwk.js';
import type { PublicSigningJwk, SigningKey, SigningKeySource } from './signing-key.js';

interface StoredKey {
  kid: string;
  createdAt: string;
  /** Set when a newer key took over signing. */
  retiredAt?: string;
  privateKeyPem: string;
}

interface KeyRingFile {
  keys: StoredKey[];
}

interface LoadedKey {
  stored: StoredKey;
  privateKey: KeyObject;
  publicJwk: PublicSigningJwk;
}

export const keyRingFileName = 'signing-keys.json';

async function newStoredKey(now: Date): Promise<StoredKey> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { kid } = await toPublicSigningJwk(privateKey);
  return {
    kid,
    createdAt: now.toISOString(),
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

function stillPublished(key: StoredKey, now: Date): boolean {
  if (!key.retiredAt) return true;
  return Date.parse(key.retiredAt) + retiredKeyRetentionSeconds * 1000 > now.getTime();
}

export class LocalKeyRing implements SigningKeySource {
  private cache?: { mtimeMs: number; keys: LoadedKey[] };

  constructor(
    readonly file: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  static inDataDir(dataDir: string): LocalKeyRing {
    return new LocalKeyRing(join(dataDir, keyRingFileName));
  }

  async current(): Promise<SigningKey> {
    const keys = await this.load();
    const active = keys.find((k) => !k.stored.retiredAt);
    if (!active) throw new Error('the signing key ring has no active key');
    return {
      kid: active.stored.kid,
      sign: async (input) => sign('sha256', input, active.privateKey),
    };
  }

  async publicKeys(): Promise<PublicSigningJwk[]> {
    const now = this.clock();
    return (await this.load()).filter((k) => stillPublished(k.stored, now)).map((k) => k.publicJwk);
  }

  /** Makes a new signing key; the previous one is retired but stays published for a while. */
  async rotate(): Promise<{ kid: string; retired: string[] }> {
    const now = this.clock();
    const ring = await this.readOrCreate();
    const retired: string[] = [];
    for (const key of ring.keys) {
      if (!key.retiredAt) {
        key.retiredAt = now.toISOString();
        retired.push(key.kid);
      }
    }
    const fresh = await newStoredKey(now);
    const keys = [fresh, ...ring.keys.filter((k) => stillPublished(k, now))];
    await this.writeAtomically({ keys });
    return { kid: fresh.kid, retired };
  }

  private async load(): Promise<LoadedKey[]> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(this.file)).mtimeMs;
    } catch {
      await this.readOrCreate();
      mtimeMs = (await stat(this.file)).mtimeMs;
    }
    // Re-read when the file changed, so a rotation by the admin command reaches a running server.
    if (this.cache?.mtimeMs === mtimeMs) return this.cache.keys;
    const ring = await this.readOrCreate();
    const keys = await Promise.all(
      ring.keys.map(async (stored) => {
        const privateKey = createPrivateKey(stored.privateKeyPem);
        return { stored, privateKey, publicJwk: await toPublicSigningJwk(privateKey) };
      }),
    );
    this.cache = { mtimeMs, keys };
    return keys;
  }

  private async readOrCreate(): Promise<KeyRingFile> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8')) as KeyRingFile;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await mkdir(dirname(this.file), { recursive: true });
    const ring: KeyRingFile = { keys: [await newStoredKey(this.clock())] };
    try {
      // 'wx': when two processes start at once, one key ring wins and the other reads it.
      const handle = await open(this.file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(ring, null, 2));
      await handle.close();
      return ring;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return JSON.parse(await readFile(this.file, 'utf8')) as KeyRingFile;
    }
  }

  private async writeAtomically(ring: KeyRingFile): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(ring, null, 2), { mode: 0o600 });
    await rename(temporary, this.file);
  }
}
