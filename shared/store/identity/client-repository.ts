import type { Client } from '../../domain/identity/entities.js';
import { identityKeys } from './identity-keys.js';
import { isConditionFailed } from '../conditional.js';
import type { IdentityTable } from './identity-table.js';

export class ClientRepository {
  constructor(private readonly t: IdentityTable) {}

  async get(realmId: string, clientId: string): Promise<Client | undefined> {
    const out = await this.t.doc.get({ TableName: this.t.tableName, Key: identityKeys.client(realmId, clientId) });
    if (!out.Item) return undefined;
    const { pk: _pk, sk: _sk, entity: _entity, ...client } = out.Item;
    // A client stored before service-account roles existed has none.
    return { serviceAccountRoles: [], ...(client as Omit<Client, 'serviceAccountRoles'>) };
  }

  /** Returns false when a client with that id already exists in the realm. */
  async create(client: Client): Promise<boolean> {
    try {
      await this.t.doc.put({
        TableName: this.t.tableName,
        Item: { ...identityKeys.client(client.realmId, client.clientId), entity: 'client', ...client },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  }
}
