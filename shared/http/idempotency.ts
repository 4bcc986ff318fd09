/**
 * `Idempotency-Key` on the POSTs that create: the same key with the same request within 24 hours
 * answers the first response again (with `Idempotent-Replayed: true`) instead of creating twice;
 * the same key with another body or path is a 422. Keys belong to the caller (realm and subject).
 */
import { createHash } from 'node:crypto';
import { ConflictError, UnprocessableContentError, ValidationError } from '../domain/errors.js';
import type { Principal } from '../domain/principal.js';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../store/idempotency.js';
import type { Reply } from './reply.js';
import type { ApiEvent } from './request.js';
import { header } from './request.js';

export const idempotencyKeyHeader = 'Idempotency-Key';
const keyPattern = /^[\x21-\x7e]{1,255}$/;

function fingerprint(event: ApiEvent): string {
  const body = event.body === undefined ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  return createHash('sha256').update(`${event.requestContext?.http?.method} ${event.rawPath}\n${body}`).digest('hex');
}

export async function idempotentReply(event: ApiEvent, principal: Principal, run: () => Promise<Reply>): Promise<Reply> {
  const key = header(event, idempotencyKeyHeader);
  if (key === undefined) return run();
  if (!keyPattern.test(key)) {
    throw new ValidationError('Invalid Idempotency-Key', [
      { field: idempotencyKeyHeader, message: 'must be 1 to 255 visible ASCII characters' },
    ]);
  }
  const { realmId, subject } = principal;
  const print = fingerprint(event);
  const existing = await claimIdempotencyKey(realmId, subject, key, print);
  if (existing) {
    if (existing.fingerprint !== print) {
      throw new UnprocessableContentError('This Idempotency-Key was used with another request', [
        { field: idempotencyKeyHeader, message: 'was used with another request body or path in the last 24 hours' },
      ]);
    }
    if (existing.state === 'pending') throw new ConflictError('A request with this Idempotency-Key is still in progress; retry shortly');
    const { status, headers, body } = existing.response;
    return { status, headers: { ...headers, 'Idempotent-Replayed': 'true' }, body };
  }
  let reply: Reply;
  try {
    reply = await run();
  } catch (error) {
    await releaseIdempotencyKey(realmId, subject, key);
    throw error;
  }
  await completeIdempotencyKey(realmId, subject, key, { status: reply.status, headers: reply.headers ?? {}, body: reply.body });
  return reply;
}
