/** A realm's issuer URL: `${base}/realms/${realmId}`, the base as `issuerBase` in shared/http/request.ts gives it. */
export function realmIssuer(base: string, realmId: string): string {
  return `${base}/realms/${realmId}`;
}

export const endpointPaths = {
  token: '/protocol/openid-connect/token',
  authorization: '/protocol/openid-connect/auth',
  certs: '/protocol/openid-connect/certs',
  revocation: '/protocol/openid-connect/revoke',
} as const;

/** Realm ids as the resource server accepts them (shared/http/auth.ts). */
export const realmIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
