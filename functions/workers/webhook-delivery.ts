/**
 * The webhook delivery consumer: each record names one delivery, which `deliver` tries if it is
 * due (or sends on for later). A failed attempt is not a failed record: the next attempt is queued
 * on the schedule; only a failure to read or write the store has the record delivered again.
 */
import { decodeDeliveryMessage } from '../../shared/domain/webhooks/delivery-queue.js';
import { deliver } from '../../shared/domain/webhooks/deliver.js';
import { sqsBatchHandler } from '../../shared/queue/batch-handler.js';

export const handler = sqsBatchHandler({
  decode: decodeDeliveryMessage,
  logFields: (ref) => ({ realmId: ref.realmId, webhookId: ref.webhookId, deliveryId: ref.deliveryId }),
  async process(ref) {
    await deliver(ref);
  },
});
