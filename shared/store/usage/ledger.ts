/**
 * The usage ledger: a realm's usage per day, in the realm's own partition (`R#<realm>#USAGE`), never
 * in a household's, so a household's cascading delete leaves it (docs/DATA.md, docs/USAGE.md).
 * - `DAY#<yyyy-mm-dd>`: the day's API requests and the runs completed inside their request (plain
 *   atomic counters: nothing can repeat them);
 * - `DAY#<yyyy-mm-dd>#RUNS#<hh>`: the queued runs completed in that hour, with `metered`, the string
 *   set of the run ids counted there. Counting a run is one update conditional on its id not being
 *   in the set, which the same update adds it to, so the shard worker can repeat it after a crash or
 *   a redelivery without counting twice.
 * A day's figures are the sum of its items; a month's, the sum of its days.
 */
import { dynamoClient } from '../client.js';
import { isConditionFailed } from '../conditional.js';
import { queryAll } from '../query-all.js';
import { realmKey, tableName } from '../table.js';

export const usageKeys = {
  partition: (realmId: string) => realmKey(realmId, 'USAGE'),
  day: (day: string) => `DAY#${day}`,
  meteredRuns: (day: string, hour: number) => `${usageKeys.day(day)}#RUNS#${String(hour).padStart(2, '0')}`,
  /** Upper bound of a day's sort keys: every item of the day sorts at or before it. */
  dayEnd: (day: string) => `${usageKeys.day(day)}#~`,
  /** The day (`yyyy-mm-dd`) a usage item counts for. */
  dayOf: (sk: string) => sk.slice('DAY#'.length, 'DAY#'.length + 10),
};

/** The counters every usage item of a day may hold; a missing counter is 0. */
export const usageCounters = [
  'apiRequests',
  'simulations',
  'comparisons',
  'analyses',
  'queries',
  'paths',
  'pathYears',
  'computeMs',
  'webhookDeliveries',
] as const;
export type UsageCounter = (typeof usageCounters)[number];
export type UsageCounts = Record<UsageCounter, number>;

export interface UsageDayItem extends Partial<UsageCounts> {
  pk: string;
  sk: string;
  entity: 'usage-day' | 'usage-runs';
  /** Only on a `#RUNS#<hh>` item: the runs it counted. */
  metered?: Set<string>;
}

/** What one run adds to the ledger. */
export interface RunUsage {
  counter: 'simulations' | 'comparisons' | 'analyses' | 'queries';
  paths: number;
  pathYears: number;
  computeMs: number;
}

/** `2026-11-24` for an instant, in UTC. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The `ADD`s of a run's usage; `extraAdds` go into the same clause (an update has one `ADD` clause). */
function runUpdate(usage: RunUsage, extraAdds: string[] = []) {
  const adds = [...extraAdds, '#runs :one', 'paths :paths', 'pathYears :pathYears', 'computeMs :computeMs'];
  return {
    expression: `ADD ${adds.join(', ')} SET entity = :entity`,
    names: { '#runs': usage.counter },
    values: {
      ':one': 1,
      ':paths': usage.paths,
      ':pathYears': usage.pathYears,
      ':computeMs': Math.max(0, Math.round(usage.computeMs)),
    },
  };
}

/** One authenticated API request of the realm, on the day's item. */
export async function countApiRequest(realmId: string, at = new Date()): Promise<void> {
  await dynamoClient().update({
    TableName: tableName(),
    Key: { pk: usageKeys.partition(realmId), sk: usageKeys.day(dayOf(at)) },
    UpdateExpression: 'ADD apiRequests :one SET entity = :entity',
    ExpressionAttributeValues: { ':one': 1, ':entity': 'usage-day' },
  });
}

/** One webhook delivery attempt (an event POSTed to an endpoint), on the day's item. */
export async function countWebhookDelivery(realmId: string, at = new Date()): Promise<void> {
  await dynamoClient().update({
    TableName: tableName(),
    Key: { pk: usageKeys.partition(realmId), sk: usageKeys.day(dayOf(at)) },
    UpdateExpression: 'ADD webhookDeliveries :one SET entity = :entity',
    ExpressionAttributeValues: { ':one': 1, ':entity': 'usage-day' },
  });
}

/** A run completed inside its request (nothing can repeat it), on the day's item. */
export async function addInlineRunUsage(realmId: string, usage: RunUsage, completedAt: Date): Promise<void> {
  const update = runUpdate(usage);
  await dynamoClient().update({
    TableName: tableName(),
    Key: { pk: usageKeys.partition(realmId), sk: usageKeys.day(dayOf(completedAt)) },
    UpdateExpression: update.expression,
    ExpressionAttributeNames: update.names,
    ExpressionAttributeValues: { ...update.values, ':entity': 'usage-day' },
  });
}

/**
 * A queued run, counted once: on the item of the hour it completed, on condition that its id is not
 * in that item's `metered` set, which the same update adds it to. False when it had been counted.
 * `completedAt` must be the run's stored completion time, so that a repeat reaches the same item.
 */
export async function meterRunOnce(realmId: string, runId: string, usage: RunUsage, completedAt: Date): Promise<boolean> {
  const update = runUpdate(usage, ['metered :run']);
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: { pk: usageKeys.partition(realmId), sk: usageKeys.meteredRuns(dayOf(completedAt), completedAt.getUTCHours()) },
      UpdateExpression: update.expression,
      ConditionExpression: 'NOT contains(metered, :runId)',
      ExpressionAttributeNames: update.names,
      ExpressionAttributeValues: { ...update.values, ':run': new Set([runId]), ':runId': runId, ':entity': 'usage-runs' },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

export interface UsageDay extends UsageCounts {
  /** `yyyy-mm-dd` (UTC). */
  day: string;
}

/** Every counter at 0. */
export const zeroUsageCounts = (): UsageCounts => Object.fromEntries(usageCounters.map((name) => [name, 0])) as UsageCounts;

/**
 * The realm's usage per day from `fromDay` to `toDay` (inclusive, `yyyy-mm-dd`): one query of the
 * realm's usage partition; days with no usage are left out. The `metered` sets are not read back.
 */
export async function readUsageDays(realmId: string, fromDay: string, toDay: string): Promise<UsageDay[]> {
  const attributes = ['sk', ...usageCounters];
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ProjectionExpression: attributes.map((name) => `#${name}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: { ':pk': usageKeys.partition(realmId), ':from': usageKeys.day(fromDay), ':to': usageKeys.dayEnd(toDay) },
    ConsistentRead: true,
  });
  const days = new Map<string, UsageDay>();
  for (const item of items) {
    const day = usageKeys.dayOf(String(item.sk));
    const totals = days.get(day) ?? { day, ...zeroUsageCounts() };
    for (const name of usageCounters) totals[name] += Number(item[name] ?? 0);
    days.set(day, totals);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
