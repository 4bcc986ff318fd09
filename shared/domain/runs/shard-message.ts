/**
 * The message that carries one shard through the queue: the run it belongs to and its path
 * range. Everything else (the plans) the worker reads from the run's stored input.
 */
import * as z from 'zod/mini';
import '../zod-messages.js';
import type { RunRef } from './run.js';

const nonEmpty = z.string().check(z.minLength(1));
const count = (min: number) => z.number().check(z.int(), z.minimum(min));

export const shardMessageSchema = z.strictObject({
  v: z.literal(1),
  realmId: nonEmpty,
  householdId: nonEmpty,
  kind: z.enum(['SIMULATION', 'COMPARISON', 'ANALYSIS']),
  runId: nonEmpty,
  scenarioId: z.optional(nonEmpty),
  shard: count(0),
  pathStart: count(0),
  pathCount: count(1),
});

export type ShardMessage = z.output<typeof shardMessageSchema>;

export function encodeShardMessage(message: ShardMessage): string {
  return JSON.stringify(message);
}

/** Parses a queue body; a body that is not a shard message is an error naming what is wrong. */
export function decodeShardMessage(body: string): ShardMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new Error('shard message is not JSON');
  }
  const parsed = z.safeParse(shardMessageSchema, raw);
  if (!parsed.success) {
    throw new Error(`shard message is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export function refOfMessage(message: ShardMessage): RunRef {
  return {
    realmId: message.realmId,
    householdId: message.householdId,
    kind: message.kind,
    runId: message.runId,
    ...(message.scenarioId !== undefined ? { scenarioId: message.scenarioId } : {}),
  };
}
