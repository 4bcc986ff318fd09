/**
 * Webhooks' input, access and network safety, end to end on the local runtime: bad input is a 400
 * naming the field; another realm's webhook is a 404; only a realm administrator or a
 * `webhook-manager` service account manages them. Under the cloud's network policy, URLs to private,
 * link-local and loopback addresses and local names are refused at registration and again at
 * delivery, before any connection; no redirect is followed; a rotated secret overlaps the new one;
 * a delivery can be sent again; every attempt counts in the usage ledger. Test traffic only ever
 * goes to 127.0.0.1.
 */
import { createServer } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postEvent } from '../../../shared/domain/webhooks/post-event.js';
import { createClient, createRealm } from '../../../shared/identity/registration.js';
import { identityStore } from '../../../shared/store/identity/process-store.js';
import { startReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { createHouseholdWithScenario, type RunHarness, startRunHarness, waitForRun } from '../runs/harness.js';
import { retireeScenario } from '../runs/scenarios.js';

let harness: RunHarness;
let admin: string;
let ids: { householdId: string; scenarioId: string };
const receivers: WebhookReceiver[] = [];

async function receiver(plan?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(plan);
  receivers.push(started);
  return started;
}

const register = (body: unknown, token = admin) => harness.http.post('/webhooks', body, { token });
const fieldsOf = (response: { body: { errors: { field: string }[] } }) => response.body.errors.map((error) => error.field);

async function runInline() {
  const path = `/households/${ids.householdId}/scenarios/${ids.scenarioId}/simulations`;
  const created = await harness.http.post(path, { paths: 100, seed: 1 }, { token: harness.token });
  expect(created.status, created.text).toBe(201);
  return waitForRun(harness, { ...ids, simulationId: created.body.id });
}

async function onlyDelivery(webhookId: string, done: (delivery: Record<string, any>) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const listed = await harness.http.get(`/webhooks/${webhookId}/deliveries`, { token: admin });
    expect(listed.status, listed.text).toBe(200);
    const [delivery] = listed.body.content;
    if (delivery && done(delivery)) return delivery;
    if (Date.now() > deadline) throw new Error(`delivery not as expected: ${JSON.stringify(delivery)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The cloud's network policy for the duration of `work`. */
async function inTheCloud<T>(work: () => Promise<T>): Promise<T> {
  process.env.WEBHOOK_NETWORK = 'public';
  try {
    return await work();
  } finally {
    process.env.WEBHOOK_NETWORK = 'local';
  }
}

beforeAll(async () => {
  harness = await startRunHarness({ RUN_INLINE_PATH_YEARS: '20000', WEBHOOK_TIMEOUT_MS: '500' });
  admin = await harness.serviceToken();
  ids = await createHouseholdWithScenario(harness, retireeScenario(67, 20));
});

afterEach(async () => {
  const listed = await harness.http.get('/webhooks?size=100', { token: admin });
  for (const hook of listed.body.content) await harness.http.delete(`/webhooks/${hook.id}`, { token: admin });
});

afterAll(async () => {
  for (const started of receivers) await started.close();
  await harness?.close();
});

describe('bad input and access', () => {
  it('answers 400 naming the field: a malformed URL, an unknown event type, no event type, an unknown field', async () => {
    const url = (await receiver()).url;
    const cases: [unknown, string][] = [
      [{ url: 'not a url', eventTypes: ['run.completed'] }, 'url'],
      [{ url: 'ftp://127.0.0.1/hooks', eventTypes: ['run.completed'] }, 'url'],
      [{ eventTypes: ['run.completed'] }, 'url'],
      [{ url, eventTypes: ['run.started'] }, 'eventTypes[0]'],
      [{ url, eventTypes: [] }, 'eventTypes'],
      [{ url, eventTypes: ['run.completed'], secret: 'whsec_mine' }, 'secret'],
      [{ url: 'http://169.254.169.254/latest/meta-data/', eventTypes: ['run.completed'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const response = await register(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(response), JSON.stringify(body)).toEqual([field]);
    }
    const unknownType = await register({ url, eventTypes: ['run.started'] });
    expect(unknownType.body.errors[0].message).toContain('run.completed');

    const created = await register({ url, eventTypes: ['run.completed'] });
    const replaced = await harness.http.put(
      `/webhooks/${created.body.id}`,
      { url: 'https://', eventTypes: ['run.failed'] },
      { token: admin },
    );
    expect(replaced.status).toBe(400);
    expect(fieldsOf(replaced)).toEqual(['url']);
  });

  it("answers 404 for another realm's webhook and a malformed id; 403 for a user and a usage reader", async () => {
    const created = await register({ url: (await receiver()).url, eventTypes: ['run.completed'] });
    expect(created.status).toBe(201);
    const store = identityStore();
    await createRealm(store, 'elsewhere');
    const other = await createClient(store, { realmId: 'elsewhere', clientId: 'backend', serviceAccountRoles: ['realm-admin'] });
    const foreign = await harness.serviceToken({ realmId: 'elsewhere', clientId: 'backend', secret: other.secret });
    const id = created.body.id;
    const body = { url: created.body.url, eventTypes: ['run.completed'] };
    for (const response of [
      await harness.http.get(`/webhooks/${id}`, { token: foreign }),
      await harness.http.put(`/webhooks/${id}`, body, { token: foreign }),
      await harness.http.delete(`/webhooks/${id}`, { token: foreign }),
      await harness.http.get(`/webhooks/${id}/deliveries`, { token: foreign }),
      await harness.http.post(`/webhooks/${id}/secret`, undefined, { token: foreign }),
      await harness.http.get('/webhooks/not-an-id', { token: admin }),
    ]) {
      expect(response.status, response.text).toBe(404);
    }
    expect((await harness.http.get('/webhooks', { token: foreign })).body.content).toEqual([]);

    const billing = await createClient(store, { realmId: 'demo', clientId: 'billing', serviceAccountRoles: ['usage-reader'] });
    const hooks = await createClient(store, { realmId: 'demo', clientId: 'hooks', serviceAccountRoles: ['webhook-manager'] });
    const billingToken = await harness.serviceToken({ realmId: 'demo', clientId: 'billing', secret: billing.secret });
    const managerToken = await harness.serviceToken({ realmId: 'demo', clientId: 'hooks', secret: hooks.secret });
    expect((await register(body, harness.token)).status).toBe(403);
    expect((await register(body, billingToken)).status).toBe(403);
    expect((await harness.http.get(`/webhooks/${id}`, { token: harness.token })).status).toBe(403);
    expect((await register(body, managerToken)).status).toBe(201);
  });
});

describe('in the cloud (https only, public addresses only)', () => {
  it('refuses at registration URLs to 10.0.0.1, 169.254.169.254, loopback, local names and plain http', async () => {
    const port = new URL((await receiver()).url).port;
    const refused: [string, string][] = [
      [`http://127.0.0.1:${port}/hooks`, 'must be an https URL'],
      ['https://10.0.0.1/hooks', '10.0.0.1 is a private address'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a linkLocal address'],
      ['https://127.0.0.1/hooks', '127.0.0.1 is a loopback address'],
      ['https://[::1]/hooks', '::1 is a loopback address'],
      ['https://[::ffff:a00:1]/hooks', 'is a private address'],
      ['https://localhost/hooks', 'localhost is a local name'],
      ['https://hooks.localhost/hooks', 'hooks.localhost is a local name'],
      ['https://intranet/hooks', 'intranet is a local name'],
      ['https://user:password@example.com/hooks', 'must not carry a user name or password'],
    ];
    await inTheCloud(async () => {
      for (const [url, message] of refused) {
        const response = await register({ url, eventTypes: ['run.completed'] });
        expect(response.status, url).toBe(400);
        expect(response.body.errors, url).toEqual([{ field: 'url', message: expect.stringContaining(message) }]);
      }
      expect((await register({ url: 'https://example.com/hooks', eventTypes: ['run.completed'] })).status).toBe(201);
    });
  });

  it('refuses at delivery, before connecting, an endpoint registered under the local policy; the delivery is not sent', async () => {
    const hooked = await receiver();
    const created = await register({ url: hooked.url, eventTypes: ['run.completed'] });
    await inTheCloud(async () => {
      await runInline();
      const delivery = await onlyDelivery(created.body.id, (d) => d.attempts.length === 1);
      expect(delivery.attempts[0]).toMatchObject({ latencyMs: 0, error: 'refused: the URL must be an https URL' });
      expect(delivery.status).toBe('PENDING');
    });
    expect(hooked.requests).toHaveLength(0);
  });

  it('checks the address a name resolves to, and refuses addresses, before any connection', async () => {
    // A listener that counts connections: none may arrive.
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as { port: number };
    const options = { policy: 'public' as const, timeoutMs: 500 };
    try {
      const named = await postEvent(`https://localhost:${port}/hooks`, {}, '{}', options);
      expect(named.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1) is a loopback address/);
      const literal = await postEvent(`https://127.0.0.1:${port}/hooks`, {}, '{}', options);
      expect(literal).toEqual({ latencyMs: 0, error: 'refused: 127.0.0.1 is a loopback address, which webhooks may not reach' });
      for (const address of ['10.0.0.1', '169.254.169.254', '[::ffff:169.254.169.254]', '192.168.1.1', '100.64.0.1']) {
        const outcome = await postEvent(`https://${address}/hooks`, {}, '{}', options);
        expect(outcome.latencyMs, address).toBe(0);
        expect(outcome.error, address).toMatch(/^refused: /);
      }
      // The local policy allows loopback, and still no link-local or private address.
      expect((await postEvent('http://169.254.169.254/', {}, '{}', { ...options, policy: 'local' })).error).toMatch(/linkLocal/);
      expect((await postEvent('http://10.0.0.1/', {}, '{}', { ...options, policy: 'local' })).error).toMatch(/private/);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
    expect(connections).toBe(0);
  });
});

