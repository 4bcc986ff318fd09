import { deliveryListQuerySchema, deliverySchema, webhookPathSchema } from '../../shared/domain/webhooks/schema.js';
import { listDeliveries } from '../../shared/domain/webhooks/service.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "List a webhook's deliveries of the last 30 days",
    description:
      'Each delivery is one event sent to this webhook: its status (`PENDING` while attempts remain, `SUCCEEDED`, `FAILED`), ' +
      'every attempt with its time, HTTP status, latency and error, and when the next attempt is due. Oldest first by default.',
    tags: ['webhooks'],
    path: webhookPathSchema,
    query: deliveryListQuerySchema,
    repeatedQuery: ['sort'],
    responses: {
      200: { description: 'A page of deliveries', schema: pageSchema(deliverySchema, 'WebhookDeliveryPage'), headers: ['Link'] },
    },
  },
  async ({ principal, path, query, origin, rawQuery }) =>
    pageReply(await listDeliveries(principal, path.webhookId, query), `${origin}/webhooks/${path.webhookId}/deliveries`, rawQuery),
);
