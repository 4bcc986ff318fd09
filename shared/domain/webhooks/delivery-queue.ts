/**
 * The process's webhook delivery queue and the clock deliveries run by. In the cloud, the SQS queue
 * WEBHOOK_QUEUE_URL names and the system clock; the local runtime installs its in-process queue
 * (and a test, a clock it moves itself) with `useDeliveryQueue`, the only place the choice is made.
 * A message names one delivery; everything else about it is in the store.
 */
import * as z from 'zod/mini';
import { type Clock, maxDelaySeconds, type ShardQueue, sqsShardQueueFromEnv, systemClock } from '../../queue/index.js';
import { MalformedMessageError } from '../../queue/malformed-message.js';
import type { DeliveryRef } from '../../store/webhook-deliveries.js';

let queue: ShardQueue | undefined;
let clock: Clock = systemClock;

export function useDeliveryQueue(next: { queue: ShardQueue; clock?: Clock } | undefined): void {
  queue = next?.queue;
  clock = next?.clock ?? systemClock;
}

export function deliveryQueue(): ShardQueue {
  queue ??= sqsShardQueueFromEnv('WEBHOOK_QUEUE_URL');
  return queue;
}

export const deliveryClock = (): Clock => clock;

const messageSchema = z.strictObject({ v: z.literal(1), realmId: z.string(), webhookId: z.string(), deliveryId: z.string() });

export function decodeDeliveryMessage(body: string): DeliveryRef {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new MalformedMessageError('the delivery message is not JSON');
  }
  const checked = messageSchema.safeParse(parsed);
  if (!checked.success) throw new MalformedMessageError('the message is not a webhook delivery');
  const { v: _v, ...ref } = checked.data;
  return ref;
}

const encode = (ref: DeliveryRef) => JSON.stringify({ v: 1, realmId: ref.realmId, webhookId: ref.webhookId, deliveryId: ref.deliveryId });

/**
 * Queues deliveries to be tried after `delayMs`; SQS delays a message by at most 15 minutes, so a
 * longer wait arrives early and the consumer sends it on again for the rest (deliver.ts).
 */
export async function enqueueDeliveries(refs: DeliveryRef[], delayMs = 0): Promise<void> {
  if (refs.length === 0) return;
  const delaySeconds = Math.min(maxDelaySeconds, Math.max(0, Math.ceil(delayMs / 1000)));
  await deliveryQueue().send(refs.map(encode), delaySeconds > 0 ? { delaySeconds } : {});
}
