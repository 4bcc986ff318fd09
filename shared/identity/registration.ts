/**
 * Creating realms, clients and users: used by the admin command, the local runtime's demo
 * bootstrap and `/users`. Generated secrets are returned once and stored only as hashes.
 */
import { grantTypes, publicClientGrantTypes, userRole, type Client, type GrantType, type User } from '../domain/identity/entities.js';
import { ConflictError, ValidationError } from '../domain/errors.js';
import type { IdentityStore } from '../store/identity/identity-store.js';
import { parseOrThrow } from '../domain/field-errors.js';
import { serviceAccountRoles } from '../domain/principal.js';
import { emailSchema, passwordSchema, usernameSchema } from '../domain/identity/user-input.js';
import * as z from 'zod/mini';
import { hashSecret, randomSecret } from './hashing.js';
import { realmIdPattern } from './issuer.js';

const clientIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export async function createRealm(store: IdentityStore, realmId: string): Promise<void> {
  if (!realmIdPattern.test(realmId)) {
    throw new ValidationError('Invalid realm id', [
      { field: 'realmId', message: 'must be 1-64 letters, digits, _ or -, starting with a letter or digit' },
    ]);
  }
  if (!(await store.realms.create(realmId))) throw new ConflictError(`Realm ${realmId} already exists`);
}

export interface NewClient {
  realmId: string;
  clientId: string;
  secret?: string;
  grantTypes?: GrantType[];
  redirectUris?: string[];
  /** Roles of the service account; none by default, `realm-admin` to administer the realm. */
  serviceAccountRoles?: string[];
  /** A public client (a browser app): no secret, the authorization code (with PKCE) and refresh grants only. */
  public?: boolean;
}

/**
 * Returns the client and its secret in clear (generated when not given): the only time it is seen.
 * A public client has no secret (`secret` is undefined).
 */
export async function createClient(
  store: IdentityStore,
  input: NewClient & { public: true },
): Promise<{ client: Client; secret: undefined }>;
export async function createClient(store: IdentityStore, input: NewClient): Promise<{ client: Client; secret: string }>;
export async function createClient(store: IdentityStore, input: NewClient): Promise<{ client: Client; secret: string | undefined }> {
  if (!clientIdPattern.test(input.clientId)) {
    throw new ValidationError('Invalid client id', [{ field: 'clientId', message: 'must be 1-64 letters, digits, . _ or -' }]);
  }
  for (const [i, uri] of (input.redirectUris ?? []).entries()) {
    if (!URL.canParse(uri) || new URL(uri).hash !== '') {
      throw new ValidationError('Invalid redirect URI', [
        { field: `redirectUris[${i}]`, message: 'must be an absolute URI without a fragment' },
      ]);
    }
  }
  for (const [i, role] of (input.serviceAccountRoles ?? []).entries()) {
    if (!(serviceAccountRoles as readonly string[]).includes(role)) {
      throw new ValidationError('Invalid role', [
        { field: `serviceAccountRoles[${i}]`, message: `must be one of ${serviceAccountRoles.join(', ')}` },
      ]);
    }
  }
  if (input.public) checkPublicClient(input);
  if (!(await store.realms.get(input.realmId))) throw new ValidationError(`Realm ${input.realmId} does not exist`);
  const secret = input.public ? undefined : (input.secret ?? randomSecret(32));
  if (secret !== undefined && secret.length < 16)
    throw new ValidationError('Invalid secret', [{ field: 'secret', message: 'must be at least 16 characters' }]);
  const at = new Date().toISOString();
  const client: Client = {
    realmId: input.realmId,
    clientId: input.clientId,
    ...(secret === undefined ? { public: true } : { secretHash: await hashSecret(secret) }),
    grantTypes: input.grantTypes ?? [...(input.public ? publicClientGrantTypes : grantTypes)],
    redirectUris: input.redirectUris ?? [],
    serviceAccountRoles: [...new Set(input.serviceAccountRoles ?? [])],
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  if (!(await store.clients.create(client))) {
    throw new ConflictError(`Client ${input.clientId} already exists in realm ${input.realmId}`);
  }
  return { client, secret };
}

/** A public client has no secret, so no grant that authenticates the client alone, and needs somewhere to send its codes. */
function checkPublicClient(input: NewClient): void {
  if (input.secret !== undefined)
    throw new ValidationError('Invalid client', [{ field: 'secret', message: 'a public client has no secret' }]);
  for (const [i, grant] of (input.grantTypes ?? []).entries()) {
    if (!(publicClientGrantTypes as readonly string[]).includes(grant)) {
      throw new ValidationError('Invalid client', [
        { field: `grantTypes[${i}]`, message: `a public client may use only ${publicClientGrantTypes.join(' and ')}` },
      ]);
    }
  }
  if (!input.redirectUris?.length) {
    throw new ValidationError('Invalid client', [{ field: 'redirectUris', message: 'a public client needs at least one redirect URI' }]);
  }
  if (input.serviceAccountRoles?.length) {
    throw new ValidationError('Invalid client', [{ field: 'serviceAccountRoles', message: 'a public client has no service account' }]);
  }
}

export interface NewUserInput {
  realmId: string;
  username: string;
  email: string;
  password?: string;
}

export async function createUser(store: IdentityStore, input: NewUserInput): Promise<{ user: User; password: string }> {
  const password = input.password ?? randomSecret(18);
  parseOrThrow(
    z.object({ username: usernameSchema, email: emailSchema, password: passwordSchema }),
    { username: input.username, email: input.email, password },
    'user',
  );
  const user = await store.users.create(input.realmId, {
    username: input.username,
    email: input.email,
    passwordHash: await hashSecret(password),
    roles: [userRole],
  });
  return { user, password };
}
