/**
 * The hashing budget: every password or client secret check costs one scrypt (about 0.3 s of a
 * core and 32 MiB), so each is paid for first, from the budget of the source address and of the
 * client it names (`hashBudget` in lifetimes.ts). When either is spent, the request is refused with
 * 429 and Retry-After, before any hash is computed. The client is the one the request claims
 * (checking the claim is the hash being budgeted).
 */
import type { IdentityStore } from '../store/identity/identity-store.js';
import { epochSeconds } from '../store/table.js';
import type { HashBudgetPolicy } from './lifetimes.js';
import { OAuthError } from './oauth-error.js';

export interface HashPayer {
  /** The request's source address (API Gateway's `sourceIp`, the local runtime's peer). */
  sourceIp?: string;
  /** The client the request names. */
  clientId?: string;
}

export class HashBudgetExceeded extends OAuthError {
  constructor(
    description: string,
    /** Seconds until the budget refills. */
    readonly retryAfter: number,
  ) {
    super('temporarily_unavailable', description, 429);
  }
}

export async function spendHash(
  store: IdentityStore,
  realmId: string,
  payer: HashPayer,
  policy: HashBudgetPolicy,
  now: Date,
): Promise<void> {
  const charges: ['A' | 'C', string | undefined, number, string][] = [
    ['A', payer.sourceIp, policy.perAddress, 'Too many sign-in attempts from your network; try again shortly'],
    ['C', payer.clientId, policy.perClient, 'Too many sign-in attempts for this client; try again shortly'],
  ];
  for (const [scope, who, limit, message] of charges) {
    if (!who) continue;
    const hit = await store.counters.take({ realmId, counter: 'hash-budget', scope, who }, limit, policy.windowSeconds, now);
    if (!hit.allowed) throw new HashBudgetExceeded(message, Math.max(1, hit.until - epochSeconds(now)));
  }
}
