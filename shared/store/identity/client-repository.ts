/** Clients of a realm: one item each, in a partition of its own (`R#<realm>#CLIENT#<clientId>`). */
import { isConditionFailed } from '../conditional.js';
import { realmKey } from '../table.js';
import type { IdentityTable } from './identity-table.js';

export const grantTypes = ['client_credentials', 'password', 'refresh_token', 'authorization_code'] as const;
export type GrantType = (typeof grantTypes)[number];

/**
 * A client of a realm. A confidential client has a secret, kept only as a scrypt hash; a public
 * client (`public: true`, e.g. a single-page app) has none and must use PKCE instead.
 */
export interface Client {
  realmId: string;
  clientId: string;
  /** Absent for a public client. */
  secretHash?: string;
  public?: boolean;
  grantTypes: GrantType[];
  redirectUris: string[];
  /** Roles of the client's service account (`client_credentials` tokens), e.g. `realm-admin`; none unless given. */
  serviceAccountRoles: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const clientKeys = {
  client: (realmId: string, clientId: string) => ({ pk: realmKey(realmId, `CLIENT#${clientId}`), sk: 'CLIENT' }),
};

export class ClientRepository {
  constructor(private readonly t: IdentityTable) {}

  async get(realmId: string, clientId: string): Promise<Client | undefined> {
    const out = await this.t.doc.get({ TableName: this.t.tableName, Key: clientKeys.client(realmId, clientId) });
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
        Item: { ...clientKeys.client(client.realmId, client.clientId), entity: 'client', ...client },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  }
}
