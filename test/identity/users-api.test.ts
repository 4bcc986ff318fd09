/** `/users` through the real local server: service accounts only, unique usernames, versions, paging, no hashes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/http.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let client: ApiClient;
let service: string;

beforeAll(async () => {
  server = await startTestServer();
  client = new ApiClient(server.url);
  service = await server.issuer.serviceToken('realm-a');
});
afterAll(() => server?.close());

describe('/users', () => {
  it('registers, reads, replaces and deletes a user, never returning the password or its hash', async () => {
    const created = await client.post(
      '/users',
      { username: 'Carol', password: 'carol-password', email: 'carol@example.com' },
      { token: service },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${server.url}/users/${created.body.id}`);
    expect(created.body).toMatchObject({ username: 'Carol', email: 'carol@example.com', roles: ['user'], version: 1 });
    expect(created.text).not.toMatch(/password|scrypt/i);

    const path = `/users/${created.body.id}`;
    expect((await client.get(path, { token: service })).body.username).toBe('Carol');
    const head = await client.head(path, { token: service });
    expect(head.status).toBe(204);
    expect(head.headers.get('etag')).toBe('"1"');

    const duplicate = await client.post(
      '/users',
      { username: 'carol', password: 'another-pass', email: 'c2@example.com' },
      { token: service },
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual([{ field: 'username', message: 'is already taken' }]);

    const stale = await client.put(
      path,
      { username: 'carol2', email: 'carol@example.com' },
      { token: service, headers: { 'If-Match': '"7"' } },
    );
    expect(stale.status).toBe(412);
    const replaced = await client.put(path, { username: 'carol2', email: 'c@example.com', version: 1 }, { token: service });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ username: 'carol2', version: 2 });
    // The old name is free again, the new one taken.
    expect(
      (await client.post('/users', { username: 'carol', password: 'another-pass', email: 'c3@example.com' }, { token: service })).status,
    ).toBe(201);
    expect(
      (await client.post('/users', { username: 'CAROL2', password: 'another-pass', email: 'c4@example.com' }, { token: service })).status,
    ).toBe(409);

    expect((await client.delete(path, { token: service })).status).toBe(204);
    expect((await client.get(path, { token: service })).status).toBe(404);
    expect((await client.head(path, { token: service })).status).toBe(404);
  });

  it('names invalid fields and refuses unknown ones', async () => {
    const bad = await client.post('/users', { username: 'a b', password: 'short', email: 'nope', admin: true }, { token: service });
    expect(bad.status).toBe(400);
    const fields = (bad.body.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'username']));
  });

  it('pages and sorts', async () => {
    for (const name of ['u-c', 'u-a', 'u-b']) {
      expect(
        (await client.post('/users', { username: name, password: 'password-123', email: `${name}@example.com` }, { token: service }))
          .status,
      ).toBe(201);
    }
    const page = await client.get('/users?size=2&page=0&sort=username,desc', { token: service });
    expect(page.status).toBe(200);
    expect(page.body.page.size).toBe(2);
    expect(page.body.content).toHaveLength(2);
    const all = await client.get('/users?size=100&sort=username,asc', { token: service });
    const names = (all.body.content as { username: string }[]).map((u) => u.username);
    expect(names).toEqual([...names].sort());
    expect(page.body.page.totalElements).toBe(names.length);
    expect((await client.get('/users?sort=password,asc', { token: service })).status).toBe(400);
  });

  it('is for service accounts only, and each realm sees only its users', async () => {
    const user = await server.issuer.userToken('realm-a', 'some-user');
    expect((await client.get('/users', { token: user })).status).toBe(403);
    expect(
      (await client.post('/users', { username: 'x1', password: 'password-123', email: 'x@example.com' }, { token: user })).status,
    ).toBe(403);
    const otherRealm = await server.issuer.serviceToken('realm-b');
    expect((await client.get('/users', { token: otherRealm })).body.page.totalElements).toBe(0);
    expect((await client.get('/users')).status).toBe(401);
  });
});
