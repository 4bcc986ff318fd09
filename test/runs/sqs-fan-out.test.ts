/**
 * The cloud path of a run: shards sent through the SQS adapter (to the fauxqs emulator on
 * loopback) and consumed by the same shard-worker handler a worker Lambda runs, driven the way
 * Lambda's SQS event source drives it (receive, handle, delete what did not fail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from 'fauxqs';
import { CreateQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createSqsClient } from '../../shared/aws/sqs.js';
import { handler } from '../../functions/workers/shard-worker.js';
import { startRun } from '../../shared/domain/runs/start-run.js';
import type { Principal } from '../../shared/domain/principal.js';
import { getRun } from '../../shared/store/runs/runs.js';
import { insertHousehold } from '../../shared/store/households.js';
import { SqsShardQueue, pollSqsOnce, setShardQueue } from '../../shared/queue/index.js';
import { simulate } from '../../shared/engine/index.js';
import { toHouseholdPlan, validateScenario } from '../../shared/domain/scenario/index.js';
import { getRunBlob } from '../../shared/store/runs/run-data.js';
import type { OutputDocument } from '../../shared/engine/index.js';
import { retireeScenario } from '../e2e/runs/scenarios.js';
import { startStore } from './store-fixture.js';

let store: { close(): Promise<void> };
let app: ReturnType<typeof buildApp>;
let sqs: SQSClient;
let queueUrl: string;

beforeAll(async () => {
  store = await startStore();
  app = buildApp({ logger: false, host: '127.0.0.1' });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
  sqs = createSqsClient({ endpoint: address, region: 'us-east-1', credentials });
  // A second client creates the queue: the shard queue's client only sends and receives.
  const sdk = new SQSClient({ endpoint: address, region: 'us-east-1', credentials });
  queueUrl = (await sdk.send(new CreateQueueCommand({ QueueName: 'shards' }))).QueueUrl!;
  sdk.destroy();
  setShardQueue(new SqsShardQueue(sqs, queueUrl));
});

afterAll(async () => {
  setShardQueue(undefined);
  await app?.close();
  await store?.close();
});

describe('a run over SQS', () => {
  it('fans out through SQS, and the worker handler joins the shards into the output', async () => {
    process.env.RUN_INLINE_PATH_YEARS = '0';
    process.env.SHARD_PATH_YEARS = '2000';
    try {
      const household = await insertHousehold('r1', { name: 'SQS', currency: 'USD', ownerId: 'u1' });
      const principal: Principal = { realmId: 'r1', subject: 'u1', clientId: 'c', kind: 'user', roles: ['user'] };
      const document = retireeScenario(67, 10);
      const run = await startRun({
        principal,
        householdId: household.id,
        kind: 'SIMULATION',
        scenarios: [{ id: 's1', version: 3, document }],
        paths: 1_200,
        seed: 8,
      });
      expect(run.status).toBe('QUEUED');
      expect(run.shards).toBe(6); // 12,000 path-years in shards of 2,000
      const ref = { realmId: 'r1', householdId: household.id, kind: 'SIMULATION' as const, runId: run.id, scenarioId: 's1' };
      for (let round = 0; round < 20 && (await getRun(ref))?.status !== 'COMPLETED'; round += 1) {
        const { failed } = await pollSqsOnce(sqs, queueUrl, handler, { maxMessages: 4 });
        expect(failed).toBe(0);
      }
      const done = await getRun(ref);
      expect(done?.status).toBe('COMPLETED');
      expect(done?.kind === 'SIMULATION' && done.scenarioVersion).toBe(3);
      const output = await getRunBlob<OutputDocument>(ref, 'OUTPUT');
      const checked = validateScenario(document);
      if (!checked.ok) throw new Error('invalid scenario');
      const reference = simulate(toHouseholdPlan(checked.value), { seed: 8, paths: 1_200, shards: 6 });
      expect(output?.summary).toEqual(reference.summary);
    } finally {
      delete process.env.RUN_INLINE_PATH_YEARS;
      delete process.env.SHARD_PATH_YEARS;
    }
  });
});
