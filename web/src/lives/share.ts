/**
 * The share of a run's lives that match a filter, as an estimate of the chance of such a life
 * under the plan: where that chance likely lies. Imports nothing, so unit tests load it as it is.
 */

/**
 * A 95% interval for the chance: p ± 1.96 √(p(1−p)/n), within 0 and 1; at none or all of the
 * lives, where that interval has no width, the rule of three (below 3/n, or above 1 − 3/n).
 */
export function shareInterval(matched: number, lives: number): [number, number] {
  if (matched === 0) return [0, 3 / lives];
  if (matched === lives) return [1 - 3 / lives, 1];
  const p = matched / lives;
  const half = 1.96 * Math.sqrt((p * (1 - p)) / lives);
  return [Math.max(0, p - half), Math.min(1, p + half)];
}
