/**
 * Webhooks end to end on the local runtime (embedded store, in-process shard and delivery queues,
 * worker threads), with receivers on 127.0.0.1 and the deliveries' clock moved by the test: a
 * queued run's `run.completed` arrives once, signed so that the Standard Webhooks package's own
 * verifier accepts it; a receiver answering 500, 500, 200 gets it on the third attempt, 5 s and
 * 5 min later; one that never answers is tried on the whole schedule (27 h 35 min 5 s), the
 * delivery ends FAILED and the endpoint is disabled with the reason; quota events come once each.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardQueuePlugin } from '../../../infra/local/queue-plugin.js';
import { webhookDeliveryPlugin } from '../../../infra/local/webhook-plugin.js';
import { retryDelaysMs, scheduledAttempts } from '../../../shared/domain/webhooks/schedule.js';
import { monthOf } from '../../../shared/domain/usage/calendar.js';
import { setMonthlyQuota } from '../../../shared/store/usage/quota.js';
import { ManualClock } from '../../support/manual-clock.js';
import { startReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { createHouseholdWithScenario, type RunHarness, startRunHarness, waitForRun } from '../runs/harness.js';
import { retireeScenario } from '../runs/scenarios.js';

let harness: RunHarness;
let clock: ManualClock;
let admin: string;
let ids: { householdId: string; scenarioId: string };
const receivers: WebhookReceiver[] = [];
const years = 20;

interface Delivery {
  id: string;
  eventId: string;
  status: string;
  attempts: { at: string; statusCode?: number; latencyMs: number; error?: string }[];
  nextAttemptAt?: string;
  failure?: string;
}

async function receiver(plan?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(plan);
  receivers.push(started);
  return started;
}

async function register(url: string, eventTypes: string[] = ['run.completed']): Promise<{ id: string; secret: string }> {
  const response = await harness.http.post('/webhooks', { url, eventTypes }, { token: admin });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function remove(webhookId: string) {
  expect((await harness.http.delete(`/webhooks/${webhookId}`, { token: admin })).status).toBe(204);
}

async function deliveries(webhookId: string): Promise<Delivery[]> {
  const response = await harness.http.get(`/webhooks/${webhookId}/deliveries?size=100`, { token: admin });
  expect(response.status, response.text).toBe(200);
  return response.body.content;
}

/** Polls the webhook's only delivery until `done` says so. */
async function deliveryWhen(webhookId: string, done: (delivery: Delivery) => boolean): Promise<Delivery> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [delivery, ...others] = await deliveries(webhookId);
    expect(others).toEqual([]);
    if (delivery && done(delivery)) return delivery;
    if (Date.now() > deadline) throw new Error(`delivery not as expected: ${JSON.stringify(delivery)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Moves the clock to `due`, from queued message to queued message: each wait is made of messages
 * delayed by at most 15 minutes (SQS's limit), so the clock stops at each, the delivery sends
 * itself on for the rest, and the next hop waits for that message to be queued.
 */
async function advanceTo(due: number) {
  for (;;) {
    const deadline = Date.now() + 10_000;
    let next = clock.nextDue() ?? Number.POSITIVE_INFINITY;
    while (next === Number.POSITIVE_INFINITY) {
      if (Date.now() > deadline) throw new Error(`nothing queued before ${new Date(due).toISOString()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      next = clock.nextDue() ?? Number.POSITIVE_INFINITY;
    }
    expect(next).toBeLessThanOrEqual(due);
    expect(next - clock.now().getTime()).toBeLessThanOrEqual(900_000);
    clock.advanceTo(next);
    if (next === due) return;
  }
}

/** Starts a simulation of `paths` paths (queued above 1,000: 20,000 path-years run inline) and waits for its end. */
async function runSimulation(paths: number) {
  const path = `/households/${ids.householdId}/scenarios/${ids.scenarioId}/simulations`;
  const created = await harness.http.post(path, { paths, seed: 7 }, { token: harness.token });
  expect(created.status, created.text).toBe(201);
  return waitForRun(harness, { ...ids, simulationId: created.body.id });
}

