/**
 * Handing an event to the realm's endpoints: one delivery item per enabled endpoint subscribed to
 * its type (its id derived from the event's and the endpoint's, so handing the same event on again
 * after a crash finds the deliveries made and makes none twice), then one queue message per
 * pending delivery. A realm with no endpoint pays one query.
 */
import { listWebhooks } from '../../store/webhooks.js';
import { type DeliveryRef, getDelivery, putDeliveryOnce } from '../../store/webhook-deliveries.js';
import { deliveryClock, enqueueDeliveries } from './delivery-queue.js';
import { derivedId, type EventType, type WebhookEvent } from './events.js';
import { scheduledAttempts } from './schedule.js';

/** `makeEvent` is called only when an endpoint takes the event. */
export async function publishEvent(
  realmId: string,
  type: EventType,
  makeEvent: () => WebhookEvent,
  now = deliveryClock().now(),
): Promise<DeliveryRef[]> {
  const endpoints = (await listWebhooks(realmId)).filter((hook) => hook.enabled && hook.eventTypes.includes(type));
  if (endpoints.length === 0) return [];
  const event = makeEvent();
  const payload = JSON.stringify(event);
  const pending: DeliveryRef[] = [];
  for (const hook of endpoints) {
    const ref = { realmId: event.realm, webhookId: hook.id, deliveryId: derivedId(new Date(event.time), event.id, hook.id) };
    const made = await putDeliveryOnce(event.realm, {
      id: ref.deliveryId,
      webhookId: hook.id,
      eventId: event.id,
      eventType: event.type,
      payload,
      status: 'PENDING',
      attempts: [],
      attemptCount: 0,
      maxAttempts: scheduledAttempts,
      // No `nextAttemptAt`: a new delivery is due as soon as it is received.
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    // Made before, by a run of this that stopped: queued again only while it has not been tried.
    if (made || (await getDelivery(ref))?.attemptCount === 0) pending.push(ref);
  }
  await enqueueDeliveries(pending);
  return pending;
}
