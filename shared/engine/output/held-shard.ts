import type { PathRunner } from '../household/path-runner.js';
import type { ShardAccumulator } from './shard-accumulator.js';
import type { ShardHead, ShardPart } from './shard-part.js';
import type { MergedDistributions, ShardResult } from './shard-result.js';

/**
 * A shard's result held in memory as its accumulator: encoded to JSON only when asked (to store it),
 * or merged with the other shards' results in place (the fan-in of the shard that completes the
 * set), which writes no JSON of it and allocates no merged sketch per distribution of its grids.
 * Once merged it holds the merge, and is neither encoded nor merged again.
 */
export class HeldShard {
  private taken = false;
  private cachedHead: ShardHead | undefined;

  constructor(
    private readonly acc: ShardAccumulator,
    private readonly ranges: [number, number][],
    private readonly engineVersion: string,
    /** The runner that simulated the shard: the output re-simulates its lives on it (MergedShards.runner). */
    readonly runner?: PathRunner,
  ) {}

  get head(): ShardHead {
    this.check();
    return (this.cachedHead ??= this.acc.head(this.ranges, this.engineVersion));
  }

  toJSON(): ShardResult {
    this.check();
    return this.acc.toJSON(this.ranges, this.engineVersion);
  }

  /** The result read as a ShardPart, from the accumulator's own arrays (the binary form's writer reads it). */
  part(): ShardPart {
    return this.acc.part(this.head);
  }

  /** The merged distributions of this shard and `parts` (ShardAccumulator.mergeParts); the head is read before. */
  mergeParts(parts: readonly ShardPart[]): MergedDistributions {
    this.check();
    this.taken = true;
    return this.acc.mergeParts(parts);
  }

  private check(): void {
    if (this.taken) throw new Error('a shard result merged in place is not read again');
  }
}