beforeAll(async () => {
  clock = new ManualClock();
  harness = await startRunHarness({ SHARD_PATH_YEARS: '50000', RUN_INLINE_PATH_YEARS: '20000', WEBHOOK_TIMEOUT_MS: '300' }, [
    webhookDeliveryPlugin(clock),
    shardQueuePlugin,
  ]);
  admin = await harness.serviceToken();
  ids = await createHouseholdWithScenario(harness, retireeScenario(67, years));
});

afterAll(async () => {
  await setMonthlyQuota('demo', undefined);
  for (const started of receivers) await started.close();
  await harness?.close();
});

describe('quota events', () => {
  it('sends quota.warning once at 80% and quota.exhausted once at 100% of the month’s path-years', async () => {
    const hooked = await receiver();
    const hook = await register(hooked.url, ['quota.warning', 'quota.exhausted']);
    await setMonthlyQuota('demo', 100_000);
    await runSimulation(3_000); // 60,000 path-years: under 80%
    await runSimulation(1_250); // 85,000
    await hooked.received(1);
    await runSimulation(250); // 90,000: past 80% again, nothing new
    await runSimulation(500); // 100,000: all of it
    await hooked.received(2);
    const path = `/households/${ids.householdId}/scenarios/${ids.scenarioId}/simulations`;
    const refused = await harness.http.post(path, { paths: 50 }, { token: harness.token });
    expect(refused.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = hooked.requests.map((request) => JSON.parse(request.body));
    expect(events.map((event) => [event.type, event.data.admittedPathYears, event.data.threshold])).toEqual([
      ['quota.warning', 85_000, 0.8],
      ['quota.exhausted', 100_000, 1],
    ]);
    expect(events[0]).toMatchObject({ realm: 'demo', resourceUrl: `${harness.server.url}/usage`, data: { month: monthOf(new Date()) } });
    await setMonthlyQuota('demo', undefined);
    await remove(hook.id);
  });
});

describe('a run’s end', () => {
  it('arrives once as run.completed, signed: the package’s verifier accepts it, and refuses it altered; no token or secret', async () => {
    const hooked = await receiver();
    const hook = await register(hooked.url);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const run = await runSimulation(4_000); // 80,000 path-years: queued, in 2 shards
    expect(run.status).toBe('COMPLETED');
    expect(run.shards).toBe(2);
    const [request] = await hooked.received(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hooked.requests).toHaveLength(1);

    const headers = request.headers as Record<string, string>;
    const event = new Webhook(hook.secret).verify(request.body, headers) as Record<string, any>;
    expect(event).toEqual({
      id: headers['webhook-id'],
      type: 'run.completed',
      time: run.completedAt,
      realm: 'demo',
      resourceUrl: `${harness.server.url}/households/${ids.householdId}/scenarios/${ids.scenarioId}/simulations/${run.id}`,
      data: { kind: 'SIMULATION', runId: run.id, householdId: ids.householdId, scenarioId: ids.scenarioId, status: 'COMPLETED' },
    });
    expect(() => new Webhook(hook.secret).verify(request.body.replace('COMPLETED', 'FAILED'), headers)).toThrow(WebhookVerificationError);
    for (const secretOrToken of [hook.secret, hook.secret.slice('whsec_'.length), harness.token, admin]) {
      expect(request.body).not.toContain(secretOrToken);
      expect(JSON.stringify(headers)).not.toContain(secretOrToken);
    }
    expect(request.body).not.toMatch(/eyJ|whsec_|Bearer/);

    const [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({ eventId: event.id, status: 'SUCCEEDED', attempts: [{ statusCode: 200 }] });
    // The listing holds no secret either.
    const listed = await harness.http.get('/webhooks', { token: admin });
    expect(listed.text).not.toContain(hook.secret.slice('whsec_'.length));

    // A run that completes inside its request is an event too.
    const inline = await runSimulation(100);
    expect(inline.shards).toBe(1);
    const [, second] = await hooked.received(2);
    expect(new Webhook(hook.secret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({
      type: 'run.completed',
      data: { runId: inline.id },
    });
    await remove(hook.id);
  });

  it('reaches a receiver answering 500, 500, then 200 on the third attempt, 5 s and 5 min after the first', async () => {
    const hooked = await receiver((n) => (n <= 2 ? 500 : 200));
    const hook = await register(hooked.url);
    await runSimulation(4_000);
    const first = await deliveryWhen(hook.id, (d) => d.attempts.length === 1);
    const t0 = Date.parse(first.attempts[0].at);
    expect(first).toMatchObject({ status: 'PENDING', nextAttemptAt: new Date(t0 + 5_000).toISOString() });
    await advanceTo(t0 + 5_000);
    const second = await deliveryWhen(hook.id, (d) => d.attempts.length === 2);
    expect(second.nextAttemptAt).toBe(new Date(t0 + 5_000 + 300_000).toISOString());
    await advanceTo(t0 + 305_000);
    const done = await deliveryWhen(hook.id, (d) => d.status === 'SUCCEEDED');
    expect(done.attempts.map((a) => [Date.parse(a.at) - t0, a.statusCode])).toEqual([
      [0, 500],
      [5_000, 500],
      [305_000, 200],
    ]);
    expect(done.attempts[0].error).toBe('answered 500');
    expect(new Set(hooked.requests.map((request) => request.headers['webhook-id']))).toEqual(new Set([done.eventId]));
    expect(hooked.requests).toHaveLength(3);
    await remove(hook.id);
  });

  it('tries a receiver that never answers on the whole schedule, then ends FAILED and disables the endpoint with the reason', async () => {
    const silent = await receiver(() => 'hang');
    const hook = await register(silent.url);
    await runSimulation(4_000);
    const first = await deliveryWhen(hook.id, (d) => d.attempts.length === 1);
    const t0 = Date.parse(first.attempts[0].at);
    let due = t0;
    for (const [index, wait] of retryDelaysMs.entries()) {
      due += wait;
      const pending = await deliveryWhen(hook.id, (d) => d.attempts.length === index + 1);
      expect(pending.nextAttemptAt).toBe(new Date(due).toISOString());
      await advanceTo(due);
    }
    const failed = await deliveryWhen(hook.id, (d) => d.status === 'FAILED');
    const offsets = failed.attempts.map((a) => Date.parse(a.at) - t0);
    const expected = [0, ...retryDelaysMs.map((_, i) => retryDelaysMs.slice(0, i + 1).reduce((sum, ms) => sum + ms, 0))];
    expect(offsets).toEqual(expected);
    expect(offsets.at(-1)).toBe((27 * 3600 + 35 * 60 + 5) * 1000);
    expect(failed.attempts).toHaveLength(scheduledAttempts);
    for (const attempt of failed.attempts) expect(attempt).toMatchObject({ error: 'no answer within 300 ms' });
    expect(failed.failure).toBe('8 attempt(s) failed, the last: no answer within 300 ms');
    expect(failed.nextAttemptAt).toBeUndefined();

    const endpoint = await harness.http.get(`/webhooks/${hook.id}`, { token: admin });
    expect(endpoint.body).toMatchObject({ enabled: false });
    expect(endpoint.body.disabledReason).toContain(`every attempt since ${new Date(t0).toISOString()} failed`);
    // A disabled endpoint is sent nothing more.
    await runSimulation(100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await deliveries(hook.id)).toHaveLength(1);
    expect(silent.requests).toHaveLength(scheduledAttempts);
    await remove(hook.id);
  });
});
