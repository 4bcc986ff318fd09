import type { JWK } from 'jose';

/** A key that signs with RS256 without handing out its private part (a local key or a KMS key). */
export interface SigningKey {
  kid: string;
  /** RSASSA-PKCS1-v1_5 with SHA-256 over the JWS signing input. */
  sign(signingInput: Uint8Array): Promise<Uint8Array>;
}

export interface PublicSigningJwk extends JWK {
  kid: string;
  kty: 'RSA';
  alg: 'RS256';
  use: 'sig';
  n: string;
  e: string;
}

/**
 * Where tokens are signed and which public keys are published. During a rotation the new key
 * signs while the old ones stay published until every token they signed has expired.
 */
export interface SigningKeySource {
  current(): Promise<SigningKey>;
  publicKeys(): Promise<PublicSigningJwk[]>;
}