describe('deliveries', () => {
  it('follows no redirect: a 302 is a failed attempt and its target is never called', async () => {
    const target = await receiver();
    const redirecting = await receiver(() => ({ redirect: target.url }));
    const created = await register({ url: redirecting.url, eventTypes: ['run.completed'] });
    await runInline();
    const delivery = await onlyDelivery(created.body.id, (d) => d.attempts.length === 1);
    expect(delivery.attempts[0]).toMatchObject({ statusCode: 302, error: 'answered 302: redirects are not followed' });
    expect(delivery.status).toBe('PENDING');
    // A pending delivery is not sent again by hand: it has its schedule.
    const early = await harness.http.post(`/webhooks/${created.body.id}/deliveries/${delivery.id}/retry`, undefined, { token: admin });
    expect(early.status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(target.requests).toHaveLength(0);
  });

  it('signs with the old and the new secret while a rotation overlaps, sends a delivery again on request, meters attempts', async () => {
    const hooked = await receiver();
    const created = await register({ url: hooked.url, eventTypes: ['run.completed'] });
    const oldSecret: string = created.body.secret;
    const rotated = await harness.http.post(`/webhooks/${created.body.id}/secret`, undefined, { token: admin });
    expect(rotated.status, rotated.text).toBe(200);
    const newSecret: string = rotated.body.secret;
    expect(newSecret).not.toBe(oldSecret);
    const overlap = Date.parse(rotated.body.previousSecretExpiresAt) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);
    const shown = await harness.http.get(`/webhooks/${created.body.id}`, { token: admin });
    expect(shown.body).toMatchObject({ previousSecretExpiresAt: rotated.body.previousSecretExpiresAt, version: 2 });

    const usage = async () => (await harness.http.get(`/usage?from=${day(-1)}&to=${day(1)}`, { token: admin })).body.total;
    const before = await usage();
    const run = await runInline();
    const [request] = await hooked.received(1);
    const headers = request.headers as Record<string, string>;
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, newSecret]) {
      expect(new Webhook(secret).verify(request.body, headers)).toMatchObject({ data: { runId: run.id } });
    }
    const delivery = await onlyDelivery(created.body.id, (d) => d.status === 'SUCCEEDED');
    expect((await usage()).webhookDeliveries - before.webhookDeliveries).toBe(1);

    const again = await harness.http.post(`/webhooks/${created.body.id}/deliveries/${delivery.id}/retry`, undefined, { token: admin });
    expect(again.status, again.text).toBe(202);
    expect(again.body.status).toBe('PENDING');
    const [, repeat] = await hooked.received(2);
    expect(repeat.headers['webhook-id']).toBe(headers['webhook-id']);
    const retried = await onlyDelivery(created.body.id, (d) => d.status === 'SUCCEEDED' && d.attempts.length === 2);
    expect(retried.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 200]);
    expect((await usage()).webhookDeliveries - before.webhookDeliveries).toBe(2);
  });
});

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}
