/**
 * `/users` use cases. Only a realm administrator (a service account given the `realm-admin` role)
 * manages users; anyone else gets 403. Password hashes never leave this module (`toPublicUser`).
 */
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import type { Page, PageRequest } from '../paging.js';
import { sortAndPage } from '../paging.js';
import { isRealmAdmin, type Principal } from '../principal.js';
import { checkPreconditions, type WritePreconditions } from '../versioning.js';
import { hashSecret } from '../../identity/hashing.js';
import { identityStore } from '../../store/identity/process-store.js';
import { toPublicUser, userRole, type PublicUser, type User } from './entities.js';
import type { UserCreate, UserReplace } from './user-input.js';

function assertRealmAdmin(principal: Principal): void {
  if (!isRealmAdmin(principal)) throw new ForbiddenError('Only a realm administrator (the realm-admin role) may manage users');
}

async function load(principal: Principal, userId: string): Promise<User> {
  assertRealmAdmin(principal);
  const user = await identityStore().users.get(principal.realmId, userId);
  if (!user) throw new NotFoundError(`User ${userId} not found`);
  return user;
}

export async function listUsers(principal: Principal, request: PageRequest): Promise<Page<PublicUser>> {
  assertRealmAdmin(principal);
  const users = await identityStore().users.listAll(principal.realmId);
  return sortAndPage(users.map(toPublicUser), request);
}

export async function createUser(principal: Principal, input: UserCreate): Promise<PublicUser> {
  assertRealmAdmin(principal);
  const user = await identityStore().users.create(principal.realmId, {
    username: input.username,
    email: input.email,
    passwordHash: await hashSecret(input.password),
    roles: [userRole],
  });
  return toPublicUser(user);
}

export async function getUser(principal: Principal, userId: string): Promise<PublicUser> {
  return toPublicUser(await load(principal, userId));
}

export async function replaceUser(
  principal: Principal,
  userId: string,
  body: UserReplace,
  preconditions: WritePreconditions,
): Promise<PublicUser> {
  const current = await load(principal, userId);
  checkPreconditions(current.version, { ...preconditions, bodyVersion: body.version });
  if (body.id !== undefined && body.id !== userId) {
    throw new ValidationError('Invalid user', [{ field: 'id', message: 'must be the id of the user being written' }]);
  }
  const passwordHash = body.password === undefined ? undefined : await hashSecret(body.password);
  const next = await identityStore().users.replace(current, { username: body.username, email: body.email, passwordHash });
  return toPublicUser(next);
}

export async function deleteUser(principal: Principal, userId: string, preconditions: WritePreconditions): Promise<void> {
  const current = await load(principal, userId);
  checkPreconditions(current.version, preconditions);
  await identityStore().users.delete(current);
}
