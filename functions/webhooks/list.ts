import { webhookListQuerySchema, webhookSchema } from '../../shared/domain/webhooks/schema.js';
import { listWebhooks } from '../../shared/domain/webhooks/service.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "List the realm's webhooks",
    description: 'For realm administrators and service accounts with the `webhook-manager` role. Secrets are never listed.',
    tags: ['webhooks'],
    query: webhookListQuerySchema,
    repeatedQuery: ['sort'],
    responses: { 200: { description: 'A page of webhooks', schema: pageSchema(webhookSchema, 'WebhookPage'), headers: ['Link'] } },
  },
  async ({ principal, query, origin, rawQuery }) => pageReply(await listWebhooks(principal, query), `${origin}/webhooks`, rawQuery),
);
