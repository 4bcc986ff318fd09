/**
 * The OpenID Connect provider end to end: a real OpenID client (openid-client) against the real
 * local server, the login page driven in a real browser, and the tokens used on the households API.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/browser.js';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifetimes } from '../../../shared/identity/lifetimes.js';
import { password, postForm, startOidcWorld, type OidcWorld } from './support.js';

let world: OidcWorld;
let acme: oidc.Configuration;
let browser: Browser;

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${world.server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });

async function configFor(realmId: string, key = `${realmId}/backend`): Promise<oidc.Configuration> {
  const { clientId, secret } = world.clients[key];
  return oidc.discovery(new URL(world.issuer(realmId)), clientId, secret, oidc.ClientSecretBasic(secret), {
    execute: [oidc.allowInsecureRequests],
  });
}

/** Runs the authorization code flow with PKCE through the login page in Chromium; returns the redirect URL. */
async function signInThroughBrowser(
  config: oidc.Configuration,
  verifier: string,
  state: string,
  credentials = { username: 'alice', password },
) {
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: world.callback,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const page = await browser.newPage();
  try {
    await page.goto(url.href);
    expect(await page.title()).toMatch(/Sign in/);
    await page.getByLabel('Username').fill(credentials.username);
    await page.getByLabel('Password').fill(credentials.password);
    await Promise.all([page.waitForURL((u) => u.href.startsWith(world.callback)), page.getByRole('button', { name: 'Sign in' }).click()]);
    return new URL(page.url());
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  world = await startOidcWorld();
  acme = await configFor('acme');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await world?.close();
});

describe('discovery', () => {
  it('publishes the realm issuer, endpoints, grants and RS256', () => {
    const meta = acme.serverMetadata();
    expect(meta.issuer).toBe(world.issuer('acme'));
    expect(meta.token_endpoint).toBe(`${world.issuer('acme')}/protocol/openid-connect/token`);
    expect(meta.grant_types_supported).toEqual(
      expect.arrayContaining(['client_credentials', 'password', 'refresh_token', 'authorization_code']),
    );
    expect(meta.id_token_signing_alg_values_supported).toEqual(['RS256']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('serves only public keys in the JWKS', async () => {
    const jwks = (await (await fetch(`${world.issuer('acme')}/protocol/openid-connect/certs`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    }
    expect((await fetch(`${world.server.url}/realms/nowhere/protocol/openid-connect/certs`)).status).toBe(404);
  });
});

describe('grants', () => {
  it('client_credentials: a service account token that manages users and households', async () => {
    const tokens = await oidc.clientCredentialsGrant(acme);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(lifetimes.accessToken);
    expect(tokens.refresh_token).toBeUndefined();
    const users = await api('/users', tokens.access_token);
    expect(users.status).toBe(200);
    const content = ((await users.json()) as { content: { id: string; username: string }[] }).content;
    expect(content.map((u) => u.username)).toContain('alice');
    const created = await api('/households', tokens.access_token, {
      method: 'POST',
      body: JSON.stringify({ name: 'Service household', currency: 'EUR', ownerId: content.find((u) => u.username === 'alice')?.id }),
    });
    expect(created.status).toBe(201);
  });

  it('password: a user token that works on its own households but not on /users', async () => {
    const tokens = await oidc.genericGrantRequest(acme, 'password', { username: 'alice', password, scope: 'openid' });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.claims()?.preferred_username).toBe('alice');
    const created = await api('/households', tokens.access_token, {
      method: 'POST',
      body: JSON.stringify({ name: 'Mine', currency: 'USD' }),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { ownerId: string }).ownerId).toBe(tokens.claims()?.sub);
    expect((await api('/users', tokens.access_token)).status).toBe(403);
  });

  it('refresh_token: rotates, and a reused one revokes the login', async () => {
    const first = await oidc.genericGrantRequest(acme, 'password', { username: 'alice', password });
    const second = await oidc.refreshTokenGrant(acme, first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await api('/households', second.access_token)).status).toBe(200);

    const reuse = await postForm(
      acme.serverMetadata().token_endpoint!,
      { grant_type: 'refresh_token', refresh_token: first.refresh_token! },
      world.clients['acme/backend'],
    );
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ error: 'invalid_grant', status: 'BAD_REQUEST', errors: [] });
    await expect(oidc.refreshTokenGrant(acme, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The access tokens of the revoked login are refused too.
    expect((await api('/households', second.access_token)).status).toBe(401);
  });

  it('authorization_code with PKCE through the login page in a browser', async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const redirect = await signInThroughBrowser(acme, verifier, state);
    expect(redirect.searchParams.get('state')).toBe(state);
    const tokens = await oidc.authorizationCodeGrant(acme, redirect, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()?.iss).toBe(world.issuer('acme'));
    expect(tokens.claims()?.preferred_username).toBe('alice');
    expect((await api('/households', tokens.access_token)).status).toBe(200);

    // The same code a second time: refused, and the tokens it gave are revoked.
    const again = await postForm(
      acme.serverMetadata().token_endpoint!,
      {
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        redirect_uri: world.callback,
        code_verifier: verifier,
      },
      world.clients['acme/backend'],
    );
    expect(again.body).toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.refreshTokenGrant(acme, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('accepts JSON bodies and client_secret in the body', async () => {
    const { clientId, secret } = world.clients['acme/backend'];
    const response = await fetch(acme.serverMetadata().token_endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret, scope: 'openid' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', 'not-before-policy': 0, scope: 'openid', refresh_expires_in: 0 });
    expect(typeof body.id_token).toBe('string');
  });
});

describe('revocation', () => {
  it('refuses a revoked access token and a revoked refresh token; unknown tokens still get 200', async () => {
    const tokens = await oidc.genericGrantRequest(acme, 'password', { username: 'alice', password });
    expect((await api('/households', tokens.access_token)).status).toBe(200);
    await oidc.tokenRevocation(acme, tokens.access_token);
    const refused = await api('/households', tokens.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);

    await oidc.tokenRevocation(acme, tokens.refresh_token!);
    await expect(oidc.refreshTokenGrant(acme, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const unknown = await postForm(
      `${world.issuer('acme')}/protocol/openid-connect/revoke`,
      { token: 'not-a-token' },
      world.clients['acme/backend'],
    );
    expect(unknown.status).toBe(200);
  });
});
