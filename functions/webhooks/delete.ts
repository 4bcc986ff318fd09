import { webhookPathSchema } from '../../shared/domain/webhooks/schema.js';
import { deleteWebhook } from '../../shared/domain/webhooks/service.js';
import { noContent } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Delete a webhook and its deliveries',
    description: 'Deliveries still pending are not sent. Honours If-Match (412 when stale).',
    tags: ['webhooks'],
    path: webhookPathSchema,
    responses: { 204: { description: 'Deleted' } },
  },
  async ({ principal, path, preconditions }) => {
    await deleteWebhook(principal, path.webhookId, preconditions);
    return noContent();
  },
);
