/**
 * Authorization codes: stored by digest, live 60 s, and redeemed by one conditional write that
 * flips `used`, so a code works once even when two requests race with it.
 */
import { isConditionFailed } from '../conditional.js';
import { realmKey } from '../table.js';
import type { IdentityTable } from './identity-table.js';

export interface AuthorizationCode {
  realmId: string;
  codeDigest: string;
  clientId: string;
  redirectUri: string;
  subject: string;
  scope: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256';
  authTime: number;
  /** Epoch milliseconds of the sign-in (taken before the password was checked). */
  signedInAt?: number;
  /** Epoch seconds (also the item's TTL). */
  expiresAt: number;
  /** The refresh family issued from this code, so a replayed code can revoke it. */
  familyId?: string;
}

export const authorizationCodeKeys = {
  /** A code is found by its digest: the code itself is never stored. */
  code: (realmId: string, codeDigest: string) => ({ pk: realmKey(realmId, `CODE#${codeDigest}`), sk: 'CODE' }),
};

export type Redemption =
  | { outcome: 'redeemed'; code: AuthorizationCode }
  | { outcome: 'already-used'; code: AuthorizationCode }
  | { outcome: 'unknown' };

export class AuthorizationCodeRepository {
  constructor(private readonly t: IdentityTable) {}

  async create(code: AuthorizationCode): Promise<void> {
    await this.t.doc.put({
      TableName: this.t.tableName,
      Item: { ...authorizationCodeKeys.code(code.realmId, code.codeDigest), entity: 'authorization-code', ...code, used: false },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  }

  async redeem(realmId: string, codeDigest: string): Promise<Redemption> {
    const key = authorizationCodeKeys.code(realmId, codeDigest);
    try {
      const out = await this.t.doc.update({
        TableName: this.t.tableName,
        Key: key,
        UpdateExpression: 'SET used = :yes',
        ConditionExpression: 'attribute_exists(pk) AND used = :no',
        ExpressionAttributeValues: { ':yes': true, ':no': false },
        ReturnValues: 'ALL_NEW',
      });
      return { outcome: 'redeemed', code: out.Attributes as AuthorizationCode };
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    const existing = await this.t.doc.get({ TableName: this.t.tableName, Key: key, ConsistentRead: true });
    return existing.Item ? { outcome: 'already-used', code: existing.Item as AuthorizationCode } : { outcome: 'unknown' };
  }

  async recordFamily(realmId: string, codeDigest: string, familyId: string): Promise<void> {
    await this.t.doc.update({
      TableName: this.t.tableName,
      Key: authorizationCodeKeys.code(realmId, codeDigest),
      UpdateExpression: 'SET familyId = :f',
      ExpressionAttributeValues: { ':f': familyId },
    });
  }
}
