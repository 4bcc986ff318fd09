import { emptyBodySchema, deliveryPathSchema, deliverySchema } from '../../shared/domain/webhooks/schema.js';
import { retryDelivery } from '../../shared/domain/webhooks/service.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'Send a delivery again',
    description:
      'Queues one more attempt of a delivery that has ended (`SUCCEEDED` or `FAILED`), now, with the same event id; ' +
      '409 while it is still pending. A disabled webhook must be enabled first (PUT), or the attempt ends unsent.',
    tags: ['webhooks'],
    errors: [409],
    bodyDocumentation: emptyBodySchema,
    bodyOptional: true,
    path: deliveryPathSchema,
    responses: { 202: { description: 'The delivery, pending again', schema: deliverySchema } },
  },
  async ({ principal, path }) => ({ status: 202, body: await retryDelivery(principal, path.webhookId, path.deliveryId) }),
);
