/**
 * Slow salted hashing for client secrets and passwords (scrypt from node:crypto), and fast
 * digests for high-entropy server-made tokens (refresh tokens, authorization codes).
 *
 * Cost: N = 2^15, r = 8, p = 3 (32 MiB per hash; one of the settings OWASP lists as a minimum for
 * scrypt). The parameters travel inside each stored hash, so they can be raised later without
 * invalidating what is already stored.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const scryptCost: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };

const keyLength = 32;
const saltLength = 16;

function derive(secret: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; leave headroom above that so the default cap does not refuse.
  const maxmem = 256 * cost.N * cost.r;
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, keyLength, { ...cost, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>` */
export async function hashSecret(secret: string, cost: ScryptCost = scryptCost): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(secret, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return false;
  const expected = Buffer.from(parts[5], 'base64url');
  const actual = await derive(secret, Buffer.from(parts[4], 'base64url'), { N, r, p });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A hash of a fixed random secret, compared against when a username or client does not exist, so
 * that the answer takes as long as for a real one and timing reveals nothing.
 */
let decoyHash: Promise<string> | undefined;
export function decoy(): Promise<string> {
  decoyHash ??= hashSecret(randomBytes(16).toString('base64url'));
  return decoyHash;
}

/** Digest for tokens the server made from 256 random bits: slow hashing adds nothing there. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** URL-safe random secret with the given number of random bytes. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
