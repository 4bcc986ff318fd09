/**
 * Public clients (a browser app): no secret, so the login page demands PKCE, the token and
 * revocation endpoints take the client_id alone, and nothing lets the client act by itself.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../shared/domain/errors.js';
import { authorizationEndpoint } from '../../shared/identity/authorization-endpoint.js';
import { discoveryDocument } from '../../shared/identity/discovery.js';
import type { EndpointResponse } from '../../shared/identity/provider.js';
import { createClient, createRealm, createUser } from '../../shared/identity/registration.js';
import { revocationEndpoint } from '../../shared/identity/revocation-endpoint.js';
import { tokenEndpoint } from '../../shared/identity/token-endpoint.js';
import { startIdentityFixture, type IdentityFixture } from './support/identity-fixture.js';

let fx: IdentityFixture;
let backendSecret: string;
const realmId = 'browser';
const issuer = `http://127.0.0.1/realms/${realmId}`;
const redirectUri = 'http://127.0.0.1:9/app';
const verifier = 'w'.repeat(64);
const challenge = createHash('sha256').update(verifier).digest('base64url');

const form = (params: Record<string, string>) => ({
  realmId,
  issuer,
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  query: {},
  body: new URLSearchParams(params).toString(),
});
const json = (r: EndpointResponse) => r.json as Record<string, string>;

/** Signs alice in on the login page for client `web`; returns the redirect. */
function login(extra: Record<string, string>): Promise<EndpointResponse> {
  return authorizationEndpoint(
    fx.provider,
    form({
      client_id: 'web',
      redirect_uri: redirectUri,
      response_type: 'code',
      state: 's',
      username: 'alice',
      password: 'alice-password',
      ...extra,
    }),
  );
}

beforeAll(async () => {
  fx = await startIdentityFixture();
  await createRealm(fx.store, realmId);
  await createClient(fx.store, { realmId, clientId: 'web', public: true, redirectUris: [redirectUri] });
  ({ secret: backendSecret } = await createClient(fx.store, { realmId, clientId: 'backend' }));
  await createUser(fx.store, { realmId, username: 'alice', email: 'alice@example.com', password: 'alice-password' });
});
afterAll(() => fx.close());

describe('a public client', () => {
  it('is stored without a secret, allowed the code and refresh grants only', async () => {
    const client = await fx.store.clients.get(realmId, 'web');
    expect(client).toMatchObject({ public: true, grantTypes: ['authorization_code', 'refresh_token'] });
    expect(client?.secretHash).toBeUndefined();
    expect(discoveryDocument(issuer).token_endpoint_auth_methods_supported).toContain('none');
  });

  it('signs in with PKCE, refreshes and revokes with its client_id alone', async () => {
    const redirect = await login({ code_challenge: challenge, code_challenge_method: 'S256' });
    expect(redirect.statusCode).toBe(302);
    const code = new URL(redirect.headers.location).searchParams.get('code')!;
    const tokens = await tokenEndpoint(
      fx.provider,
      form({ client_id: 'web', grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
    );
    expect(tokens.statusCode).toBe(200);
    expect(json(tokens).token_type).toBe('Bearer');
    const refreshed = await tokenEndpoint(
      fx.provider,
      form({ client_id: 'web', grant_type: 'refresh_token', refresh_token: json(tokens).refresh_token }),
    );
    expect(refreshed.statusCode).toBe(200);
    const revoked = await revocationEndpoint(fx.provider, form({ client_id: 'web', token: json(refreshed).refresh_token }));
    expect(revoked.statusCode).toBe(200);
    const after = await tokenEndpoint(
      fx.provider,
      form({ client_id: 'web', grant_type: 'refresh_token', refresh_token: json(refreshed).refresh_token }),
    );
    expect(json(after).error).toBe('invalid_grant');
  });

  it('must send a PKCE challenge: without one the login page sends the browser back with an error', async () => {
    const redirect = await login({});
    expect(redirect.statusCode).toBe(302);
    const back = new URL(redirect.headers.location).searchParams;
    expect(back.get('error')).toBe('invalid_request');
    expect(back.get('code')).toBeNull();
  });

  it('cannot use a grant that authenticates the client alone, nor present a secret', async () => {
    const machine = await tokenEndpoint(fx.provider, form({ client_id: 'web', grant_type: 'client_credentials' }));
    expect(json(machine).error).toBe('unauthorized_client');
    const withSecret = await tokenEndpoint(
      fx.provider,
      form({ client_id: 'web', client_secret: 'x'.repeat(32), grant_type: 'refresh_token', refresh_token: 'r' }),
    );
    expect(withSecret.statusCode).toBe(401);
    expect(json(withSecret).error).toBe('invalid_client');
  });

  it('leaves confidential clients as they were: the client_id alone is refused', async () => {
    const bare = await tokenEndpoint(fx.provider, form({ client_id: 'backend', grant_type: 'client_credentials' }));
    expect(bare.statusCode).toBe(401);
    expect(json(bare).error).toBe('invalid_client');
    const unknown = await tokenEndpoint(fx.provider, form({ client_id: 'nobody', grant_type: 'client_credentials' }));
    expect(json(unknown).error).toBe('invalid_client');
    const proper = await tokenEndpoint(
      fx.provider,
      form({ client_id: 'backend', client_secret: backendSecret, grant_type: 'client_credentials' }),
    );
    expect(proper.statusCode).toBe(200);
  });

  it('is refused at creation with a secret, a client-only grant or no redirect URI, naming the field', async () => {
    const attempts: [Parameters<typeof createClient>[1], string][] = [
      [{ realmId, clientId: 'a', public: true, secret: 'y'.repeat(20), redirectUris: [redirectUri] }, 'secret'],
      [{ realmId, clientId: 'b', public: true, grantTypes: ['client_credentials'], redirectUris: [redirectUri] }, 'grantTypes[0]'],
      [{ realmId, clientId: 'c', public: true }, 'redirectUris'],
    ];
    for (const [input, field] of attempts) {
      const error = await createClient(fx.store, input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors.map((e) => e.field)).toEqual([field]);
    }
  });
});
