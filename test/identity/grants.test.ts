/** Grant logic against the real embedded store: rotation, reuse, single-use codes under concurrency, lockout. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationEndpoint } from '../../shared/identity/authorization-endpoint.js';
import type { EndpointResponse } from '../../shared/identity/provider.js';
import { createClient, createRealm, createUser } from '../../shared/identity/registration.js';
import { revocationEndpoint } from '../../shared/identity/revocation-endpoint.js';
import { tokenRevoked } from '../../shared/identity/resource-server.js';
import { tokenEndpoint } from '../../shared/identity/token-endpoint.js';
import { loginThrottle, lifetimes } from '../../shared/identity/lifetimes.js';
import { startIdentityFixture, type IdentityFixture } from './support/identity-fixture.js';

let now = new Date();
let fx: IdentityFixture;
let secret: string;
const realmId = 'grants';
const issuer = `http://127.0.0.1/realms/${realmId}`;
const redirectUri = 'http://127.0.0.1:9/callback';

const post = (endpoint: typeof tokenEndpoint, params: Record<string, string>) =>
  endpoint(fx.provider, {
    realmId,
    issuer,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    query: {},
    body: new URLSearchParams({ client_id: 'app', client_secret: secret, ...params }).toString(),
  });
const token = (params: Record<string, string>) => post(tokenEndpoint, params);
const json = (r: EndpointResponse) => r.json as Record<string, string>;

async function newCode(extra: Record<string, string> = {}): Promise<string> {
  const response = await authorizationEndpoint(fx.provider, {
    realmId,
    issuer,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    query: {},
    body: new URLSearchParams({
      client_id: 'app',
      redirect_uri: redirectUri,
      response_type: 'code',
      state: 's1',
      username: 'alice',
      password: 'alice-password',
      ...extra,
    }).toString(),
  });
  expect(response.statusCode).toBe(302);
  return new URL(response.headers.location).searchParams.get('code')!;
}

beforeAll(async () => {
  fx = await startIdentityFixture(() => now);
  await createRealm(fx.store, realmId);
  ({ secret } = await createClient(fx.store, { realmId, clientId: 'app', redirectUris: [redirectUri] }));
  await createUser(fx.store, { realmId, username: 'alice', email: 'alice@example.com', password: 'alice-password' });
});
afterAll(() => fx.close());

describe('refresh tokens', () => {
  it('rotate on use; a rotated token used again revokes the whole family', async () => {
    const first = json(await token({ grant_type: 'password', username: 'alice', password: 'alice-password' }));
    expect(first.refresh_token).toBeTruthy();
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    expect(json(second).refresh_token).not.toBe(first.refresh_token);

    const replay = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(400);
    expect(json(replay).error).toBe('invalid_grant');
    // The family is gone: even the live token no longer works.
    const afterReuse = await token({ grant_type: 'refresh_token', refresh_token: json(second).refresh_token });
    expect(json(afterReuse).error).toBe('invalid_grant');
  });

  it('work once when two requests race with the same token', async () => {
    const first = json(await token({ grant_type: 'password', username: 'alice', password: 'alice-password' }));
    const results = await Promise.all([1, 2, 3].map(() => token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('expire when idle, and once revoked are refused', async () => {
    const first = json(await token({ grant_type: 'password', username: 'alice', password: 'alice-password' }));
    const saved = now;
    now = new Date(saved.getTime() + (lifetimes.refreshTokenIdle + 1) * 1000);
    expect(json(await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).error).toBe('invalid_grant');
    now = saved;

    const other = json(await token({ grant_type: 'password', username: 'alice', password: 'alice-password' }));
    expect((await post(revocationEndpoint, { token: other.refresh_token })).statusCode).toBe(200);
    expect(json(await token({ grant_type: 'refresh_token', refresh_token: other.refresh_token })).error).toBe('invalid_grant');
    const alice = await fx.store.users.findByUsername(realmId, 'alice');
    expect(await tokenRevoked(fx.store, realmId, 'any-jti', { sid: other.refresh_token.split('.')[0], userId: alice!.id })).toBe(true);
  });
});

describe('authorization codes', () => {
  it('work once when two requests race with the same code, and a replay revokes what it issued', async () => {
    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const code = await newCode({ code_challenge: challenge, code_challenge_method: 'S256' });
    const exchange = () => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    const results = await Promise.all([exchange(), exchange()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const issued = json(results.find((r) => r.statusCode === 200)!);
    expect(json(await exchange()).error).toBe('invalid_grant');
    expect(json(await token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token })).error).toBe('invalid_grant');
  });

  it('expire after 60 seconds', async () => {
    const code = await newCode();
    const saved = now;
    now = new Date(saved.getTime() + (lifetimes.authorizationCode + 1) * 1000);
    const late = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    now = saved;
    expect(json(late).error).toBe('invalid_grant');
    expect(json(late).error_description).toMatch(/expired/);
  });
});

describe('login throttling', () => {
  it('locks a username after repeated failures, whether or not it exists, with the same answers', async () => {
    await createUser(fx.store, { realmId, username: 'bob', email: 'bob@example.com', password: 'bob-password' });
    for (const username of ['bob', 'nobody']) {
      const answers: string[] = [];
      for (let i = 0; i < loginThrottle.maxFailures; i += 1) {
        answers.push(json(await token({ grant_type: 'password', username, password: 'wrong-password' })).error_description);
      }
      expect(new Set(answers)).toEqual(new Set(['Invalid user credentials']));
      const locked = await token({ grant_type: 'password', username, password: username === 'bob' ? 'bob-password' : 'x' });
      expect(json(locked).error).toBe('invalid_grant');
      expect(json(locked).error_description).toMatch(/Too many failed logins/);
    }
    const saved = now;
    now = new Date(saved.getTime() + (loginThrottle.lockSeconds + 1) * 1000);
    const unlocked = await token({ grant_type: 'password', username: 'bob', password: 'bob-password' });
    now = saved;
    expect(unlocked.statusCode).toBe(200);
  });
});
