/**
 * A password change or a user's deletion ends every login the user had: its refresh tokens no
 * longer refresh, and its access tokens are refused at once, not when they expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, password, postForm, startOidcWorld, type OidcWorld } from './support.js';

let world: OidcWorld;
let admin: string;
let tokenUrl: string;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(world, method, path, token, body);
const login = async (username: string, secret: string) => {
  const response = await postForm(tokenUrl, { grant_type: 'password', username, password: secret }, world.clients['acme/backend']);
  expect(response.status).toBe(200);
  return response.body as { access_token: string; refresh_token: string };
};
const refresh = (token: string) => postForm(tokenUrl, { grant_type: 'refresh_token', refresh_token: token }, world.clients['acme/backend']);

beforeAll(async () => {
  world = await startOidcWorld();
  tokenUrl = `${world.issuer('acme')}/protocol/openid-connect/token`;
  admin = (await postForm(tokenUrl, { grant_type: 'client_credentials' }, world.clients['acme/backend'])).body?.access_token as string;
});
afterAll(() => world?.close());

describe('ending sessions', () => {
  it('a password change ends every earlier login of the user, and only those', async () => {
    const carol = await call('POST', '/users', admin, { username: 'carol', password: 'carol-password-1', email: 'carol@example.com' });
    const before = await login('carol', 'carol-password-1');
    const refreshed = await refresh(before.refresh_token);
    expect(refreshed.status).toBe(200);
    const alice = await login('alice', password);
    expect((await call('GET', '/households', before.access_token)).status).toBe(200);

    const changed = await call('PUT', `/users/${carol.body.id}`, admin, {
      username: 'carol',
      email: 'carol@example.com',
      password: 'carol-password-2',
    });
    expect(changed.status).toBe(200);

    const old = await call('GET', '/households', before.access_token);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('The token has been revoked');
    expect((await call('GET', '/households', refreshed.body?.access_token as string)).status).toBe(401);
    expect((await refresh(refreshed.body?.refresh_token as string)).body?.error).toBe('invalid_grant');

    const after = await login('carol', 'carol-password-2');
    expect((await call('GET', '/households', after.access_token)).status).toBe(200);
    expect((await refresh(after.refresh_token)).status).toBe(200);
    // Another user's login is untouched; a change without a new password ends nothing.
    expect((await call('GET', '/households', alice.access_token)).status).toBe(200);
    const renamed = await call('PUT', `/users/${carol.body.id}`, admin, { username: 'carol', email: 'carol2@example.com' });
    expect(renamed.status).toBe(200);
    expect((await call('GET', '/households', after.access_token)).status).toBe(200);
  });

  it("a user's deletion ends every login of the user", async () => {
    const dave = await call('POST', '/users', admin, { username: 'dave', password: 'dave-password-1', email: 'dave@example.com' });
    const session = await login('dave', 'dave-password-1');
    expect((await call('GET', '/households', session.access_token)).status).toBe(200);
    expect((await call('DELETE', `/users/${dave.body.id}`, admin)).status).toBe(204);
    expect((await call('GET', '/households', session.access_token)).status).toBe(401);
    expect((await refresh(session.refresh_token)).body?.error).toBe('invalid_grant');
  });
});
