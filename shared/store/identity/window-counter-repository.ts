/**
 * Counters that allow `limit` hits per window, counted atomically before the work they guard: a
 * hit is taken by one conditional write, so a burst of parallel requests cannot all pass a check
 * made before any of them is counted. A counter's `expiresAt` ends its window (and is its TTL); a
 * counter held past its window (a lock) refuses every hit until then.
 */
import { isConditionFailed } from '../conditional.js';
import { epochSeconds, realmKey } from '../table.js';
import type { IdentityTable } from './identity-table.js';

/** Which counter: a username's failed logins, or a source's or a client's hashing budget. */
export type WindowCounterRef =
  /** Failed logins of a username, from one source (`address:<ip>`, `client:<clientId>`) or, without `source`, from all. */
  | { realmId: string; counter: 'login-failures'; username: string; source?: string }
  /** Hashes spent by a source address (`A`) or a client (`C`) in the current window. */
  | { realmId: string; counter: 'hash-budget'; scope: 'A' | 'C'; who: string };

export const windowCounterKeys = {
  /** The parts a caller names are URI-encoded, so none can hold the `#` that separates them. */
  counter: (ref: WindowCounterRef) => {
    if (ref.counter === 'login-failures') {
      const source = ref.source === undefined ? '' : `#${encodeURIComponent(ref.source)}`;
      return { pk: realmKey(ref.realmId, `LOGINFAIL#${encodeURIComponent(ref.username.toLowerCase())}${source}`), sk: 'LOGINFAIL' };
    }
    return { pk: realmKey(ref.realmId, `HASHBUDGET#${ref.scope}#${encodeURIComponent(ref.who)}`), sk: 'HASHBUDGET' };
  },
};

/** `count`: hits in the window, this one included. `until`: epoch seconds when hits are allowed again. */
export type Hit = { allowed: true; count: number } | { allowed: false; until: number };

export class WindowCounterRepository {
  constructor(private readonly t: IdentityTable) {}

  async take(ref: WindowCounterRef, limit: number, windowSeconds: number, now: Date): Promise<Hit> {
    const key = windowCounterKeys.counter(ref);
    const nowSeconds = epochSeconds(now);
    // Three rounds settle a race between starting a window and counting in it.
    for (let round = 0; round < 3; round += 1) {
      try {
        const out = await this.t.doc.update({
          TableName: this.t.tableName,
          Key: key,
          UpdateExpression: 'ADD hits :one',
          ConditionExpression: 'expiresAt > :now AND hits < :limit',
          ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds, ':limit': limit },
          ReturnValues: 'UPDATED_NEW',
        });
        return { allowed: true, count: out.Attributes?.hits as number };
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
      try {
        // No live window (absent, or ended; the TTL deletes late): start one with this hit.
        await this.t.doc.put({
          TableName: this.t.tableName,
          Item: { ...key, entity: ref.counter, hits: 1, expiresAt: nowSeconds + windowSeconds },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        });
        return { allowed: true, count: 1 };
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
      const current = await this.t.doc.get({ TableName: this.t.tableName, Key: key, ConsistentRead: true });
      const until = current.Item?.expiresAt as number | undefined;
      if (until !== undefined && until > nowSeconds && (current.Item?.hits as number) >= limit) return { allowed: false, until };
    }
    return { allowed: false, until: nowSeconds + 1 };
  }

  /** Keeps the counter refusing hits until `until` (epoch seconds), if it is still at or over `limit`. */
  async hold(ref: WindowCounterRef, limit: number, until: number): Promise<void> {
    try {
      await this.t.doc.update({
        TableName: this.t.tableName,
        Key: windowCounterKeys.counter(ref),
        UpdateExpression: 'SET expiresAt = :until',
        ConditionExpression: 'hits >= :limit AND expiresAt < :until',
        ExpressionAttributeValues: { ':until': until, ':limit': limit },
      });
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }

  async clear(ref: WindowCounterRef): Promise<void> {
    await this.t.doc.delete({ TableName: this.t.tableName, Key: windowCounterKeys.counter(ref) });
  }
}
