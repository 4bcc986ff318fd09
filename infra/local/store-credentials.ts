/**
 * The embedded store's credentials: an access key id and secret made at the first start, kept in
 * the data directory (mode 0600, in the 0700 directory), and required of every request to the
 * store (signed-store-requests.ts). Whoever can read the data directory could read the data
 * anyway; anyone else on the machine, though the store listens on a loopback port, cannot use it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StoreCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export const storeCredentialsFile = 'store-credentials.json';

/** The data directory's store credentials, made now if it has none. */
export function storeCredentials(dataDir: string): StoreCredentials {
  const file = join(dataDir, storeCredentialsFile);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StoreCredentials;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const credentials: StoreCredentials = {
    accessKeyId: `LOCAL${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(32).toString('base64url'),
  };
  // 'wx': of two processes starting on one directory at once, the second reads the first's.
  try {
    writeFileSync(file, `${JSON.stringify(credentials)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return storeCredentials(dataDir);
    throw error;
  }
  return credentials;
}
