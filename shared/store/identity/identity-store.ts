import type { DocumentClient } from '../../aws/dynamodb.js';
import { AuthorizationCodeRepository } from './authorization-code-repository.js';
import { ClientRepository } from './client-repository.js';
import type { IdentityTable } from './identity-table.js';
import { WindowCounterRepository } from './window-counter-repository.js';
import { RealmRepository } from './realm-repository.js';
import { RefreshFamilyRepository } from './refresh-family-repository.js';
import { RevokedTokenRepository } from './revoked-token-repository.js';
import { UserRepository } from './user-repository.js';

/** Every identity repository over one table. */
export class IdentityStore {
  readonly realms: RealmRepository;
  readonly clients: ClientRepository;
  readonly users: UserRepository;
  readonly refreshFamilies: RefreshFamilyRepository;
  readonly authorizationCodes: AuthorizationCodeRepository;
  /** Login failure counts and hashing budgets. */
  readonly counters: WindowCounterRepository;
  readonly revokedTokens: RevokedTokenRepository;

  constructor(doc: DocumentClient, tableName: string) {
    const t: IdentityTable = { doc, tableName };
    this.realms = new RealmRepository(t);
    this.clients = new ClientRepository(t);
    this.users = new UserRepository(t);
    this.refreshFamilies = new RefreshFamilyRepository(t);
    this.authorizationCodes = new AuthorizationCodeRepository(t);
    this.counters = new WindowCounterRepository(t);
    this.revokedTokens = new RevokedTokenRepository(t);
  }
}
