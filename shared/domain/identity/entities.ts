/**
 * The identity provider's entities (a realm is one customer; clients and users live in it). Their
 * shapes are the store's items (shared/store/identity), named here for the domain; what they mean
 * to a caller is decided here.
 */
import { decodeTime } from 'ulid';
import type { GrantType } from '../../store/identity/client-repository.js';
import type { User } from '../../store/identity/user-repository.js';

export type { Client, GrantType } from '../../store/identity/client-repository.js';
export { grantTypes } from '../../store/identity/client-repository.js';
export type { Realm } from '../../store/identity/realm-repository.js';
export type { User } from '../../store/identity/user-repository.js';

/** The grants a public client (one that cannot keep a secret, e.g. a browser app) may have. */
export const publicClientGrantTypes = ['authorization_code', 'refresh_token'] as const satisfies readonly GrantType[];

export type PublicUser = Omit<User, 'passwordHash' | 'realmId' | 'credentialsChangedAt'>;

/**
 * Whether a login (refresh family, whose ULID id carries the moment of the sign-in) has been ended
 * by its user's deletion (`user` undefined) or by a password change after it.
 */
export function loginEnded(user: Pick<User, 'credentialsChangedAt'> | undefined, familyId: string): boolean {
  if (!user) return true;
  return user.credentialsChangedAt !== undefined && decodeTime(familyId) < user.credentialsChangedAt;
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    roles: user.roles,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    version: user.version,
  };
}

export const userRole = 'user';
