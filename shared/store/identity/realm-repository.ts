/**
 * Realms: one item per realm at the head of the realm's own partition (`R#<realm>#META`, sort key
 * `REALM`). The partition also holds the realm-wide items that are not the realm itself: its
 * counters (realm-counters.ts) and its active-run slots (runs/active-runs.ts).
 */
import { isConditionFailed } from '../conditional.js';
import { realmKey } from '../table.js';
import type { IdentityTable } from './identity-table.js';

/** A realm: one customer, holding its clients, users and data. */
export interface Realm {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const realmKeys = {
  /** The realm's own partition. */
  partition: (realmId: string) => realmKey(realmId, 'META'),
  realm: (realmId: string) => ({ pk: realmKeys.partition(realmId), sk: 'REALM' }),
};

export class RealmRepository {
  constructor(private readonly t: IdentityTable) {}

  async get(realmId: string): Promise<Realm | undefined> {
    const out = await this.t.doc.get({ TableName: this.t.tableName, Key: realmKeys.realm(realmId) });
    return out.Item ? toRealm(out.Item) : undefined;
  }

  /** Returns false when the realm already exists. */
  async create(realmId: string, now = new Date()): Promise<boolean> {
    const at = now.toISOString();
    try {
      await this.t.doc.put({
        TableName: this.t.tableName,
        Item: { ...realmKeys.realm(realmId), entity: 'realm', id: realmId, createdAt: at, updatedAt: at, version: 1 },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  }

  /** Every realm. An operator's command only: it scans the table (realms have no shared partition by design). */
  async listAll(): Promise<Realm[]> {
    const realms: Realm[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.t.doc.scan({
        TableName: this.t.tableName,
        FilterExpression: 'entity = :realm',
        ExpressionAttributeValues: { ':realm': 'realm' },
        ExclusiveStartKey: start,
      });
      realms.push(...(out.Items ?? []).map(toRealm));
      start = out.LastEvaluatedKey;
    } while (start);
    return realms.sort((a, b) => a.id.localeCompare(b.id));
  }
}

function toRealm(item: Record<string, unknown>): Realm {
  return {
    id: item.id as string,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}
