/**
 * One shard's work in a worker: simulate (or analyse) its path range, store the result under the idempotent
 * key (run, shard), join it to the run, and finalize the run if this shard completed the set.
 * A redelivered or duplicated shard finds its index already joined and changes nothing (unless the
 * run's finalization was interrupted, which it then resumes).
 */
import { deleteRunData, getShardResults, putRunBlob } from '../../store/runs/run-data.js';
import { getRun, joinShard, markComputed } from '../../store/runs/runs.js';
import { releaseRunSlot } from '../../store/runs/active-runs.js';
import { meterCompletedRun } from '../usage/meter-run.js';
import { publishRunEnded } from '../webhooks/run-events.js';
import { dropShardResults } from './end-run.js';
import { type FinalizeTimings, finalizeRun, type OwnShard } from './finalize.js';
import { runShard, type RunWork, storedShardResult, type StoredShardResult } from './run-engine.js';
import { joinWaitMs } from './limits.js';
import { loadRunWork, type RunInput, runWorkOf } from './run-input.js';
import type { RunRecord, RunRef } from './run.js';
import { isFinished } from './run.js';
import { refOfMessage, type ShardMessage } from './shard-message.js';
import { stepTimer } from './step-timer.js';

export type ShardOutcome = 'JOINED' | 'COMPLETED_RUN' | 'ALREADY_JOINED' | 'RUN_ENDED' | 'RUN_GONE';

/** Milliseconds spent in each step of a shard's processing, and of the fan-in if it ran one (for the worker's log line). */
export type ShardTimings = Partial<Record<'loadMs' | 'engineMs' | 'waitMs' | 'storeMs' | 'joinMs', number>> & FinalizeTimings;

export interface ProcessedShard {
  outcome: ShardOutcome;
  timings: ShardTimings;
}

const isComplete = (run: RunRecord) => run.joinedShards.length >= run.shards;
const isLastToJoin = (run: RunRecord | undefined, shard: number) =>
  run !== undefined && !run.joinedShards.includes(shard) && run.joinedShards.length === run.shards - 1;
const othersComputed = (computed: number[], shards: number, shard: number) =>
  computed.filter((index) => index !== shard && index < shards).length === shards - 1;

/**
 * Waits while the run is live and every other shard has simulated but not all have joined (they are
 * storing their results): whether this shard then is the last to join, within joinWaitMs.
 */
async function othersJoined(ref: RunRef, shard: number): Promise<boolean> {
  const deadline = performance.now() + joinWaitMs();
  // Read every few milliseconds, at most every 10: the wait is about one store long, and each read is one small item.
  for (let pause = 2; performance.now() < deadline; pause = Math.min(10, pause * 1.25)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    const run = await getRun(ref);
    if (!run || isFinished(run.status) || run.joinedShards.includes(shard)) return false;
    if (isLastToJoin(run, shard)) return true;
  }
  return false;
}

async function forgetRun(ref: RunRef): Promise<void> {
  // The run was deleted while this shard ran: drop what the shard wrote, and the slot if it is still held.
  await deleteRunData(ref);
  await releaseRunSlot(ref);
}

export async function processShard(message: ShardMessage): Promise<ProcessedShard> {
  const timings: ShardTimings = {};
  const outcome = await joinShardWork(message, timings);
  return { outcome, timings };
}

/**
 * What a shard does about its run as read before simulating (with its input carried, after), or as
 * a join that did not take returned it: an outcome when there is nothing to add, because the run is
 * gone, has ended, or has this shard joined (a redelivery, which resumes an interrupted fan-in);
 * undefined while the shard should join.
 */
async function unlessJoinable(ref: RunRef, run: RunRecord | undefined, own: OwnShard): Promise<ShardOutcome | undefined> {
  if (!run) {
    await forgetRun(ref);
    return 'RUN_GONE';
  }
  if (isFinished(run.status)) {
    await meterCompletedRun(ref, run);
    await publishRunEnded(ref, run);
    return 'RUN_ENDED';
  }
  if (run.joinedShards.includes(own.shard)) {
    if (isComplete(run)) await finalizeRun(ref, run, own);
    return 'ALREADY_JOINED';
  }
  return undefined;
}

async function joinShardWork(message: ShardMessage, timings: ShardTimings): Promise<ShardOutcome> {
  const step = stepTimer(timings);
  const ref = refOfMessage(message);
  const range = { pathStart: message.pathStart, pathCount: message.pathCount };
  let work: RunWork;
  let seed: number;
  if (message.carried) {
    // The message carries the run's seed and input: the shard simulates at once and looks at the
    // run only once simulated, in the reply of the update that marks it computed. A delivery for a
    // run that has ended, or of a shard that has joined, thus simulates for nothing; those are
    // rare, and every run starts sooner. (A read of the run sent before simulating would be
    // answered while the engine holds the thread, and its reply handled only after: one more
    // request, and a few milliseconds after the engine instead of none.)
    work = runWorkOf(ref, message.carried.input as RunInput);
    seed = message.carried.seed;
  } else {
    // The run and its input are read at once: a shard that goes on needs both, and one that stops here reads the input for nothing.
    const input = loadRunWork(ref);
    input.catch(() => undefined); // awaited below, or left unread if the shard stops before it
    const run = await getRun(ref);
    const stop = await unlessJoinable(ref, run, { shard: message.shard, range });
    if (stop || !run) return stop ?? 'RUN_GONE';
    work = await input;
    seed = run.seed;
  }
  step('loadMs');
  const started = performance.now();
  const result = runShard(work, seed, range);
  const engineMs = performance.now() - started;
  step('engineMs');
  // The shard that completes the set merges its result from memory, so it does not store it first.
  // Only the last shard to join can find every other one joined, and each of those stored its
  // result before joining, so it reads them while it joins. Should its fan-in be interrupted, the
  // redelivered shard computes its result again (it depends only on the run's input, seed and range).
  // A shard that finds every other one simulated but not all joined (shards of equal cost finish
  // together) waits for them to join rather than store its result as well.
  const marked = await markComputed(ref, message.shard);
  if (message.carried) {
    const stop = await unlessJoinable(ref, marked?.run, { shard: message.shard, result, work });
    if (stop) return stop;
  }
  let last = isLastToJoin(marked?.run, message.shard);
  if (!last && marked && othersComputed(marked.computed, marked.run.shards, message.shard)) last = await othersJoined(ref, message.shard);
  step('waitMs');
  if (!last) await putRunBlob(ref, { shard: message.shard }, storedShardResult(work, result));
  step('storeMs');
  const stored = last ? getShardResults<StoredShardResult>(ref, message.shard) : undefined;
  stored?.catch(() => undefined); // read by the fan-in, or left unread if the join does not complete the set
  const outcome = await joinShard(ref, message.shard, engineMs);
  step('joinMs');
  if (!outcome.joined) {
    // The run is gone, has ended (a failed one drops the result just stored) or has this shard
    // joined: as when the run was read before the join.
    if (outcome.run?.status === 'FAILED') await dropShardResults(ref);
    return (await unlessJoinable(ref, outcome.run, { shard: message.shard, result, work })) ?? 'ALREADY_JOINED';
  }
  if (isComplete(outcome.run)) {
    Object.assign(timings, await finalizeRun(ref, outcome.run, { shard: message.shard, result, stored, work }));
    return 'COMPLETED_RUN';
  }
  return 'JOINED';
}
