/**
 * The deny-list of revoked access tokens (by `jti`, kept until the token would have expired), and
 * the check the resource server runs on each request: the token's own `jti`, and the refresh
 * family (`sid`) it was issued from, since revoking a login revokes its access tokens too.
 */
import { epochSeconds, identityKeys } from './identity-keys.js';
import type { IdentityTable } from './identity-table.js';

export class RevokedTokenRepository {
  constructor(private readonly t: IdentityTable) {}

  async revokeAccessToken(realmId: string, jti: string, expiresAt: number): Promise<void> {
    await this.t.doc.put({
      TableName: this.t.tableName,
      Item: { ...identityKeys.revokedAccessToken(realmId, jti), entity: 'revoked-access-token', expiresAt },
    });
  }

  async isRevoked(realmId: string, jti: string, sid?: string, now = new Date()): Promise<boolean> {
    const keys: Record<string, string>[] = [identityKeys.revokedAccessToken(realmId, jti)];
    if (sid) keys.push(identityKeys.refreshFamily(realmId, sid));
    const out = await this.t.doc.batchGet({
      RequestItems: { [this.t.tableName]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'entity, expiresAt, revoked' } },
    });
    const items = out.Responses?.[this.t.tableName] ?? [];
    const nowSeconds = epochSeconds(now);
    return items.some(
      (item) =>
        (item.entity === 'revoked-access-token' && (item.expiresAt as number) > nowSeconds) ||
        (item.entity === 'refresh-family' && item.revoked === true),
    );
  }
}
