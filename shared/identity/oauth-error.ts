/**
 * OAuth 2.0 errors (RFC 6749 §5.2, RFC 7009). The body carries both the OAuth fields, for OAuth
 * client libraries, and the service's error shape (`status`, `message`, `errors`).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'unsupported_token_type'
  | 'temporarily_unavailable';

const statusNames: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly statusCode = code === 'invalid_client' ? 401 : 400,
    /** The request parameter at fault, listed in `errors`. */
    readonly field?: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export interface OAuthErrorBody {
  error: OAuthErrorCode;
  error_description: string;
  status: string;
  message: string;
  errors: { field: string; message: string }[];
}

/** Headers an OAuth error response carries: the Basic challenge, and Retry-After when the hashing budget is spent. */
export function oauthErrorHeaders(error: OAuthError, realmId: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if ((error as { basic?: boolean }).basic === true) headers['www-authenticate'] = `Basic realm="${realmId}"`;
  const retryAfter = (error as { retryAfter?: number }).retryAfter;
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  return headers;
}

export function oauthErrorBody(error: OAuthError): OAuthErrorBody {
  return {
    error: error.code,
    error_description: error.description,
    status: statusNames[error.statusCode] ?? 'BAD_REQUEST',
    message: error.description,
    errors: error.field ? [{ field: error.field, message: error.description }] : [],
  };
}
