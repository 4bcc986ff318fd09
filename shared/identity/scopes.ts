import { OAuthError } from './oauth-error.js';

export const supportedScopes = ['openid', 'profile', 'email'] as const;
/** Granted when the request names no scope. */
export const defaultScope = 'profile email';

/** Parses a space-delimited scope (RFC 6749 §3.3); unknown scopes are `invalid_scope`. */
export function parseScope(requested: string | undefined): string[] {
  if (requested === undefined || requested.trim() === '') return defaultScope.split(' ');
  const scopes = [...new Set(requested.split(' ').filter(Boolean))];
  const unknown = scopes.filter((s) => !(supportedScopes as readonly string[]).includes(s));
  if (unknown.length > 0) throw new OAuthError('invalid_scope', `Unsupported scope: ${unknown.join(' ')}`, 400, 'scope');
  return scopes;
}

/** On refresh, a client may narrow the scope it was granted but never widen it. */
export function narrowScope(granted: string, requested: string | undefined): string[] {
  const grantedScopes = granted.split(' ').filter(Boolean);
  if (requested === undefined || requested.trim() === '') return grantedScopes;
  const asked = parseScope(requested);
  const extra = asked.filter((s) => !grantedScopes.includes(s));
  if (extra.length > 0) throw new OAuthError('invalid_scope', `Scope not granted before: ${extra.join(' ')}`, 400, 'scope');
  return asked;
}
