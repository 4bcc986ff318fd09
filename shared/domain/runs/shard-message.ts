/**
 * The message that carries one shard through the queue: the run it belongs to, its path range and,
 * when the run's input is small (most are a few KB), the seed and the input as stored (`carried`):
 * the worker then starts simulating without reading the run first (docs/RUNS.md). Without them, it
 * reads the run and its stored input.
 */
import * as z from 'zod/mini';
import '../zod-messages.js';
import { MalformedMessageError } from '../../queue/malformed-message.js';
import type { RunRef } from './run.js';

const nonEmpty = z.string().check(z.minLength(1));
const count = (min: number) => z.number().check(z.int(), z.minimum(min));

export const shardMessageSchema = z.strictObject({
  v: z.literal(1),
  realmId: nonEmpty,
  householdId: nonEmpty,
  kind: z.enum(['SIMULATION', 'COMPARISON', 'ANALYSIS', 'QUERY']),
  runId: nonEmpty,
  scenarioId: z.optional(nonEmpty),
  shard: count(0),
  pathStart: count(0),
  pathCount: count(1),
  /**
   * What the shard computes on, as the run holds it: its seed, and its input (run-input.ts's
   * RunInput, whose scenarios the worker validates again), as stored when the run was created.
   */
  carried: z.optional(
    z.strictObject({
      seed: z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
      input: z.strictObject({
        scenarios: z.array(z.unknown()).check(z.minLength(1)),
        analysis: z.optional(z.unknown()),
        query: z.optional(z.unknown()),
      }),
    }),
  ),
});

export type ShardMessage = z.output<typeof shardMessageSchema>;

export function encodeShardMessage(message: ShardMessage): string {
  return JSON.stringify(message);
}

/** Parses a queue body; a body that is not a shard message is a MalformedMessageError naming what is wrong. */
export function decodeShardMessage(body: string): ShardMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new MalformedMessageError('shard message is not JSON');
  }
  const parsed = z.safeParse(shardMessageSchema, raw);
  if (!parsed.success) {
    throw new MalformedMessageError(
      `shard message is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
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

/** What names a shard in the log: its run and its index. */
export function shardLogFields(message: ShardMessage): { runId: string; shard: number } {
  return { runId: message.runId, shard: message.shard };
}

/** The shard and its paths, as a failure reason names them. */
export function shardPaths(message: ShardMessage): string {
  return `shard ${message.shard} (paths ${message.pathStart} to ${message.pathStart + message.pathCount - 1})`;
}
