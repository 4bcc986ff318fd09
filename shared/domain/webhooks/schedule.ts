/**
 * When a delivery is tried: at once, then after each failure a longer wait, the schedule the
 * Standard Webhooks specification suggests (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h): eight
 * attempts over 27 h 35 min 5 s, after which the delivery is FAILED.
 */
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** The wait before attempt n + 1 after attempt n (1-based) has failed. */
export const retryDelaysMs = [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour] as const;

export const scheduledAttempts = retryDelaysMs.length + 1;

/** The wait after the `attempts`-th failed attempt; undefined when the schedule is spent. */
export function retryDelayAfter(attempts: number): number | undefined {
  return retryDelaysMs[attempts - 1];
}
