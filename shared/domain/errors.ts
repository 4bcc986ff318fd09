/**
 * Named domain errors. Code anywhere in the service throws these; `shared/http/error-response.ts`
 * maps each kind to its HTTP status in one place.
 */
export interface FieldError {
  field: string;
  message: string;
}

export type ErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'REQUEST_TIMEOUT'
  | 'REQUEST_HEADER_FIELDS_TOO_LARGE'
  | 'INTERNAL_SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, errors: FieldError[] = []) {
    super('BAD_REQUEST', message, errors);
  }
}

export class UnauthorizedError extends DomainError {
  /** `missing`: no credentials were sent (the challenge then names no error, per RFC 6750). */
  constructor(
    message = 'A valid bearer token is required',
    readonly reason: 'missing' | 'invalid' = 'invalid',
  ) {
    super('UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Not allowed') {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', message);
  }
}

export class MethodNotAllowedError extends DomainError {
  constructor(
    message: string,
    readonly allowed: string[],
  ) {
    super('METHOD_NOT_ALLOWED', message);
  }
}

/** A stale `version` in the body, or a write that lost a race. */
export class ConflictError extends DomainError {
  constructor(message: string, errors: FieldError[] = []) {
    super('CONFLICT', message, errors);
  }
}

/** A stale `If-Match`. */
export class PreconditionFailedError extends DomainError {
  constructor(message: string) {
    super('PRECONDITION_FAILED', message);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(message: string) {
    super('PAYLOAD_TOO_LARGE', message);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message: string) {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}

/** Well-formed, but it cannot be done: an Idempotency-Key reused with another body, a JSON Patch that does not apply. */
export class UnprocessableContentError extends DomainError {
  constructor(message: string, errors: FieldError[] = []) {
    super('UNPROCESSABLE_CONTENT', message, errors);
  }
}

/** 429; the response's Retry-After says when to try again. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super('TOO_MANY_REQUESTS', message);
  }
}

/** 503; the response's Retry-After says when to try again. */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super('SERVICE_UNAVAILABLE', message);
  }
}
