import { describe, expect, it } from 'vitest';
import { digestToken, hashSecret, scryptCost, verifySecret } from '../../shared/identity/hashing.js';

describe('secret hashing', () => {
  it('verifies the right secret and refuses a wrong one', async () => {
    const stored = await hashSecret('correct horse battery staple');
    expect(await verifySecret('correct horse battery staple', stored)).toBe(true);
    expect(await verifySecret('correct horse battery stapler', stored)).toBe(false);
    expect(await verifySecret('', stored)).toBe(false);
  });

  it('salts every hash and records its cost parameters', async () => {
    const a = await hashSecret('same secret');
    const b = await hashSecret('same secret');
    expect(a).not.toBe(b);
    const [scheme, N, r, p, salt, key] = a.split('$');
    expect(scheme).toBe('scrypt');
    expect([Number(N), Number(r), Number(p)]).toEqual([scryptCost.N, scryptCost.r, scryptCost.p]);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(a).not.toContain('same secret');
  });

  it('verifies hashes made with other parameters and refuses tampered ones', async () => {
    const cheap = await hashSecret('pw', { N: 1024, r: 8, p: 1 });
    expect(await verifySecret('pw', cheap)).toBe(true);
    const parts = cheap.split('$');
    parts[1] = '2048';
    expect(await verifySecret('pw', parts.join('$'))).toBe(false);
    expect(await verifySecret('pw', 'plain-text')).toBe(false);
    expect(await verifySecret('pw', 'scrypt$0$8$1$AAAA$AAAA')).toBe(false);
  });

  it('digests tokens deterministically', () => {
    expect(digestToken('abc')).toBe(digestToken('abc'));
    expect(digestToken('abc')).not.toBe(digestToken('abd'));
  });
});
