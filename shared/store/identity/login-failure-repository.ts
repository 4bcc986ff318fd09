/**
 * Failed logins per username (existing or not, so a lock reveals nothing about existence). The
 * counter rises with atomic ADD inside a window; reaching the limit locks the name for a while.
 */
import { loginThrottle } from '../../identity/lifetimes.js';
import { epochSeconds, identityKeys } from './identity-keys.js';
import { isConditionFailed } from '../conditional.js';
import type { IdentityTable } from './identity-table.js';

export class LoginFailureRepository {
  constructor(
    private readonly t: IdentityTable,
    private readonly policy: typeof loginThrottle = loginThrottle,
  ) {}

  /** Epoch seconds until which the username is locked, or undefined. */
  async lockedUntil(realmId: string, username: string, now = new Date()): Promise<number | undefined> {
    const out = await this.t.doc.get({ TableName: this.t.tableName, Key: identityKeys.loginFailures(realmId, username), ConsistentRead: true });
    const until = out.Item?.lockedUntil as number | undefined;
    return until !== undefined && until > epochSeconds(now) ? until : undefined;
  }

  async recordFailure(realmId: string, username: string, now = new Date()): Promise<void> {
    const key = identityKeys.loginFailures(realmId, username);
    const nowSeconds = epochSeconds(now);
    let failures: number;
    try {
      // Counts within the live window; an expired item (no TTL locally) fails the condition and restarts.
      const out = await this.t.doc.update({
        TableName: this.t.tableName,
        Key: key,
        UpdateExpression: 'ADD failures :one',
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':now': nowSeconds },
        ReturnValues: 'ALL_NEW',
      });
      failures = out.Attributes?.failures as number;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
      await this.t.doc.put({
        TableName: this.t.tableName,
        Item: { ...key, entity: 'login-failures', failures: 1, expiresAt: nowSeconds + this.policy.windowSeconds },
      });
      failures = 1;
    }
    if (failures >= this.policy.maxFailures) {
      const lockedUntil = nowSeconds + this.policy.lockSeconds;
      await this.t.doc.update({
        TableName: this.t.tableName,
        Key: key,
        UpdateExpression: 'SET lockedUntil = :until, expiresAt = :until, failures = :zero',
        ExpressionAttributeValues: { ':until': lockedUntil, ':zero': 0 },
      });
    }
  }

  async clear(realmId: string, username: string): Promise<void> {
    await this.t.doc.delete({ TableName: this.t.tableName, Key: identityKeys.loginFailures(realmId, username) });
  }
}
