/**
 * Login throttling and the hashing budget, against the real embedded store:
 * - an attempt is counted before the password is checked, so a burst of parallel guesses cannot
 *   all pass the lock check;
 * - failures lock a username for one source (a browser's address on the login page, the
 *   authenticated client on the password grant), so an anonymous stranger cannot lock a user out
 *   of other sources; a higher count from anywhere locks the username everywhere, for a while;
 * - hashing (passwords and client secrets) is bounded per source address and per client, and the
 *   excess is refused with 429 and Retry-After before any hash is computed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationEndpoint } from '../../shared/identity/authorization-endpoint.js';
import { hashBudget, hashBudgetFromEnvironment, loginThrottle } from '../../shared/identity/lifetimes.js';
import { IdentityProvider, type EndpointResponse } from '../../shared/identity/provider.js';
import { createClient, createRealm, createUser } from '../../shared/identity/registration.js';
import { tokenEndpoint } from '../../shared/identity/token-endpoint.js';
import { startIdentityFixture, type IdentityFixture } from './support/identity-fixture.js';

let fx: IdentityFixture;
let secret: string;
const realmId = 'throttle';
const issuer = `http://127.0.0.1/realms/${realmId}`;
const redirectUri = 'http://127.0.0.1:9/callback';
let nextAddress = 1;
/** A fresh source address, so that one test's budget does not spill into another's. */
const address = () => `198.51.100.${nextAddress++}`;

const form = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** A form POST from `sourceIp` to an identity endpoint. */
const formPost = (sourceIp: string, params: Record<string, string>) => ({
  realmId,
  issuer,
  sourceIp,
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  query: {},
  body: form(params),
});

function loginPage(sourceIp: string, username: string, password: string, provider = fx.provider): Promise<EndpointResponse> {
  const params = { client_id: 'app', redirect_uri: redirectUri, response_type: 'code', state: 's', username, password };
  return authorizationEndpoint(provider, formPost(sourceIp, params));
}

function token(sourceIp: string, params: Record<string, string>, clientSecret = secret): Promise<EndpointResponse> {
  return tokenEndpoint(fx.provider, formPost(sourceIp, { client_id: 'app', client_secret: clientSecret, ...params }));
}
const passwordGrant = (sourceIp: string, username: string, password: string) =>
  token(sourceIp, { grant_type: 'password', username, password });
const json = (r: EndpointResponse) => r.json as Record<string, string>;

async function newUser(username: string): Promise<void> {
  await createUser(fx.store, { realmId, username, email: `${username}@example.com`, password: `${username}-password` });
}

beforeAll(async () => {
  fx = await startIdentityFixture();
  await createRealm(fx.store, realmId);
  ({ secret } = await createClient(fx.store, { realmId, clientId: 'app', redirectUris: [redirectUri] }));
});
afterAll(() => fx.close());

describe('parallel guesses', () => {
  it('on the login page: a burst from one address locks the username for it', async () => {
    await newUser('erin');
    const from = address();
    const burst = await Promise.all(Array.from({ length: 8 }, () => loginPage(from, 'erin', 'wrong-password')));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(loginThrottle.maxFailures);
    const right = await loginPage(from, 'erin', 'erin-password');
    expect(right.statusCode).toBe(429);
    expect(right.html).toMatch(/Too many failed sign-in attempts/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(loginThrottle.lockSeconds - 60);
  });

  it('on the password grant: a burst through one client locks the username for it', async () => {
    await newUser('frank');
    const burst = await Promise.all(Array.from({ length: 8 }, () => passwordGrant(address(), 'frank', 'wrong-password')));
    expect(burst.filter((r) => json(r).error_description === 'Invalid user credentials')).toHaveLength(loginThrottle.maxFailures);
    const right = await passwordGrant(address(), 'frank', 'frank-password');
    expect(json(right).error).toBe('invalid_grant');
    expect(json(right).error_description).toMatch(/Too many failed logins/);
  });
});

describe('lockout by strangers', () => {
  it('failures on the login page from one address do not lock the user out elsewhere', async () => {
    await newUser('gina');
    const stranger = address();
    for (let i = 0; i < loginThrottle.maxFailures; i += 1)
      expect((await loginPage(stranger, 'gina', 'wrong-password')).statusCode).toBe(200);
    expect((await loginPage(stranger, 'gina', 'gina-password')).statusCode).toBe(429);
    expect((await loginPage(address(), 'gina', 'gina-password')).statusCode).toBe(302);
    expect((await passwordGrant(address(), 'gina', 'gina-password')).statusCode).toBe(200);
  });

  it('enough failures from anywhere lock the username everywhere, for a while (the documented trade-off)', async () => {
    await newUser('hank');
    // A lower limit than the default (loginThrottle.maxFailuresPerUsername), so the test hashes little; the counting is the same.
    const maxFailuresPerUsername = 7;
    const provider = new IdentityProvider(fx.store, fx.keys, undefined, {
      loginThrottle: { ...loginThrottle, maxFailuresPerUsername },
      hashBudget,
    });
    for (let i = 0; i < maxFailuresPerUsername; i += 1)
      expect((await loginPage(address(), 'hank', 'wrong-password', provider)).statusCode).toBe(200);
    const elsewhere = await loginPage(address(), 'hank', 'hank-password', provider);
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.html).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('the hashing budget', () => {
  it('refuses the excess from one address with 429 and Retry-After, before hashing', async () => {
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: hashBudget.perAddress + 5 }, (_, i) => loginPage(from, `nobody-${i}`, 'wrong-password')),
    );
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const response of refused) {
      expect(response.html).toMatch(/Too many sign-in attempts from your network/);
      const wait = Number(response.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(hashBudget.windowSeconds);
    }
  });

  it('counts client secrets on the token endpoint against the same budget', async () => {
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: hashBudget.perAddress + 3 }, () => token(from, { grant_type: 'client_credentials' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(hashBudget.perAddress);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    for (const response of refused) {
      expect(json(response)).toMatchObject({ error: 'temporarily_unavailable', status: 'TOO_MANY_REQUESTS' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('bounds the hashing one client causes, from any number of addresses', async () => {
    // A smaller budget than the default, so the test hashes little; the counting is the same.
    const perClient = 6;
    const { secret: otherSecret } = await createClient(fx.store, { realmId, clientId: 'budgeted', redirectUris: [redirectUri] });
    const provider = new IdentityProvider(fx.store, fx.keys, undefined, { loginThrottle, hashBudget: { ...hashBudget, perClient } });
    const answers = await Promise.all(
      Array.from({ length: perClient + 4 }, () =>
        tokenEndpoint(
          provider,
          formPost(address(), { grant_type: 'client_credentials', client_id: 'budgeted', client_secret: `${otherSecret}-wrong` }),
        ),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(perClient);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });

  it("takes a deployment's own limits from the environment, and ignores what is not a count", () => {
    expect(hashBudgetFromEnvironment({ HASH_BUDGET_PER_ADDRESS: '50', HASH_BUDGET_PER_CLIENT: '900' })).toEqual({
      ...hashBudget,
      perAddress: 50,
      perClient: 900,
    });
    expect(hashBudgetFromEnvironment({ HASH_BUDGET_PER_ADDRESS: '0x10', HASH_BUDGET_PER_CLIENT: '0' })).toEqual(hashBudget);
  });
});
