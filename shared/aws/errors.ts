/**
 * AWS JSON protocol errors as `Error` objects named by their AWS error type, so callers test
 * `error.name === 'ConditionalCheckFailedException'` as they would with the AWS SDK.
 */

/** One entry per item of a cancelled DynamoDB transaction; `Code` is `None` for items that passed. */
export interface CancellationReason {
  Code?: string;
  Message?: string;
  /** The item as stored, when the request asked for it (`ReturnValuesOnConditionCheckFailure`). */
  Item?: Record<string, unknown>;
}

/** An error answer from an AWS service. */
export class AwsServiceError extends Error {
  /** DynamoDB's `TransactionCanceledException` only (declared, so other errors do not carry it as `undefined`). */
  declare CancellationReasons?: CancellationReason[];

  constructor(
    name: string,
    message: string,
    readonly statusCode: number,
    readonly requestId: string | undefined,
  ) {
    super(message);
    this.name = name;
  }
}

/** A request that got no answer (connection refused or reset, DNS failure): the cause says why. */
export class AwsNetworkError extends Error {
  override readonly name = 'NetworkingError';
}

/**
 * The error type without its namespace or suffix: `com.amazonaws.dynamodb.v20120810#ResourceNotFoundException`
 * and `ThrottlingException:http://internal.amazon.com/` both name the bare type.
 */
function bareType(raw: string): string {
  const type = raw.split(',')[0].split(':')[0];
  return type.includes('#') ? type.slice(type.indexOf('#') + 1) : type;
}

/**
 * Only the first paragraph of a service's message: a signature mismatch explains itself with the
 * canonical request after a blank line, and that request includes the session token.
 */
function firstParagraph(message: string): string {
  return message.split(/\r?\n\s*\r?\n/)[0].trim();
}

export function serviceError(
  service: string,
  operation: string,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): AwsServiceError {
  const fields = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const rawType = headers['x-amzn-errortype'] ?? fields.code ?? fields.__type;
  const name = typeof rawType === 'string' && rawType ? bareType(rawType) : 'UnknownError';
  const rawMessage = fields.message ?? fields.Message;
  const message =
    typeof rawMessage === 'string' && rawMessage
      ? firstParagraph(rawMessage)
      : `${service} ${operation} failed with HTTP ${status}`;
  const requestId = headers['x-amzn-requestid'];
  const error = new AwsServiceError(name, message, status, typeof requestId === 'string' ? requestId : undefined);
  if (Array.isArray(fields.CancellationReasons)) error.CancellationReasons = fields.CancellationReasons as CancellationReason[];
  return error;
}
