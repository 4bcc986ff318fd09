import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { SigningKeySource } from './signing/signing-key.js';

/** Verifies one of this provider's own access tokens (used by revocation); undefined if it is not one. */
export async function verifyOwnAccessToken(keys: SigningKeySource, token: string, issuer: string): Promise<JWTPayload | undefined> {
  try {
    const jwks = createLocalJWKSet({ keys: await keys.publicKeys() });
    const { payload } = await jwtVerify(token, jwks, { issuer, algorithms: ['RS256'] });
    return payload.typ === 'Bearer' ? payload : undefined;
  } catch {
    return undefined;
  }
}
