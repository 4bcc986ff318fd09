import { webhookCreatedSchema, webhookCreateSchema } from '../../shared/domain/webhooks/schema.js';
import { createWebhook } from '../../shared/domain/webhooks/service.js';
import { created } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

// Not idempotent (no Idempotency-Key), unlike the other creates: a replay would have to keep the
// answer, and this answer holds the secret, which is stored only sealed (docs/EVENTS.md).

export const handler = route(
  {
    summary: 'Register a webhook: an endpoint the realm’s events are POSTed to, signed',
    description:
      'The response carries the signing `secret` (Standard Webhooks `whsec_` form), shown only here; it is stored encrypted. ' +
      'The URL must be https and must not name a private, loopback or link-local address (docs/EVENTS.md). ' +
      'For realm administrators and service accounts with the `webhook-manager` role; at most 20 per realm (409). ' +
      'Not idempotent: the answer holds the secret, which is not kept to replay it.',
    tags: ['webhooks'],
    errors: [409],
    body: webhookCreateSchema,
    responses: { 201: { description: 'The new webhook, with its secret', schema: webhookCreatedSchema, headers: ['Location', 'ETag'] } },
  },
  async ({ principal, body, origin }) => {
    const webhook = await createWebhook(principal, body);
    return created(webhook, `${origin}/webhooks/${webhook.id}`);
  },
);
