/**
 * The usage ledger's items and their keys. They live in the realm's own usage partition
 * (`R#<realm>#USAGE`), never in a household's, so a household's cascading delete leaves them.
 * - API requests and inline runs of a day: `DAY#<yyyy-mm-dd>` (plain atomic counters)
 * - queued runs completed in an hour:    `DAY#<yyyy-mm-dd>#RUNS#<hh>` (counters and `metered`, the
 *   string set of the run ids counted there: adding a run is one update conditional on its id not
 *   being in the set, so a repeated count changes nothing)
 * - the realm's quota:                   `QUOTA` (`monthlyPathYears`)
 * - path-years admitted in a month:      `MONTH#<yyyy-mm>#ADMITTED` (`pathYears`, raised at admission
 *   on condition that it stays within the quota)
 * A day's figures are the sum of its items; a month's, the sum of its days (docs/DATA.md).
 */
const realmPrefix = (realmId: string) => `R#${realmId}#`;

export const usagePartition = (realmId: string) => `${realmPrefix(realmId)}USAGE`;
export const usageDaySortKey = (day: string) => `DAY#${day}`;
export const meteredRunsSortKey = (day: string, hour: number) => `${usageDaySortKey(day)}#RUNS#${String(hour).padStart(2, '0')}`;
/** The day (`yyyy-mm-dd`) a usage item of a day counts for. */
export const dayOfUsageSortKey = (sk: string) => sk.slice('DAY#'.length, 'DAY#'.length + 10);
/** Upper bound of a day's sort keys (every item of the day sorts at or before it). */
export const usageDayEndSortKey = (day: string) => `${usageDaySortKey(day)}#~`;
export const quotaSortKey = 'QUOTA';
export const admittedSortKey = (month: string) => `MONTH#${month}#ADMITTED`;

/** The counters every usage item of a day may hold; a missing counter is 0. */
export const usageCounters = ['apiRequests', 'simulations', 'comparisons', 'analyses', 'paths', 'pathYears', 'computeMs'] as const;
export type UsageCounter = (typeof usageCounters)[number];
export type UsageCounts = Record<UsageCounter, number>;

export interface UsageDayItem extends Partial<UsageCounts> {
  pk: string;
  sk: string;
  entity: 'usage-day' | 'usage-runs';
  /** Only on a `#RUNS#<hh>` item: the runs it counted. */
  metered?: Set<string>;
}

export interface QuotaItem {
  pk: string;
  sk: typeof quotaSortKey;
  entity: 'usage-quota';
  monthlyPathYears: number;
  updatedAt: string;
}

export interface AdmittedItem {
  pk: string;
  sk: string;
  entity: 'usage-admitted';
  pathYears: number;
}
