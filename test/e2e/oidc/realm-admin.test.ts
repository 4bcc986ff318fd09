/**
 * Realm administration is a role, given to a client's service account when the client is created
 * (`serviceAccountRoles: ['realm-admin']`). Without it a service account is like a user: no
 * `/users`, and only the households it owns. With it, the owner it names must be a user of its
 * own realm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/identity/registration.js';
import { identityStore } from '../../../shared/store/identity/process-store.js';
import { callApi, postForm, startOidcWorld, type OidcWorld } from './support.js';

let world: OidcWorld;
let admin: string;
let plain: string;
let otherRealmAdmin: string;
let aliceId: string;
let otherAliceId: string;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(world, method, path, token, body);

async function serviceToken(realmId: string, clientId: string, secret: string): Promise<string> {
  const response = await postForm(
    `${world.issuer(realmId)}/protocol/openid-connect/token`,
    { grant_type: 'client_credentials' },
    { clientId, secret },
  );
  expect(response.status).toBe(200);
  return response.body?.access_token as string;
}

beforeAll(async () => {
  world = await startOidcWorld();
  admin = await serviceToken('acme', 'backend', world.clients['acme/backend'].secret);
  otherRealmAdmin = await serviceToken('other', 'backend', world.clients['other/backend'].secret);
  const { secret } = await createClient(identityStore(), { realmId: 'acme', clientId: 'web-only', redirectUris: [world.callback] });
  plain = await serviceToken('acme', 'web-only', secret);
  aliceId = (await call('GET', '/users', admin)).body.content.find((u: { username: string }) => u.username === 'alice').id;
  otherAliceId = (await call('GET', '/users', otherRealmAdmin)).body.content.find((u: { username: string }) => u.username === 'alice').id;
});
afterAll(() => world?.close());

describe('a service account without the realm-admin role', () => {
  it('carries no admin role in its token, and gets 403 on /users', async () => {
    const claims = JSON.parse(Buffer.from(plain.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.roles).toEqual(['service-account']);
    expect((await call('GET', '/users', plain)).status).toBe(403);
    expect((await call('GET', `/users/${aliceId}`, plain)).status).toBe(403);
    expect(
      (await call('PUT', `/users/${aliceId}`, plain, { username: 'alice', email: 'a@example.com', password: 'taken-over-1' })).status,
    ).toBe(403);
  });

  it('sees no household it does not own, and owns what it creates', async () => {
    const alices = await call('POST', '/households', admin, { name: 'Alice', currency: 'EUR', ownerId: aliceId });
    expect(alices.status).toBe(201);
    expect((await call('GET', `/households/${alices.body.id}`, plain)).status).toBe(403);
    expect((await call('GET', '/households?size=100', plain)).body.content).toEqual([]);
    const own = await call('POST', '/households', plain, { name: 'Own', currency: 'EUR' });
    expect(own.status).toBe(201);
    expect(own.body.ownerId).toBe('service-account-web-only');
    expect((await call('POST', '/households', plain, { name: 'For Alice', currency: 'EUR', ownerId: aliceId })).status).toBe(400);
  });
});

describe('a service account with the realm-admin role', () => {
  it('carries the role, manages users and reaches every household of its realm', async () => {
    const claims = JSON.parse(Buffer.from(admin.split('.')[1], 'base64url').toString('utf8'));
    expect(claims.roles).toEqual(['service-account', 'realm-admin']);
    expect((await call('GET', '/users', admin)).status).toBe(200);
    const own = await call('POST', '/households', plain, { name: 'Web only', currency: 'EUR' });
    expect((await call('GET', `/households/${own.body.id}`, admin)).status).toBe(200);
  });

  it('must name an existing user of its own realm as the owner', async () => {
    const cases: [string, unknown][] = [
      ['unknown id', '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
      ['user of another realm', otherAliceId],
      ['a service account', 'service-account-web-only'],
      ['not an id', 'someone'],
    ];
    for (const [what, ownerId] of cases) {
      const response = await call('POST', '/households', admin, { name: what, currency: 'EUR', ownerId });
      expect(response.status, what).toBe(400);
      expect(response.body.errors, what).toEqual([{ field: 'ownerId', message: expect.any(String) }]);
    }
    const created = await call('POST', '/households', admin, { name: 'Alice', currency: 'EUR', ownerId: aliceId });
    expect(created.status).toBe(201);
    const moved = await call('PUT', `/households/${created.body.id}`, admin, { name: 'Alice', currency: 'EUR', ownerId: otherAliceId });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual([{ field: 'ownerId', message: expect.any(String) }]);
  });
});
