/**
 * Client authentication (RFC 6749 §2.3.1): a confidential client uses `client_secret_basic` (HTTP
 * Basic with form-url-encoded id and secret) or `client_secret_post` (both in the body), never
 * both. A public client sends only `client_id` (`none`); it has no secret to check, and its codes
 * are bound to it by PKCE instead.
 */
import type { Client } from '../domain/identity/entities.js';
import { spendHash } from './hash-budget.js';
import { decoy, verifySecret } from './hashing.js';
import { OAuthError } from './oauth-error.js';
import type { EndpointRequest, IdentityProvider } from './provider.js';
import type { Parameters } from './request-parameters.js';

export class InvalidClientError extends OAuthError {
  constructor(
    description: string,
    /** Basic was used: the 401 then names the scheme in WWW-Authenticate (RFC 6749 §5.2). */
    readonly basic: boolean,
  ) {
    super('invalid_client', description, 401);
  }
}

interface Credentials {
  clientId: string;
  /** Absent when only `client_id` was sent: acceptable for a public client alone. */
  secret?: string;
  basic: boolean;
}

function decodeBasicPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

function readCredentials(params: Parameters, authorization: string | undefined): Credentials {
  const basic = authorization?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (authorization && /^Basic\b/i.test(authorization)) {
    if (params.client_secret !== undefined) {
      throw new OAuthError('invalid_request', 'Use one client authentication method, not both Basic and client_secret');
    }
    const decoded = basic ? Buffer.from(basic[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new InvalidClientError('Malformed Basic credentials', true);
    const clientId = decodeBasicPart(decoded.slice(0, colon));
    if (params.client_id !== undefined && params.client_id !== clientId) {
      throw new OAuthError('invalid_request', 'client_id differs from the Basic credentials', 400, 'client_id');
    }
    return { clientId, secret: decodeBasicPart(decoded.slice(colon + 1)), basic: true };
  }
  if (!params.client_id) throw new InvalidClientError('Client authentication is required', false);
  return { clientId: params.client_id, secret: params.client_secret, basic: false };
}

export async function authenticateClient(provider: IdentityProvider, request: EndpointRequest, params: Parameters): Promise<Client> {
  const { store, policies } = provider;
  const realmId = request.realmId;
  const credentials = readCredentials(params, request.headers.authorization);
  const client = await store.clients.get(realmId, credentials.clientId);
  if (credentials.secret === undefined) {
    if (client?.public) return client;
    throw new InvalidClientError('Client authentication is required', false);
  }
  if (client?.public) throw new InvalidClientError('A public client has no secret', credentials.basic);
  // Paid for before it is computed (hash-budget.ts). An unknown client costs the same hashing time as a known one with a wrong secret.
  await spendHash(store, realmId, { sourceIp: request.sourceIp, clientId: credentials.clientId }, policies.hashBudget, provider.clock());
  const valid = await verifySecret(credentials.secret, client?.secretHash ?? (await decoy()));
  if (!client || !valid) throw new InvalidClientError('Invalid client or client credentials', credentials.basic);
  return client;
}
