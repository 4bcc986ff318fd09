/**
 * The message that carries one shard through the queue: the run it belongs to and its path
 * range. Everything else (the plans) the worker reads from the run's stored input.
 */
import * as z from 'zod';
import type { RunRef } from './run.js';

export const shardMessageSchema = z.strictObject({
  v: z.literal(1),
  realmId: z.string().min(1),
  householdId: z.string().min(1),
  kind: z.enum(['SIMULATION', 'COMPARISON']),
  runId: z.string().min(1),
  scenarioId: z.string().min(1).optional(),
  shard: z.number().int().min(0),
  pathStart: z.number().int().min(0),
  pathCount: z.number().int().min(1),
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
  const parsed = shardMessageSchema.safeParse(raw);
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
