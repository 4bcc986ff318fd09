/**
 * Refresh tokens, one item per family (one login). The item holds a digest of the one live token
 * and the digests of every rotated one. Rotation is a single conditional write on the current
 * digest, so a token works once even under concurrency; a rotated token presented again marks the
 * whole family revoked.
 */
import { isConditionFailed } from '../conditional.js';
import { epochSeconds, realmKey } from '../table.js';
import type { IdentityTable } from './identity-table.js';

export interface RefreshFamily {
  realmId: string;
  familyId: string;
  clientId: string;
  subject: string;
  scope: string;
  currentDigest: string;
  usedDigests: Set<string>;
  revoked: boolean;
  /** Epoch seconds: the live token's idle expiry. */
  currentExpiresAt: number;
  /** Epoch seconds: the family's absolute end (also the item's TTL). */
  expiresAt: number;
  authTime: number;
}

export const refreshFamilyKeys = {
  family: (realmId: string, familyId: string) => ({ pk: realmKey(realmId, `RTF#${familyId}`), sk: 'RTF' }),
};

export type RotationOutcome = 'rotated' | 'lost-race';

export class RefreshFamilyRepository {
  constructor(private readonly t: IdentityTable) {}

  async create(family: Omit<RefreshFamily, 'usedDigests' | 'revoked'>): Promise<void> {
    await this.t.doc.put({
      TableName: this.t.tableName,
      Item: {
        ...refreshFamilyKeys.family(family.realmId, family.familyId),
        entity: 'refresh-family',
        ...family,
        revoked: false,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  }

  async get(realmId: string, familyId: string): Promise<RefreshFamily | undefined> {
    const out = await this.t.doc.get({
      TableName: this.t.tableName,
      Key: refreshFamilyKeys.family(realmId, familyId),
      ConsistentRead: true,
    });
    if (!out.Item) return undefined;
    const item = out.Item;
    return {
      realmId: item.realmId,
      familyId: item.familyId,
      clientId: item.clientId,
      subject: item.subject,
      scope: item.scope,
      currentDigest: item.currentDigest,
      usedDigests: (item.usedDigests as Set<string> | undefined) ?? new Set(),
      revoked: item.revoked === true,
      currentExpiresAt: item.currentExpiresAt,
      expiresAt: item.expiresAt,
      authTime: item.authTime,
    };
  }

  /** Replaces the live token if `presentedDigest` is still the live one and the family is not revoked. */
  async rotate(
    realmId: string,
    familyId: string,
    presentedDigest: string,
    nextDigest: string,
    nextExpiresAt: number,
  ): Promise<RotationOutcome> {
    try {
      await this.t.doc.update({
        TableName: this.t.tableName,
        Key: refreshFamilyKeys.family(realmId, familyId),
        UpdateExpression: 'SET currentDigest = :next, currentExpiresAt = :exp ADD usedDigests :presentedSet',
        ConditionExpression: 'currentDigest = :presented AND revoked = :no',
        ExpressionAttributeValues: {
          ':next': nextDigest,
          ':exp': nextExpiresAt,
          ':presented': presentedDigest,
          ':presentedSet': new Set([presentedDigest]),
          ':no': false,
        },
      });
      return 'rotated';
    } catch (error) {
      if (isConditionFailed(error)) return 'lost-race';
      throw error;
    }
  }

  async revoke(realmId: string, familyId: string): Promise<void> {
    try {
      await this.t.doc.update({
        TableName: this.t.tableName,
        Key: refreshFamilyKeys.family(realmId, familyId),
        UpdateExpression: 'SET revoked = :yes, revokedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':yes': true, ':now': epochSeconds(new Date()) },
      });
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
}
