import type { Client } from '../../domain/identity/entities.js';
import type { IdentityStore } from '../../store/identity/identity-store.js';
import type { Parameters } from '../request-parameters.js';
import type { TokenIssuer, TokenResponse } from '../token-issuer.js';
import type { LoginPolicies } from '../user-authentication.js';

export interface GrantContext {
  realmId: string;
  issuer: string;
  client: Client;
  params: Parameters;
  store: IdentityStore;
  issuerOfTokens: TokenIssuer;
  now: Date;
  /** The request's source address. */
  sourceIp?: string;
  policies: LoginPolicies;
}

export type Grant = (context: GrantContext) => Promise<TokenResponse>;
