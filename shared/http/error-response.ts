/** The one mapping from errors to HTTP responses, and the error body every status >= 400 has. */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
// The error class by name: `z.core.$ZodError` would make the bundle keep all of zod's core namespace.
import { $ZodError } from 'zod/v4/core';
import { DomainError, MethodNotAllowedError, ServiceUnavailableError, TooManyRequestsError, UnauthorizedError } from '../domain/errors.js';
import type { ErrorKind, FieldError } from '../domain/errors.js';
import { fieldErrorsOf } from '../domain/field-errors.js';
import { domainErrorOf } from '../domain/store-facts.js';

export const statusCodes: Record<ErrorKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  REQUEST_TIMEOUT: 408,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const errorBodySchema = z
  .object({
    status: z.enum(Object.keys(statusCodes) as [ErrorKind, ...ErrorKind[]]),
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
    requestId: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'Error' });

export const jsonContentType = 'application/json;charset=UTF-8';

const throttled = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);
/**
 * A dependency that could not be reached in time (the SDK's connection or request timeout, a
 * connection refused or reset): the service is overloaded or briefly cut off, and a retry is
 * what the client should do, so it is a 503 with Retry-After, not a 500.
 */
const unreachable = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

function isBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return throttled.has(error.name) || unreachable.has(error.name) || unreachableCodes.has((error as NodeJS.ErrnoException).code ?? '');
}

export interface MappedError {
  kind: ErrorKind;
  message: string;
  errors: FieldError[];
  headers: Record<string, string>;
  /** Unexpected: logged with its details, shown only as a request id. */
  internal: boolean;
}

export function mapError(thrown: unknown): MappedError {
  const error = domainErrorOf(thrown);
  if (error instanceof DomainError) {
    const headers: Record<string, string> = {};
    if (error instanceof UnauthorizedError) {
      headers['WWW-Authenticate'] = error.reason === 'missing' ? 'Bearer' : 'Bearer error="invalid_token"';
    }
    if (error instanceof MethodNotAllowedError) headers.Allow = error.allowed.join(', ');
    if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError)
      headers['Retry-After'] = String(error.retryAfterSeconds);
    return { kind: error.kind, message: error.message, errors: error.errors, headers, internal: false };
  }
  if (error instanceof $ZodError) {
    return { kind: 'BAD_REQUEST', message: 'Invalid request', errors: fieldErrorsOf(error), headers: {}, internal: false };
  }
  if (isBusy(error)) {
    return {
      kind: 'SERVICE_UNAVAILABLE',
      message: 'The service is busy; retry shortly',
      errors: [],
      headers: { 'Retry-After': '1' },
      internal: false,
    };
  }
  return { kind: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', errors: [], headers: {}, internal: true };
}

/** Seconds a client waits before retrying a 429 or 503 that did not say. */
const defaultRetryAfter: Record<number, string> = { 429: '5', 503: '1' };

/** Every 429 and 503 says when to retry, whichever code answered it. */
export function withRetryAfter(result: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  const fallback = defaultRetryAfter[result.statusCode ?? 200];
  if (!fallback) return result;
  const headers = result.headers ?? {};
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'retry-after')) return result;
  return { ...result, headers: { ...headers, 'Retry-After': fallback } };
}

export function errorResult(mapped: MappedError, requestId: string): APIGatewayProxyStructuredResultV2 {
  const status = statusCodes[mapped.kind];
  const body: Record<string, unknown> = { status: mapped.kind, message: mapped.message, errors: mapped.errors };
  if (status >= 500) body.requestId = requestId;
  return {
    statusCode: status,
    headers: { 'Content-Type': jsonContentType, ...mapped.headers },
    body: JSON.stringify(body),
  };
}
