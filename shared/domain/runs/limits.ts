/**
 * Run sizing and limits. Defaults are measured (docs/RUNS.md); each can be overridden by an
 * environment variable so that a deployment can retune without a code change.
 */
import type { ShardRange } from '../../engine/index.js';
import { splitPathsByCost } from '../../engine/index.js';
import { MAX_PATHS } from '../scenario/index.js';

export { MAX_PATHS };

function envNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min}`);
  return value;
}

/**
 * Path-years a page of lives' `where` may replay (every life of the run, to count the matches):
 * about 2 to 8 s of one core. A larger run is filtered by a query, which runs in shards.
 */
export const livesFilterMaxPathYears = () => envNumber('LIVES_FILTER_MAX_PATH_YEARS', 2_000_000, 0);

/** Runs up to this many path-years are simulated inside the request (well under a second of engine time). */
export const inlinePathYears = () => envNumber('RUN_INLINE_PATH_YEARS', 100_000, 0);
/** Path-years per shard: large enough that storing and merging a shard is a small share of simulating it. */
export const shardPathYears = () => envNumber('SHARD_PATH_YEARS', 1_000_000, 1);
/**
 * A queued run has at least this many shards, and a multiple of it (the local worker count), so
 * that its shards spread evenly over the workers instead of leaving one shard running alone.
 */
export const minShards = () => envNumber('SHARD_MIN_COUNT', 2, 1);
export const maxShards = 1_000;
/** Runs a realm may have queued or running at once; the next is 429 until one ends. */
export const maxActiveRunsPerRealm = () => envNumber('RUNS_MAX_ACTIVE_PER_REALM', 10, 1);
/**
 * How long a run's slot is left alone by the reconciliation of a realm at its cap while its run
 * item is not there: the run may still be being created. Longer than the API functions' 29 s
 * timeout, so a request that is still running always finds its slot.
 */
export const slotCreationGraceMs = () => envNumber('RUN_SLOT_GRACE_SECONDS', 30, 0) * 1000;
/** A queued or running run with no shard joining for this long is marked FAILED. */
export const staleAfterMs = () => envNumber('RUN_STALE_AFTER_SECONDS', 900, 1) * 1000;
/**
 * How long a shard that finds every other shard simulated, but not yet joined, waits for them to
 * join (they are storing their results) before it stores its own result instead (docs/RUNS.md).
 */
export const joinWaitMs = () => envNumber('SHARD_JOIN_WAIT_MS', 5_000, 0);
/**
 * The largest run input (JSON, bytes) a shard message carries, with the seed, so that the worker
 * simulates without reading the run first; a larger input the worker reads from the store.
 * SendMessageBatch takes ten messages of at most 256 KB in all, so ten shards' messages stay well
 * inside it at the default. 0 makes every worker read the stored input.
 */
export const messageInputMaxBytes = () => envNumber('SHARD_MESSAGE_INPUT_MAX_BYTES', 20_000, 0);
/** Deliveries of a shard before it is given up (the queue's maxReceiveCount). */
export const maxShardReceives = () => envNumber('SHARD_MAX_RECEIVES', 3, 1);

/**
 * How a run of `paths` paths and `pathYears` path-years is executed: inline, or in these shards.
 * `shardingPathYears` (default `pathYears`) sizes the shards when a shard's fixed cost grows with
 * the run's work, as an analysis's does (every shard builds each of its plan variants). The
 * shards' path ranges are of near-equal cost (`splitPathsByCost`), not of equal counts.
 */
export function planRun(
  paths: number,
  pathYears: number,
  shardingPathYears = pathYears,
): { inline: true } | { inline: false; ranges: ShardRange[] } {
  if (pathYears <= inlinePathYears()) return { inline: true };
  const unit = minShards();
  const bySize = Math.ceil(Math.ceil(shardingPathYears / shardPathYears()) / unit) * unit;
  const shards = Math.min(maxShards, paths, bySize);
  return { inline: false, ranges: splitPathsByCost(paths, shards) };
}

/**
 * How often a waiting read re-reads the run. Measured on the local runtime, where the embedded
 * store runs in the same process: a re-read costs about 3 ms of CPU (SDK and store), so a wait
 * takes 12% of a core at 25 ms and 20% at 10 ms, against about 35% for a client polling every
 * 20 ms (7 ms a GET). 25 ms adds 12 ms on average to the moment the client sees the run end. In
 * the cloud each re-read is one consistent read of one item. RUN_WAIT_POLL_MS overrides it.
 */
export const runWaitPollMs = () => envNumber('RUN_WAIT_POLL_MS', 25, 1);
