import { createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import type { PublicSigningJwk } from './signing-key.js';

/** The published form of an RSA public key; its kid is the RFC 7638 thumbprint, stable and non-secret. */
export async function toPublicSigningJwk(key: KeyObject): Promise<PublicSigningJwk> {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('signing key is not an RSA key');
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n: jwk.n, e: jwk.e }, 'sha256');
  return { kty: 'RSA', n: jwk.n, e: jwk.e, kid, alg: 'RS256', use: 'sig' };
}
