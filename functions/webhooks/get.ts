import { webhookPathSchema, webhookSchema } from '../../shared/domain/webhooks/schema.js';
import { getWebhookView } from '../../shared/domain/webhooks/service.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Read a webhook',
    description: 'A webhook the service disabled after its deliveries kept failing shows why in `disabledReason`.',
    tags: ['webhooks'],
    path: webhookPathSchema,
    responses: { 200: { description: 'The webhook', schema: webhookSchema, headers: ['ETag'] } },
  },
  async ({ principal, path }) => ok(await getWebhookView(principal, path.webhookId)),
);
