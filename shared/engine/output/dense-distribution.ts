import type { DenseSketch } from '../stats/index.js';

/**
 * One distribution of a shard as plain values and arrays: its sketch, its exact sum's partials, and
 * its unit. A module of its own: the grid merges it, and ShardPart (which reads it) names the grid.
 */
export interface DenseDistribution extends DenseSketch {
  unit: number;
  partials: ArrayLike<number>;
  partialCount: number;
}
