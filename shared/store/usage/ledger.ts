/**
 * Writing and reading the usage ledger (keys.ts). Every write is one atomic `UpdateItem ... ADD`;
 * the count of a queued run is also conditional on its id not having been counted, so the shard
 * worker can repeat it after a crash or a redelivery without counting twice.
 */
import { dynamoClient } from '../client.js';
import { isConditionFailed } from '../conditional.js';
import { queryAll } from '../query-all.js';
import { tableName } from '../table.js';
import {
  dayOfUsageSortKey,
  meteredRunsSortKey,
  type UsageCounts,
  usageCounters,
  usageDayEndSortKey,
  usageDaySortKey,
  usagePartition,
} from './keys.js';

/** What one run adds to the ledger. */
export interface RunUsage {
  counter: 'simulations' | 'comparisons' | 'analyses';
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
    Key: { pk: usagePartition(realmId), sk: usageDaySortKey(dayOf(at)) },
    UpdateExpression: 'ADD apiRequests :one SET entity = :entity',
    ExpressionAttributeValues: { ':one': 1, ':entity': 'usage-day' },
  });
}

/** A run completed inside its request (nothing can repeat it), on the day's item. */
export async function addInlineRunUsage(realmId: string, usage: RunUsage, completedAt: Date): Promise<void> {
  const update = runUpdate(usage);
  await dynamoClient().update({
    TableName: tableName(),
    Key: { pk: usagePartition(realmId), sk: usageDaySortKey(dayOf(completedAt)) },
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
      Key: { pk: usagePartition(realmId), sk: meteredRunsSortKey(dayOf(completedAt), completedAt.getUTCHours()) },
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

const zero = (): UsageCounts => Object.fromEntries(usageCounters.map((name) => [name, 0])) as UsageCounts;

/**
 * The realm's usage per day from `fromDay` to `toDay` (inclusive, `yyyy-mm-dd`): one query of the
 * realm's usage partition; days with no usage are left out. The `metered` sets are not read back.
 */
export async function readUsageDays(realmId: string, fromDay: string, toDay: string): Promise<UsageDay[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ProjectionExpression: ['sk', ...usageCounters].map((name) => `#${name}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(['sk', ...usageCounters].map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: { ':pk': usagePartition(realmId), ':from': usageDaySortKey(fromDay), ':to': usageDayEndSortKey(toDay) },
    ConsistentRead: true,
  });
  const days = new Map<string, UsageDay>();
  for (const item of items) {
    const day = dayOfUsageSortKey(String(item.sk));
    const totals = days.get(day) ?? { day, ...zero() };
    for (const name of usageCounters) totals[name] += Number(item[name] ?? 0);
    days.set(day, totals);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}
