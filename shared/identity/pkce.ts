import { createHash } from 'node:crypto';

/** RFC 7636: 43 to 128 characters of the unreserved set. */
export const pkceValuePattern = /^[A-Za-z0-9._~-]{43,128}$/;

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
