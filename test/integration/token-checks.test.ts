/**
 * What the resource server checks in an access token beyond its signature: `exp` is required,
 * unknown `crit` extensions are refused (RFC 7515 §4.1.11), `exp` and `nbf` allow 60 s of clock
 * skew, and each 401 says which check failed.
 */
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifetimes } from '../../shared/identity/lifetimes.js';
import { ApiClient } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { TokenOptions } from '../support/tokens.js';

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = new ApiClient(server.url);
});
afterAll(() => server?.close());

const households = async (options: TokenOptions) =>
  api.get('/households', { token: await server.issuer.userToken('realm-a', 'alice', options) });

describe('access token checks', () => {
  it('refuses a token without exp', async () => {
    const response = await households({ noExpiry: true });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('The token has no expiry (exp)');
  });

  it('refuses a token with a critical header extension it does not understand', async () => {
    // `b64` (RFC 7797) is one the signing library knows, and this server does not take part in.
    const response = await households({ header: { crit: ['b64'], b64: true } });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/critical header/);
  });

  it('allows the documented clock skew on exp and nbf, and no more', async () => {
    const skew = lifetimes.clockSkew;
    expect((await households({ expiresIn: -(skew - 15) })).status).toBe(200);
    expect((await households({ notBefore: skew - 15 })).status).toBe(200);
    const expired = await households({ expiresIn: -(skew + 15) });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('The token has expired');
    const early = await households({ notBefore: skew + 15 });
    expect(early.status).toBe(401);
    expect(early.body.message).toBe('The token is not valid yet');
  });

  it('says which check failed', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect((await households({ signWith: privateKey })).body.message).toBe('The token signature is not valid');
    expect((await households({ kid: 'unknown-key' })).body.message).toBe('The token was signed with an unknown key');
    expect((await households({ issuerBase: 'https://elsewhere.example' })).body.message).toBe('The token was issued by another issuer');
    const garbage = await api.get('/households', { token: 'not.a.jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.message).toBe('The token is malformed');
  });
});
