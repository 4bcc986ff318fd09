/**
 * The deny-list of revoked access tokens (by `jti`, kept until the token would have expired), and
 * the check the resource server runs on each request: the token's own `jti`, the refresh family
 * (`sid`) it was issued from, since revoking a login revokes its access tokens too, and for a
 * user's login the user, whose deletion or password change ends the login.
 */
import { epochSeconds, realmKey } from '../table.js';
import type { IdentityTable } from './identity-table.js';
import { refreshFamilyKeys } from './refresh-family-repository.js';
import { userKeys } from './user-repository.js';

export const revokedTokenKeys = {
  /** A revoked access token, by its `jti`; kept until the token would have expired (TTL `expiresAt`). */
  accessToken: (realmId: string, jti: string) => ({ pk: realmKey(realmId, `REVOKED#${jti}`), sk: 'REVOKED' }),
};

export interface RevocationFacts {
  accessTokenRevoked: boolean;
  familyRevoked: boolean;
  /** The login's user as stored; undefined when there is none (or no login was asked about). */
  user: { credentialsChangedAt?: number } | undefined;
}

export class RevokedTokenRepository {
  constructor(private readonly t: IdentityTable) {}

  async revokeAccessToken(realmId: string, jti: string, expiresAt: number): Promise<void> {
    await this.t.doc.put({
      TableName: this.t.tableName,
      Item: { ...revokedTokenKeys.accessToken(realmId, jti), entity: 'revoked-access-token', expiresAt },
    });
  }

  /**
   * What the table holds about a token, in one batch read: whether its `jti` is on the deny-list
   * (and unexpired), and for a user's login (`sid`, `sub`) whether its refresh family is revoked and
   * the user as stored (absent when deleted). Whether that ends the token is the resource server's call.
   */
  async revocationFacts(realmId: string, jti: string, login?: { sid: string; userId: string }, now = new Date()): Promise<RevocationFacts> {
    const keys: Record<string, string>[] = [revokedTokenKeys.accessToken(realmId, jti)];
    if (login) keys.push(refreshFamilyKeys.family(realmId, login.sid), userKeys.user(realmId, login.userId));
    const out = await this.t.doc.batchGet({
      RequestItems: {
        [this.t.tableName]: { Keys: keys, ConsistentRead: true, ProjectionExpression: 'entity, expiresAt, revoked, credentialsChangedAt' },
      },
    });
    const items = out.Responses?.[this.t.tableName] ?? [];
    const nowSeconds = epochSeconds(now);
    const user = items.find((item) => item.entity === 'user');
    return {
      accessTokenRevoked: items.some((item) => item.entity === 'revoked-access-token' && (item.expiresAt as number) > nowSeconds),
      familyRevoked: items.some((item) => item.entity === 'refresh-family' && item.revoked === true),
      user: user ? { credentialsChangedAt: user.credentialsChangedAt as number | undefined } : undefined,
    };
  }
}
