/**
 * Terminal estates as signed whole numbers, for the paired table a bootstrap resamples
 * (paired-ages.ts): 0 for an estate of exactly 0, else ± (the quantile sketch's bucket key of its
 * magnitude + 1). Keys sort as the values do, and a key reads back as its bucket's representative,
 * within 1/129 of every value in the bucket: the table of pairs stays small (a few thousand cells
 * for a run's paths), merges exactly, and gives the percentile differences' spread.
 */
import { magnitudeKey, representative } from '../stats/index.js';

export function estateKey(v: number): number {
  if (v === 0) return 0;
  const k = magnitudeKey(v) + 1;
  return v < 0 ? -k : k;
}

export function estateValue(key: number): number {
  if (key === 0) return 0;
  return key < 0 ? -representative(-key - 1) : representative(key - 1);
}
