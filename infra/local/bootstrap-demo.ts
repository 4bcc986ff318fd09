/**
 * The identity provider inside the local runtime: token keys from the key ring under DATA_DIR
 * (unless SIGNING_KEY_ID names a KMS key), the resource server reading those keys and the
 * revocation list directly, and the store's address published for the admin command. On first
 * start, `bootstrapDemo` creates realm `demo` with a client and a user and prints their secrets,
 * and the public client `demo-web` through which the web app at /app signs in.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConflictError } from '../../shared/domain/errors.js';
import { realmAdminRole } from '../../shared/domain/principal.js';
import { configureAuth } from '../../shared/http/auth-config.js';
import { realmIssuer } from '../../shared/identity/issuer.js';
import { createClient, createRealm, createUser } from '../../shared/identity/registration.js';
import { identityJwksProvider, revocationCheck } from '../../shared/identity/resource-server.js';
import { useSigningKeys } from '../../shared/identity/signing/from-environment.js';
import { LocalKeyRing } from '../../shared/identity/signing/local-key-ring.js';
import { identityStore } from '../../shared/store/identity/process-store.js';
import type { LocalPlugin } from './local-plugin.js';

/** Where a running local server tells the admin command how to reach its store. */
export const storeEndpointFile = 'store-endpoint.json';
export const demoCredentialsFile = 'demo-credentials.json';

export const demo = {
  realm: 'demo',
  clientId: 'demo-backend',
  username: 'demo',
  email: 'demo@example.com',
  redirectUri: 'http://127.0.0.1:8976/callback',
  webClientId: 'demo-web',
};

/** Where the web app receives its login codes: the app's own address (web/src/auth.ts). */
export function webAppRedirectUris(url: string): string[] {
  const app = new URL('/app', url);
  const uris = [app.href];
  // The same server reached by name: the browser treats the two as different origins.
  if (app.hostname === '127.0.0.1') uris.push(app.href.replace('//127.0.0.1', '//localhost'));
  return uris;
}

export const localIdentityPlugin: LocalPlugin = {
  name: 'identity',
  async start({ dataDir }) {
    if (!process.env.SIGNING_KEY_ID) useSigningKeys(LocalKeyRing.inDataDir(dataDir));
    configureAuth({ jwksProvider: identityJwksProvider(), tokenCheck: revocationCheck() });
    const endpointFile = join(dataDir, storeEndpointFile);
    const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    if (endpoint) {
      await writeFile(endpointFile, JSON.stringify({ endpoint, pid: process.pid }), { mode: 0o600 });
    }
    return { stop: () => rm(endpointFile, { force: true }) };
  },
};

export interface DemoCredentials {
  issuer: string;
  realm: string;
  clientId: string;
  clientSecret: string;
  username: string;
  /** The demo user's id: a service account names it as a household's `ownerId`. */
  userId: string;
  password: string;
}

/** Creates the demo realm once; returns its credentials when it was created now. */
export async function bootstrapDemo(runtime: { url: string; dataDir: string }): Promise<DemoCredentials | undefined> {
  const store = identityStore();
  if (await store.realms.get(demo.realm)) return undefined;
  try {
    await createRealm(store, demo.realm);
  } catch (error) {
    if (error instanceof ConflictError) return undefined;
    throw error;
  }
  const { secret } = await createClient(store, {
    realmId: demo.realm,
    clientId: demo.clientId,
    redirectUris: [demo.redirectUri],
    serviceAccountRoles: [realmAdminRole],
  });
  await createClient(store, {
    realmId: demo.realm,
    clientId: demo.webClientId,
    public: true,
    redirectUris: webAppRedirectUris(runtime.url),
  });
  const { user, password } = await createUser(store, { realmId: demo.realm, username: demo.username, email: demo.email });
  const base = (process.env.ISSUER_BASE_URL ?? runtime.url).replace(/\/+$/, '');
  const credentials: DemoCredentials = {
    issuer: realmIssuer(base, demo.realm),
    realm: demo.realm,
    clientId: demo.clientId,
    clientSecret: secret,
    username: demo.username,
    userId: user.id,
    password,
  };
  await writeFile(join(runtime.dataDir, demoCredentialsFile), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

export function describeDemo(credentials: DemoCredentials, dataDir: string): string {
  return [
    `Created realm "${credentials.realm}" (shown once; also in ${join(dataDir, demoCredentialsFile)}, mode 0600):`,
    `  issuer:        ${credentials.issuer}`,
    `  client:        ${credentials.clientId} / ${credentials.clientSecret}`,
    `  user:          ${credentials.username} / ${credentials.password}  (id ${credentials.userId})`,
    `  web app:       ${new URL('/app', credentials.issuer).href}  (public client ${demo.webClientId})`,
    `  token:         curl -s -u ${credentials.clientId}:${credentials.clientSecret} -d grant_type=client_credentials ` +
      `${credentials.issuer}/protocol/openid-connect/token`,
    '',
  ].join('\n');
}
