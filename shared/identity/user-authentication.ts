/**
 * Username and password checks shared by the password grant and the login page. The answer never
 * tells an unknown username from a wrong password: same message, same hashing time, and the same
 * locks (failures are counted per username, existing or not).
 *
 * Each attempt is counted before the password is checked (one conditional write per counter), so
 * a burst of parallel guesses cannot all pass the lock: at most `maxFailures` of them are checked.
 * Failures lock the username for one source (the browser's address on the login page, the client
 * on the password grant), so a stranger's guesses do not lock the user out of other sources;
 * `maxFailuresPerUsername` failures from anywhere lock it everywhere until the lock ends.
 */
import type { User } from '../domain/identity/entities.js';
import type { IdentityStore } from '../store/identity/identity-store.js';
import type { WindowCounterRef } from '../store/identity/window-counter-repository.js';
import { epochSeconds } from '../store/table.js';
import { spendHash, type HashPayer } from './hash-budget.js';
import { decoy, verifySecret } from './hashing.js';
import type { HashBudgetPolicy, LoginThrottlePolicy } from './lifetimes.js';

export type UserAuthentication = { outcome: 'authenticated'; user: User } | { outcome: 'invalid' } | { outcome: 'locked'; until: number };

export interface LoginAttempt {
  realmId: string;
  username: string;
  password: string;
  /** Where the attempt comes from: `address:<ip>` on the login page, `client:<clientId>` on the password grant. */
  source: string;
  /** Who pays for the hash (hash-budget.ts). */
  payer: HashPayer;
  now: Date;
}

export interface LoginPolicies {
  loginThrottle: LoginThrottlePolicy;
  hashBudget: HashBudgetPolicy;
}

export async function authenticateUser(store: IdentityStore, attempt: LoginAttempt, policies: LoginPolicies): Promise<UserAuthentication> {
  const { realmId, now } = attempt;
  const name = attempt.username.toLowerCase();
  if (name.length > 256) {
    await spendHash(store, realmId, attempt.payer, policies.hashBudget, now);
    await verifySecret(attempt.password, await decoy());
    return { outcome: 'invalid' };
  }
  const throttle = policies.loginThrottle;
  const lock = epochSeconds(now) + throttle.lockSeconds;
  const counters: [WindowCounterRef, number][] = [
    [{ realmId, counter: 'login-failures', username: name, source: attempt.source }, throttle.maxFailures],
    [{ realmId, counter: 'login-failures', username: name }, throttle.maxFailuresPerUsername],
  ];
  for (const [key, limit] of counters) {
    const hit = await store.counters.take(key, limit, throttle.windowSeconds, now);
    if (!hit.allowed) return { outcome: 'locked', until: hit.until };
  }
  await spendHash(store, realmId, attempt.payer, policies.hashBudget, now);
  const user = await store.users.findByUsername(realmId, name);
  const valid = await verifySecret(attempt.password, user?.passwordHash ?? (await decoy()));
  if (!user || !valid) {
    // The attempt is already counted; reaching a limit turns the window into a lock from now.
    for (const [key, limit] of counters) await store.counters.hold(key, limit, lock);
    return { outcome: 'invalid' };
  }
  for (const [key] of counters) await store.counters.clear(key);
  return { outcome: 'authenticated', user };
}
