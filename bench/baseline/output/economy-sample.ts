/**
 * The paths whose economy is recorded in the output's `economy` section: every path below
 * ECONOMY_SAMPLE_FIRST, then every ECONOMY_SAMPLE_EVERY-th path index. Only these paths need their
 * economy over the whole horizon; the others stop generating it when the household's path ends.
 * Paths are independent and identically distributed, so the sample's per-year and annualised
 * distributions estimate the same quantities as all paths would, without bias; the choice depends
 * on the path index alone, so it does not depend on sharding.
 */
export const ECONOMY_SAMPLE_FIRST = 4096;
export const ECONOMY_SAMPLE_EVERY = 16;

export function inEconomySample(pathIndex: number): boolean {
  // The modulo first: evaluated on every call, it keeps type feedback for optimised callers, which
  // would otherwise deoptimise at the first path past ECONOMY_SAMPLE_FIRST.
  return pathIndex % ECONOMY_SAMPLE_EVERY === 0 || pathIndex < ECONOMY_SAMPLE_FIRST;
}
