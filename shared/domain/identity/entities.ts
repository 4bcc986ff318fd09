/** The identity provider's stored entities (a realm is one customer; clients and users live in it). */
import { decodeTime } from 'ulid';

export const grantTypes = ['client_credentials', 'password', 'refresh_token', 'authorization_code'] as const;
export type GrantType = (typeof grantTypes)[number];

export interface Realm {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The grants a public client (one that cannot keep a secret, e.g. a browser app) may have. */
export const publicClientGrantTypes = ['authorization_code', 'refresh_token'] as const satisfies readonly GrantType[];

/**
 * A client of a realm. A confidential client has a secret, kept only as a scrypt hash; a public
 * client (`public: true`, e.g. a single-page app) has none and must use PKCE instead.
 */
export interface Client {
  realmId: string;
  clientId: string;
  /** Absent for a public client. */
  secretHash?: string;
  public?: boolean;
  grantTypes: GrantType[];
  redirectUris: string[];
  /** Roles of the client's service account (`client_credentials` tokens), e.g. `realm-admin`; none unless given. */
  serviceAccountRoles: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface User {
  realmId: string;
  id: string;
  username: string;
  email: string;
  /** scrypt hash; never leaves the store layer in a response (see `toPublicUser`). */
  passwordHash: string;
  /** Epoch milliseconds of the last password change: every login made before it has ended. */
  credentialsChangedAt?: number;
  roles: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

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
