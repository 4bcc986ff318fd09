/**
 * A run's event survives the service stopping between the run's end and the event's delivery, on
 * the local runtime (whose queues live in memory, as a crash would leave them): one run ends while
 * the delivery queue refuses every message, so its event stays marked on the run item; another
 * ends while the delivery queue holds its message back. The service stops, starts again on the
 * same data, and the receiver gets each event exactly once, signed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localIdentityPlugin } from '../../../infra/local/bootstrap-demo.js';
import { shardQueuePlugin } from '../../../infra/local/queue-plugin.js';
import { localDeliveryQueue, webhookDeliveryPlugin } from '../../../infra/local/webhook-plugin.js';
import { deliveryQueue, useDeliveryQueue } from '../../../shared/domain/webhooks/delivery-queue.js';
import { getRun } from '../../../shared/store/runs/runs.js';
import { startTestServer } from '../../support/server.js';
import { startReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { createHouseholdWithScenario, type RunHarness, startRunHarness, waitForRun } from '../runs/harness.js';
import { retireeScenario } from '../runs/scenarios.js';

let dataDir: string;
let harness: RunHarness | undefined;
let hooked: WebhookReceiver;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hs-webhooks-'));
  hooked = await startReceiver();
});

afterAll(async () => {
  await harness?.close();
  await hooked?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('delivers, after a restart, the events of runs that ended before their delivery: each once', async () => {
  harness = await startRunHarness(
    { SHARD_PATH_YEARS: '50000', RUN_INLINE_PATH_YEARS: '20000' },
    [webhookDeliveryPlugin(), shardQueuePlugin],
    { dataDir },
  );
  const admin = await harness.serviceToken();
  const created = await harness.http.post('/webhooks', { url: hooked.url, eventTypes: ['run.completed'] }, { token: admin });
  expect(created.status, created.text).toBe(201);
  const secret: string = created.body.secret;
  const ids = await createHouseholdWithScenario(harness, retireeScenario(67, 20));
  const path = `/households/${ids.householdId}/scenarios/${ids.scenarioId}/simulations`;
  const start = async () => {
    const response = await harness!.http.post(path, { paths: 4_000, seed: 3 }, { token: harness!.token });
    expect(response.status, response.text).toBe(201);
    return response.body.id as string;
  };

  // The first run ends while the delivery queue is down: the worker's hand-on fails every time.
  const localQueue = deliveryQueue();
  useDeliveryQueue({
    queue: {
      send: async () => {
        throw new Error('the delivery queue is down');
      },
    },
  });
  const first = await start();
  expect((await waitForRun(harness, { ...ids, simulationId: first })).status).toBe('COMPLETED');
  await harness.queue.idle();
  const ref = { realmId: 'demo', householdId: ids.householdId, kind: 'SIMULATION' as const, runId: first, scenarioId: ids.scenarioId };
  expect((await getRun(ref))?.eventPending).toBe(true);

  // The second run ends while the delivery queue holds its messages back.
  useDeliveryQueue({ queue: localQueue });
  localDeliveryQueue()?.pause();
  const second = await start();
  expect((await waitForRun(harness, { ...ids, simulationId: second })).status).toBe('COMPLETED');
  // Its event is handed on (the mark cleared) just after the run reads COMPLETED.
  for (let tries = 0; (await getRun({ ...ref, runId: second }))?.eventPending; tries += 1) {
    expect(tries).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(hooked.requests).toHaveLength(0);

  // The service stops (its queues' messages go with it) and starts again on the same data.
  await harness.close();
  harness = undefined;
  const restarted = await startTestServer({
    realKeys: true,
    dataDir,
    plugins: [webhookDeliveryPlugin(), shardQueuePlugin, localIdentityPlugin],
  });
  try {
    await hooked.received(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = hooked.requests.map((request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>));
    expect(events.map((event) => (event as { data: { runId: string } }).data.runId).sort()).toEqual([first, second].sort());
    expect((await getRun(ref))?.eventPending).toBeUndefined();
  } finally {
    await restarted.close();
  }
});
