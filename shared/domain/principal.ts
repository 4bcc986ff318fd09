/**
 * Who is calling: the verified access token reduced to what access rules need.
 * A service account (a client's `client_credentials` token) acts for its whole realm;
 * a user acts on what it owns. How a token marks a service account: docs/API-NOTES.md.
 */
export interface Principal {
  realmId: string;
  /** The token's `sub`: the user id, or `service-account-<clientId>`. */
  subject: string;
  /** The token's `azp`. */
  clientId: string;
  kind: 'user' | 'service';
  roles: string[];
}

export const serviceAccountRole = 'service-account';

export function serviceAccountSubject(clientId: string): string {
  return `service-account-${clientId}`;
}
