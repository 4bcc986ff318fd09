import type { IdentityStore } from '../store/identity/identity-store.js';
import type { SigningKeySource } from './signing/signing-key.js';
import { hashBudgetFromEnvironment, loginThrottle } from './lifetimes.js';
import { TokenIssuer } from './token-issuer.js';
import type { LoginPolicies } from './user-authentication.js';

/** What every identity endpoint works with: the store, the signing keys, the clock and the throttling policies. */
export class IdentityProvider {
  readonly tokens: TokenIssuer;

  constructor(
    readonly store: IdentityStore,
    readonly keys: SigningKeySource,
    readonly clock: () => Date = () => new Date(),
    readonly policies: LoginPolicies = { loginThrottle, hashBudget: hashBudgetFromEnvironment() },
  ) {
    this.tokens = new TokenIssuer(store, keys, clock);
  }
}

/** A transport-neutral request and response, so the endpoints run the same behind any HTTP layer. */
export interface EndpointRequest {
  realmId: string;
  /** The realm's issuer URL. */
  issuer: string;
  method: string;
  /** The caller's address (API Gateway's `sourceIp`), which the hashing budget and login locks key on. */
  sourceIp?: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  /** Query parameters given more than once (RFC 6749 §3.1: an endpoint refuses them). */
  repeatedQuery?: string[];
  body?: string;
}

/** A JSON body (`json`), an HTML page (`html`, the login page only), or no body. */
export interface EndpointResponse {
  statusCode: number;
  headers: Record<string, string>;
  json?: unknown;
  html?: string;
}

export function jsonResponse(statusCode: number, body: unknown, headers: Record<string, string> = {}): EndpointResponse {
  return {
    statusCode,
    headers: {
      'content-type': 'application/json;charset=UTF-8',
      'cache-control': 'no-store',
      pragma: 'no-cache',
      ...headers,
    },
    json: body,
  };
}
