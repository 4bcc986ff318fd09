/**
 * Who is calling: the verified access token reduced to what access rules need. A caller with the
 * `realm-admin` role (a service account whose client was given it) acts for its whole realm; any
 * other caller, user or service account, acts on what it owns. docs/API-NOTES.md.
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

/** The role that acts for the whole realm: every household, and `/users`. */
export const realmAdminRole = 'realm-admin';

/** The role that reads the realm's usage ledger (`GET /usage`) and nothing more: for billing. */
export const usageReaderRole = 'usage-reader';

/** The role that manages the realm's webhooks (`/webhooks`) and nothing more: for an integration's back end. */
export const webhookManagerRole = 'webhook-manager';

/** Roles a client may give its service account when it is created. */
export const serviceAccountRoles = [realmAdminRole, usageReaderRole, webhookManagerRole] as const;

export function isRealmAdmin(principal: Principal): boolean {
  return principal.roles.includes(realmAdminRole);
}

export function serviceAccountSubject(clientId: string): string {
  return `service-account-${clientId}`;
}
