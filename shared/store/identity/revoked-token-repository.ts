/**
 * The deny-list of revoked access tokens (by `jti`, kept until the token would have expired), and
 * the check the resource server runs on each request: the token's own `jti`, the refresh family
 * (`sid`) it was issued from, since revoking a login revokes its access tokens too, and for a
 * user's login the user, whose deletion or password change ends the login. One batch read.
 */
import { loginEnded } from '../../domain/identity/entities.js';
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

  /** `login`: the refresh family (`sid`) and its user (`sub`) of a token issued to a user's login. */
  async isRevoked(realmId: string, jti: string, login?: { sid: string; userId: string }, now = new Date()): Promise<boolean> {
    const keys: Record<string, string>[] = [identityKeys.revokedAccessToken(realmId, jti)];
    if (login) keys.push(identityKeys.refreshFamily(realmId, login.sid), identityKeys.user(realmId, login.userId));
    const out = await this.t.doc.batchGet({
      RequestItems: {
        [this.t.tableName]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'entity, expiresAt, revoked, credentialsChangedAt' },
      },
    });
    const items = out.Responses?.[this.t.tableName] ?? [];
    if (login && loginEnded(items.find((item) => item.entity === 'user') as { credentialsChangedAt?: number } | undefined, login.sid)) {
      return true;
    }
    const nowSeconds = epochSeconds(now);
    return items.some(
      (item) =>
        (item.entity === 'revoked-access-token' && (item.expiresAt as number) > nowSeconds) ||
        (item.entity === 'refresh-family' && item.revoked === true),
    );
  }
}
