/**
 * Username and password checks shared by the password grant and the login page. The answer never
 * tells an unknown username from a wrong password: same message, same hashing time, and the same
 * lock after repeated failures (the failure counter is kept per username, existing or not).
 */
import type { User } from '../domain/identity/entities.js';
import type { IdentityStore } from '../store/identity/identity-store.js';
import { decoy, verifySecret } from './hashing.js';

export type UserAuthentication =
  | { outcome: 'authenticated'; user: User }
  | { outcome: 'invalid' }
  | { outcome: 'locked'; until: number };

export async function authenticateUser(
  store: IdentityStore,
  realmId: string,
  username: string,
  password: string,
  now = new Date(),
): Promise<UserAuthentication> {
  const name = username.toLowerCase();
  const lockedUntil = await store.loginFailures.lockedUntil(realmId, name, now);
  if (lockedUntil !== undefined) return { outcome: 'locked', until: lockedUntil };
  const user = name.length <= 256 ? await store.users.findByUsername(realmId, name) : undefined;
  const valid = await verifySecret(password, user?.passwordHash ?? (await decoy()));
  if (!user || !valid) {
    if (name.length <= 256) await store.loginFailures.recordFailure(realmId, name, now);
    return { outcome: 'invalid' };
  }
  await store.loginFailures.clear(realmId, name);
  return { outcome: 'authenticated', user };
}
