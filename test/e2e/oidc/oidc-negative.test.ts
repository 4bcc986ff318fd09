/**
 * What the provider refuses, end to end: each gets the right OAuth error and status, and no answer
 * tells whether a username exists.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser.js';
import { base64url } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../shared/identity/signing/jwt.js';
import { LocalKeyRing } from '../../../shared/identity/signing/local-key-ring.js';
import { password, postForm, startOidcWorld, type OidcWorld } from './support.js';

let world: OidcWorld;
let browser: Browser;
let tokenUrl: string;

const backend = () => world.clients['acme/backend'];
const api = (path: string, token: string) => fetch(`${world.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
const pkce = () => {
  const verifier = oidc.randomPKCECodeVerifier();
  return { verifier, challengePromise: oidc.calculatePKCECodeChallenge(verifier) };
};

function authUrl(params: Record<string, string>): string {
  const url = new URL(`${world.issuer('acme')}/protocol/openid-connect/auth`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/** Signs in through the page and returns the code the redirect carries. */
async function codeFor(challenge: string): Promise<string> {
  const page = await browser.newPage();
  try {
    await page.goto(
      authUrl({
        client_id: 'backend',
        redirect_uri: world.callback,
        response_type: 'code',
        state: 'st',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    );
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill(password);
    await Promise.all([page.waitForURL((u) => u.href.startsWith(world.callback)), page.getByRole('button', { name: 'Sign in' }).click()]);
    return new URL(page.url()).searchParams.get('code')!;
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  world = await startOidcWorld();
  tokenUrl = `${world.issuer('acme')}/protocol/openid-connect/token`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

describe('client authentication', () => {
  it('wrong secret: 401 invalid_client, with WWW-Authenticate when Basic was used', async () => {
    const basic = await postForm(tokenUrl, { grant_type: 'client_credentials' }, { clientId: 'backend', secret: 'wrong-secret-value' });
    expect(basic.status).toBe(401);
    expect(basic.body).toMatchObject({ error: 'invalid_client', status: 'UNAUTHORIZED', errors: [] });
    expect(basic.headers.get('www-authenticate')).toBe('Basic realm="acme"');
    const inBody = await postForm(tokenUrl, {
      grant_type: 'client_credentials',
      client_id: 'backend',
      client_secret: 'wrong-secret-value',
    });
    expect(inBody.status).toBe(401);
    expect(inBody.body?.error).toBe('invalid_client');
  });

  it('unknown client: the same 401 invalid_client', async () => {
    const unknown = await postForm(tokenUrl, { grant_type: 'client_credentials' }, { clientId: 'nobody', secret: backend().secret });
    expect(unknown.status).toBe(401);
    expect(unknown.body?.error_description).toBe('Invalid client or client credentials');
  });

  it('grant not allowed for the client: 400 unauthorized_client; unknown grant: unsupported_grant_type', async () => {
    const notAllowed = await postForm(
      tokenUrl,
      { grant_type: 'password', username: 'alice', password },
      world.clients['acme/machine-only'],
    );
    expect(notAllowed.status).toBe(400);
    expect(notAllowed.body?.error).toBe('unauthorized_client');
    const unknown = await postForm(tokenUrl, { grant_type: 'implicit' }, backend());
    expect(unknown.body?.error).toBe('unsupported_grant_type');
    const badScope = await postForm(tokenUrl, { grant_type: 'client_credentials', scope: 'admin' }, backend());
    expect(badScope.body?.error).toBe('invalid_scope');
  });
});

describe('user credentials', () => {
  it('wrong password and unknown username get the same answer', async () => {
    const wrong = await postForm(tokenUrl, { grant_type: 'password', username: 'alice', password: 'not-her-password' }, backend());
    const unknown = await postForm(tokenUrl, { grant_type: 'password', username: 'mallory', password: 'not-her-password' }, backend());
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body?.error).toBe('invalid_grant');
  });

  it('the login page says the same for both and never redirects to an unregistered redirect_uri', async () => {
    const page = await browser.newPage();
    try {
      const messages: string[] = [];
      for (const username of ['alice', 'mallory']) {
        await page.goto(authUrl({ client_id: 'backend', redirect_uri: world.callback, response_type: 'code', state: 's' }));
        await page.getByLabel('Username').fill(username);
        await page.getByLabel('Password').fill('not-the-password');
        await page.getByRole('button', { name: 'Sign in' }).click();
        messages.push((await page.getByRole('alert').textContent()) ?? '');
        expect(page.url()).not.toContain(world.callback);
      }
      expect(messages[0]).toBe('Invalid username or password.');
      expect(messages[1]).toBe(messages[0]);

      const evil = await page.goto(
        authUrl({ client_id: 'backend', redirect_uri: 'http://127.0.0.1:1/evil', response_type: 'code', state: 's' }),
      );
      expect(evil?.status()).toBe(400);
      expect(page.url()).toContain('/protocol/openid-connect/auth');
      expect(await page.getByRole('alert').textContent()).toMatch(/redirect_uri/);
    } finally {
      await page.close();
    }
    const unknownClient = await fetch(authUrl({ client_id: 'nobody', redirect_uri: world.callback, response_type: 'code', state: 's' }), {
      redirect: 'manual',
    });
    expect(unknownClient.status).toBe(400);
    const badType = await fetch(authUrl({ client_id: 'backend', redirect_uri: world.callback, response_type: 'token', state: 's' }), {
      redirect: 'manual',
    });
    expect(badType.status).toBe(302);
    const location = new URL(badType.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('unsupported_response_type');
    expect(location.searchParams.get('state')).toBe('s');
  });
});

describe('authorization codes', () => {
  it('reused code, wrong code_verifier and wrong redirect_uri: 400 invalid_grant', async () => {
    const { verifier, challengePromise } = pkce();
    const challenge = await challengePromise;
    const exchange = (code: string, overrides: Record<string, string> = {}) =>
      postForm(
        tokenUrl,
        { grant_type: 'authorization_code', code, redirect_uri: world.callback, code_verifier: verifier, ...overrides },
        backend(),
      );

    const wrongVerifier = await exchange(await codeFor(challenge), { code_verifier: oidc.randomPKCECodeVerifier() });
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body).toMatchObject({ error: 'invalid_grant', errors: [{ field: 'code_verifier' }] });

    const wrongRedirect = await exchange(await codeFor(challenge), { redirect_uri: 'http://127.0.0.1:1/other' });
    expect(wrongRedirect.body).toMatchObject({ error: 'invalid_grant', errors: [{ field: 'redirect_uri' }] });

    const code = await codeFor(challenge);
    expect((await exchange(code)).status).toBe(200);
    const reused = await exchange(code);
    expect(reused.status).toBe(400);
    expect(reused.body?.error_description).toMatch(/already used/);
  });
});

describe('access tokens on the API', () => {
  it('refuses tampered, alg none, expired and other-issuer tokens with 401', async () => {
    const acme = await oidc.discovery(new URL(world.issuer('acme')), 'backend', backend().secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const { access_token: good } = await oidc.clientCredentialsGrant(acme);
    expect((await api('/households', good)).status).toBe(200);

    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload))) as Record<string, unknown>;
    const tampered = `${header}.${base64url.encode(JSON.stringify({ ...claims, sub: 'someone-else' }))}.${signature}`;
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    const keys = LocalKeyRing.inDataDir(world.server.dataDir);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ ...claims, iat: now - 600, exp: now - 120, jti: 'expired-one' }, await keys.current());
    // Signed with the real key but naming another realm as issuer: verified against that realm, so the swap shows.
    const otherRealm = `${header}.${base64url.encode(JSON.stringify({ ...claims, iss: world.issuer('other') }))}.${signature}`;

    for (const token of [tampered, none, expired, otherRealm]) {
      const response = await api('/households', token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(((await response.json()) as { status: string }).status).toBe('UNAUTHORIZED');
    }
  });

  it("another realm's valid token does not see this realm's households", async () => {
    const acme = await oidc.discovery(new URL(world.issuer('acme')), 'backend', backend().secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const other = await oidc.discovery(new URL(world.issuer('other')), 'backend', world.clients['other/backend'].secret, undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const acmeToken = (await oidc.clientCredentialsGrant(acme)).access_token;
    const otherToken = (await oidc.clientCredentialsGrant(other)).access_token;
    const users = (await (await api('/users', acmeToken)).json()) as { content: { id: string }[] };
    const created = await fetch(`${world.server.url}/households`, {
      method: 'POST',
      headers: { authorization: `Bearer ${acmeToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Acme only', currency: 'EUR', ownerId: users.content[0].id }),
    });
    const { id } = (await created.json()) as { id: string };
    expect((await api(`/households/${id}`, acmeToken)).status).toBe(200);
    expect((await api(`/households/${id}`, otherToken)).status).toBe(404);
  });
});
