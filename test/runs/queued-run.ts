/**
 * A queued run made directly in the store (its input, its slot and its QUEUED record) with the shard
 * messages its creation would have sent, and the SQS event that delivers one of them: what the shard
 * worker's tests feed the real worker.
 */
import type { SQSEvent } from 'aws-lambda';
import { expect } from 'vitest';
import { splitPaths } from '../../shared/engine/index.js';
import { validateScenario } from '../../shared/domain/scenario/index.js';
import type { RunRecord, RunRef } from '../../shared/domain/runs/run.js';
import { encodeShardMessage, type ShardMessage } from '../../shared/domain/runs/shard-message.js';
import { storeRunInput } from '../../shared/domain/runs/run-input.js';
import { putNewRun } from '../../shared/store/runs/runs.js';
import { acquireRunSlot } from '../../shared/store/runs/active-runs.js';
import { retireeScenario } from '../e2e/runs/scenarios.js';

/** The scenario every queued run here simulates: 10 years a path. */
export const scenario = (() => {
  const checked = validateScenario(retireeScenario(67, 10));
  if (!checked.ok) throw new Error('invalid test scenario');
  return checked.value;
})();

/** A run's QUEUED record as its creation stores it (no shard joined yet), with `fields` on top. */
export function queuedRunRecord(ref: RunRef, fields: { paths: number; shards: number; seed: number } & Partial<RunRecord>): RunRecord {
  const now = new Date().toISOString();
  return {
    id: ref.runId,
    kind: ref.kind,
    householdId: ref.householdId,
    scenarioId: ref.scenarioId,
    scenarioVersion: 1,
    status: 'QUEUED',
    progress: 0,
    completedShards: 0,
    joinedShards: [],
    createdAt: now,
    updatedAt: now,
    version: 1,
    lastProgressAt: now,
    holdsSlot: true,
    ...fields,
  } as RunRecord;
}

let counter = 0;
export async function queuedRun(options: {
  paths: number;
  shards: number;
  /** Whether the input is stored: by default, as a run's creation stores it, only when the messages do not carry it. */
  input?: boolean;
  lastProgressAt?: string;
  realmId?: string;
  /** Stored as the run's metered path-years (as its creation would). */
  pathYears?: number;
  /** The messages carry the run's seed and input, as a run's creation sends them when the input is small. */
  carried?: boolean;
}) {
  counter += 1;
  const realmId = options.realmId ?? 'r1';
  const ref: RunRef = { realmId, householdId: 'h1', kind: 'SIMULATION', runId: `run${counter}`, scenarioId: 's1' };
  const record = queuedRunRecord(ref, {
    paths: options.paths,
    ...(options.pathYears !== undefined ? { pathYears: options.pathYears } : {}),
    seed: 11,
    shards: options.shards,
    ...(options.lastProgressAt !== undefined ? { lastProgressAt: options.lastProgressAt } : {}),
  });
  if (options.input ?? !options.carried) await storeRunInput(ref, { scenarios: [scenario] });
  expect(await acquireRunSlot(ref, 100)).toBe(true);
  await putNewRun(ref, record);
  const messages: ShardMessage[] = splitPaths(options.paths, options.shards).map((range, shard) => ({
    v: 1,
    realmId,
    householdId: 'h1',
    kind: 'SIMULATION',
    runId: ref.runId,
    scenarioId: 's1',
    shard,
    ...range,
    ...(options.carried ? { carried: { seed: record.seed, input: { scenarios: [scenario] } } } : {}),
  }));
  return { ref, messages };
}

/** One SQS record delivering the message (or a raw body), as Lambda hands it to the worker. */
export function event(message: ShardMessage | string, receiveCount = 1, messageId = 'm1'): SQSEvent {
  return {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body: typeof message === 'string' ? message : encodeShardMessage(message),
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: '0',
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: '0',
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:0:shards',
        awsRegion: 'local',
      },
    ],
  };
}
