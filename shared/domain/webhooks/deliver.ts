/**
 * A delivery's attempt, as the queue hands it over: read the delivery and its endpoint, and if it
 * is due, pending and the endpoint enabled, sign the event with every current secret of the
 * endpoint (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`) and POST it.
 * A 2xx ends it SUCCEEDED. Any other outcome is recorded with its reason and the next attempt is
 * queued on the schedule (schedule.ts); once the schedule is spent the delivery is FAILED and an
 * endpoint that has not answered with a 2xx since the delivery began is disabled, with the reason.
 * Nothing here logs the URL, the event's body, a secret or a signature.
 */
import { Webhook } from 'standardwebhooks';
import { log } from '../../log/logger.js';
import { type DeliveryRef, endDeliveryUnsent, getDelivery, recordAttempt, type StoredDelivery } from '../../store/webhook-deliveries.js';
import { disableFailingWebhook, getWebhook, markWebhookSucceeded, type WebhookRecord } from '../../store/webhooks.js';
import { countWebhookDelivery } from '../../store/usage/ledger.js';
import { deliveryClock, enqueueDeliveries } from './delivery-queue.js';
import { type AttemptOutcome, postEvent } from './post-event.js';
import { retryDelayAfter, scheduledAttempts } from './schedule.js';
import { secretSealer } from './secret-sealing.js';
import { networkPolicy, urlProblem } from './url-safety.js';

export type DeliveryStep = 'NOT_PENDING' | 'NOT_DUE' | 'UNSENT' | 'SUCCEEDED' | 'RETRY' | 'FAILED' | 'RACED';

/** How long a receiver has to answer: WEBHOOK_TIMEOUT_MS, default 10 s. */
const timeoutMs = () => Number(process.env.WEBHOOK_TIMEOUT_MS) || 10_000;

/** The endpoint's secrets in the clear, the newest first: those a rotation has not yet retired. */
async function currentSecrets(ref: DeliveryRef, hook: WebhookRecord, now: Date): Promise<string[]> {
  const current = hook.secrets.filter((secret) => !secret.expiresAt || Date.parse(secret.expiresAt) > now.getTime());
  return Promise.all(current.map((secret) => secretSealer().open(secret.sealed, ref)));
}

function signedHeaders(delivery: StoredDelivery, secrets: string[], at: Date): Record<string, string> {
  const signature = secrets.map((secret) => new Webhook(secret).sign(delivery.eventId, at, delivery.payload)).join(' ');
  return {
    'webhook-id': delivery.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
    'User-Agent': 'household-scenarios-webhooks/1',
  };
}

export async function deliver(ref: DeliveryRef): Promise<DeliveryStep> {
  const clock = deliveryClock();
  const now = clock.now();
  const delivery = await getDelivery(ref, now);
  if (delivery?.status !== 'PENDING') return 'NOT_PENDING';
  const dueIn = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) - now.getTime() : 0;
  if (dueIn > 1000) {
    await enqueueDeliveries([ref], dueIn);
    return 'NOT_DUE';
  }
  const hook = await getWebhook(ref);
  if (!hook?.enabled) {
    const reason = hook ? `the webhook is disabled${hook.disabledReason ? `: ${hook.disabledReason}` : ''}` : 'the webhook was deleted';
    await endDeliveryUnsent(ref, reason, now);
    return 'UNSENT';
  }
  const headers = signedHeaders(delivery, await currentSecrets(ref, hook, now), now);
  // The URL is checked again as it is now judged (the policy may be stricter than when it was registered).
  const policy = networkPolicy();
  const refused = urlProblem(hook.url, policy);
  const outcome: AttemptOutcome = refused
    ? { latencyMs: 0, error: `refused: the URL ${refused}` }
    : await postEvent(hook.url, headers, delivery.payload, { policy, timeoutMs: timeoutMs() });
  await countWebhookDelivery(ref.realmId, now);
  const attempt = { at: now.toISOString(), ...outcome };
  const attempts = delivery.attemptCount + 1;
  log('info', 'webhook attempt', {
    ...ref,
    eventType: delivery.eventType,
    attempt: attempts,
    status: outcome.statusCode,
    ok: !outcome.error,
  });
  if (!outcome.error) {
    if (!(await recordAttempt(ref, delivery, attempt, { status: 'SUCCEEDED' }))) return 'RACED';
    await markWebhookSucceeded(ref, now);
    return 'SUCCEEDED';
  }
  const wait = attempts < delivery.maxAttempts ? retryDelayAfter(attempts) : undefined;
  if (wait !== undefined) {
    const nextAttemptAt = new Date(now.getTime() + wait).toISOString();
    if (!(await recordAttempt(ref, delivery, attempt, { status: 'PENDING', nextAttemptAt }))) return 'RACED';
    await enqueueDeliveries([ref], wait);
    return 'RETRY';
  }
  const failure = `${attempts} attempt(s) failed, the last: ${outcome.error}`;
  if (!(await recordAttempt(ref, delivery, attempt, { status: 'FAILED', failure }))) return 'RACED';
  // A manual retry (one attempt beyond the schedule) that fails does not disable the endpoint.
  if (attempts === scheduledAttempts && delivery.maxAttempts === scheduledAttempts) {
    const since = delivery.attempts[0]?.at ?? attempt.at;
    const reason = `every attempt since ${since} failed (event ${delivery.eventId}: ${failure}); enable it again with PUT`;
    if (await disableFailingWebhook(ref, since, reason, now)) log('warn', 'webhook disabled', { ...ref });
  }
  return 'FAILED';
}
