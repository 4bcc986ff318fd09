/** The plugins every local runtime starts (see `LocalPlugin`). Append to `localPlugins`. */
import type { LocalPlugin } from './local-plugin.js';
import { shardQueuePlugin } from './queue-plugin.js';
import { webhookDeliveryPlugin } from './webhook-plugin.js';

/** The webhook deliveries start first: the shard queue's start may end runs, and a run's end is an event. */
export const localPlugins: LocalPlugin[] = [webhookDeliveryPlugin(), shardQueuePlugin];
