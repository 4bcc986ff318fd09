import { webhookPathSchema, webhookReplaceSchema, webhookSchema } from '../../shared/domain/webhooks/schema.js';
import { replaceWebhook } from '../../shared/domain/webhooks/service.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Replace a webhook',
    description:
      'Sets its URL, event types and `enabled` (default true: writing a disabled webhook enables it again and clears ' +
      '`disabledReason`). The secret is not changed here (see the rotation). Honours If-Match (412) and `version` (409).',
    tags: ['webhooks'],
    path: webhookPathSchema,
    body: webhookReplaceSchema,
    responses: { 200: { description: 'The webhook as written', schema: webhookSchema, headers: ['ETag'] } },
  },
  async ({ principal, path, body, preconditions }) => ok(await replaceWebhook(principal, path.webhookId, body, preconditions)),
);
