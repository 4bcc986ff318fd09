/**
 * The end-to-end identity setup: the real local runtime with the real identity provider (key ring
 * under its data directory, revocation check), two realms seeded through the store, and a tiny
 * HTTP listener on 127.0.0.1 that stands for a client's redirect target.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localIdentityPlugin } from '../../../infra/local/bootstrap-demo.js';
import { createClient, createRealm, createUser } from '../../../shared/identity/registration.js';
import { identityStore } from '../../../shared/store/identity/process-store.js';
import { startTestServer, type TestServer } from '../../support/server.js';

export interface OidcWorld {
  server: TestServer;
  callback: string;
  issuer(realmId: string): string;
  clients: Record<string, { clientId: string; secret: string }>;
  close(): Promise<void>;
}

export const password = 'alice-password-1';

export async function startOidcWorld(): Promise<OidcWorld> {
  const listener: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('signed in');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const callback = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/callback`;

  const server = await startTestServer({ realKeys: true, plugins: [localIdentityPlugin] });
  const store = identityStore();
  const clients: OidcWorld['clients'] = {};
  for (const realmId of ['acme', 'other']) {
    await createRealm(store, realmId);
    const backend = await createClient(store, {
      realmId,
      clientId: 'backend',
      redirectUris: [callback],
      serviceAccountRoles: ['realm-admin'],
    });
    clients[`${realmId}/backend`] = { clientId: 'backend', secret: backend.secret };
    await createUser(store, { realmId, username: 'alice', email: 'alice@example.com', password });
  }
  const limited = await createClient(store, { realmId: 'acme', clientId: 'machine-only', grantTypes: ['client_credentials'] });
  clients['acme/machine-only'] = { clientId: 'machine-only', secret: limited.secret };
  return {
    server,
    callback,
    clients,
    issuer: (realmId) => `${server.url}/realms/${realmId}`,
    close: async () => {
      await server.close();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/** A raw token endpoint call, for checking error statuses and bodies exactly. */
export async function postForm(url: string, params: Record<string, string>, basic?: { clientId: string; secret: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) {
    const credentials = `${encodeURIComponent(basic.clientId)}:${encodeURIComponent(basic.secret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  const response = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(params) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/** An API call with a bearer token; the JSON body parsed. */
export async function callApi(world: OidcWorld, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${world.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
