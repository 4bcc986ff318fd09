/**
 * The local runtime's webhook deliveries: an in-process queue (SQS semantics, see
 * shared/queue/in-process-queue.ts) feeding the same delivery consumer as the cloud's function, in
 * the main thread (a delivery is network I/O, not computation). Signing secrets are sealed with
 * a key file in the data directory; receivers on 127.0.0.1 are allowed (WEBHOOK_NETWORK=local);
 * resource URLs start with the runtime's own URL. The queue lives in memory, so as it starts the
 * plugin hands on what a stopped process left: the events of runs that ended without them, and
 * every delivery still pending (each is tried when due).
 */
import { log } from '../../shared/log/logger.js';
import { type Clock, InProcessQueue, systemClock } from '../../shared/queue/index.js';
import { enqueueDeliveries, useDeliveryQueue } from '../../shared/domain/webhooks/delivery-queue.js';
import { LocalSecretSealer } from '../../shared/domain/webhooks/local-secret-sealer.js';
import { publishPendingRunEvents } from '../../shared/domain/webhooks/run-events.js';
import { useSecretSealer } from '../../shared/domain/webhooks/secret-sealing.js';
import { allPendingDeliveries } from '../../shared/store/webhook-deliveries.js';
import { handler as deliveryHandler } from '../../functions/workers/webhook-delivery.js';
import type { LocalPlugin } from './local-plugin.js';

let active: InProcessQueue | undefined;

/** The running local delivery queue (tests wait for it to be idle). */
export function localDeliveryQueue(): InProcessQueue | undefined {
  return active;
}

/** The plugin, its deliveries timed by `clock` (a test's own; the system clock otherwise). */
export function webhookDeliveryPlugin(clock: Clock = systemClock): LocalPlugin {
  return {
    name: 'webhook-deliveries',
    async start({ url, dataDir }) {
      // Set for this runtime only (a test may start another on another port): unset again on stop.
      const setHere = ['WEBHOOK_NETWORK', 'API_BASE_URL'].filter((name) => process.env[name] === undefined);
      process.env.WEBHOOK_NETWORK ??= 'local';
      process.env.API_BASE_URL ??= url;
      if (!process.env.WEBHOOK_SECRET_KEY_ID) useSecretSealer(LocalSecretSealer.inDataDir(dataDir));
      const queue = new InProcessQueue({
        consumer: deliveryHandler,
        concurrency: 4,
        batchSize: 1,
        // A record fails only when the store does: tried again soon, a few times, then dead-lettered.
        retryDelayMs: 1000,
        maxReceiveCount: 5,
        visibilityTimeoutMs: 60_000,
        queueName: 'webhook-deliveries',
        clock,
        onDeadLetter: async (letters) => log('error', 'webhook delivery messages dead-lettered', { count: letters.length }),
      });
      active = queue;
      useDeliveryQueue({ queue, clock });
      // Queued once each: the deliveries of the events handed on now are pending deliveries too.
      const handedOn = new Set((await publishPendingRunEvents()).map((ref) => ref.deliveryId));
      await enqueueDeliveries((await allPendingDeliveries()).filter((ref) => !handedOn.has(ref.deliveryId)));
      return {
        async stop() {
          queue.close();
          if (active === queue) active = undefined;
          useDeliveryQueue(undefined);
          useSecretSealer(undefined);
          for (const name of setHere) delete process.env[name];
        },
      };
    },
  };
}
