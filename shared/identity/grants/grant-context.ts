import type { Client } from '../../domain/identity/entities.js';
import type { IdentityStore } from '../../store/identity/identity-store.js';
import type { Parameters } from '../request-parameters.js';
import type { TokenIssuer, TokenResponse } from '../token-issuer.js';

export interface GrantContext {
  realmId: string;
  issuer: string;
  client: Client;
  params: Parameters;
  store: IdentityStore;
  issuerOfTokens: TokenIssuer;
  now: Date;
}

export type Grant = (context: GrantContext) => Promise<TokenResponse>;
