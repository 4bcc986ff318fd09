/**
 * A realm's issuer URL: `${ISSUER_BASE_URL}/realms/${realmId}`, or, without that setting, the
 * request's own origin (the scheme API Gateway and the local runtime put in x-forwarded-proto).
 */
export function issuerBase(headers: Record<string, string | undefined>, env: NodeJS.ProcessEnv = process.env): string {
  if (env.ISSUER_BASE_URL) return env.ISSUER_BASE_URL.replace(/\/+$/, '');
  const host = headers.host ?? headers.Host ?? 'localhost';
  const proto = (headers['x-forwarded-proto'] ?? 'https').split(',')[0].trim();
  return `${proto}://${host}`;
}

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
