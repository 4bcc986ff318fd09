import { base64url } from 'jose';
import type { SigningKey } from './signing-key.js';

const encoder = new TextEncoder();

/** A compact RS256 JWS, signed by whichever adapter holds the key (the private key never leaves it). */
export async function signJwt(payload: Record<string, unknown>, key: SigningKey, typ = 'JWT'): Promise<string> {
  const header = { alg: 'RS256', typ, kid: key.kid };
  const signingInput = `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}`;
  const signature = await key.sign(encoder.encode(signingInput));
  return `${signingInput}.${base64url.encode(signature)}`;
}
