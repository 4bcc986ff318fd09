/**
 * A realm's monthly path-year quota and the path-years admitted against it, in the realm's usage
 * partition (ledger.ts): `QUOTA` holds `monthlyPathYears`; `MONTH#<yyyy-mm>#ADMITTED` holds the
 * month's admitted `pathYears`. Admission is one atomic update: `ADD pathYears` on the month's item,
 * on condition that the sum stays within the quota, so a burst of concurrent requests cannot pass it
 * together.
 */
import { dynamoClient } from '../client.js';
import { isConditionFailed } from '../conditional.js';
import { tableName } from '../table.js';
import { usageKeys } from './ledger.js';

export const quotaKeys = {
  quota: (realmId: string) => ({ pk: usageKeys.partition(realmId), sk: 'QUOTA' }),
  admitted: (realmId: string, month: string) => ({ pk: usageKeys.partition(realmId), sk: `MONTH#${month}#ADMITTED` }),
};

export interface QuotaItem {
  pk: string;
  sk: string;
  entity: 'usage-quota';
  monthlyPathYears: number;
  updatedAt: string;
}

export interface AdmittedItem {
  pk: string;
  sk: string;
  entity: 'usage-admitted';
  pathYears: number;
  /** Once-a-month notices claimed (the quota events sent this month). */
  notices?: Set<string>;
}

/** The realm's monthly path-year quota; undefined when it has none. */
export async function getMonthlyQuota(realmId: string): Promise<number | undefined> {
  const result = await dynamoClient().get({ TableName: tableName(), Key: quotaKeys.quota(realmId) });
  const value = result.Item?.monthlyPathYears;
  return typeof value === 'number' ? value : undefined;
}

/** Sets the quota, or removes it with `undefined`. */
export async function setMonthlyQuota(realmId: string, monthlyPathYears: number | undefined, now = new Date()): Promise<void> {
  const Key = quotaKeys.quota(realmId);
  if (monthlyPathYears === undefined) {
    await dynamoClient().delete({ TableName: tableName(), Key });
    return;
  }
  await dynamoClient().put({
    TableName: tableName(),
    Item: { ...Key, entity: 'usage-quota', monthlyPathYears, updatedAt: now.toISOString() } satisfies QuotaItem,
  });
}

/** The month's admitted path-years after an admission, and the notices already claimed for the month. */
export interface AdmittedMonth {
  pathYears: number;
  notices: string[];
}

/**
 * Adds `pathYears` to the month's admitted path-years; with a `limit`, only if the sum stays within
 * it. The month after the admission, or undefined (and nothing written) when it would not fit.
 */
export async function admitPathYears(
  realmId: string,
  month: string,
  pathYears: number,
  limit?: number,
): Promise<AdmittedMonth | undefined> {
  if (limit !== undefined && pathYears > limit) return undefined;
  try {
    const result = await dynamoClient().update({
      TableName: tableName(),
      Key: quotaKeys.admitted(realmId, month),
      UpdateExpression: 'ADD pathYears :pathYears SET entity = :entity',
      ...(limit !== undefined ? { ConditionExpression: 'attribute_not_exists(pathYears) OR pathYears <= :room' } : {}),
      ExpressionAttributeValues: {
        ':pathYears': pathYears,
        ':entity': 'usage-admitted',
        ...(limit !== undefined ? { ':room': limit - pathYears } : {}),
      },
      ReturnValues: 'ALL_NEW',
    });
    const item = result.Attributes ?? {};
    return {
      pathYears: Number(item.pathYears ?? pathYears),
      notices: item.notices instanceof Set ? [...(item.notices as Set<string>)] : [],
    };
  } catch (error) {
    if (isConditionFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Claims a once-a-month notice (e.g. an event sent when the month's admissions pass a threshold):
 * true for the one caller that adds it to the month's `notices` set, false for every other.
 */
export async function claimMonthNotice(realmId: string, month: string, notice: string): Promise<boolean> {
  try {
    await dynamoClient().update({
      TableName: tableName(),
      Key: quotaKeys.admitted(realmId, month),
      UpdateExpression: 'ADD notices :notice SET entity = :entity',
      ConditionExpression: 'NOT contains(notices, :name)',
      ExpressionAttributeValues: { ':notice': new Set([notice]), ':name': notice, ':entity': 'usage-admitted' },
    });
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Gives back path-years admitted for a run that was not created or did not complete. */
export async function returnPathYears(realmId: string, month: string, pathYears: number): Promise<void> {
  await dynamoClient()
    .update({
      TableName: tableName(),
      Key: quotaKeys.admitted(realmId, month),
      UpdateExpression: 'ADD pathYears :minus',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':minus': -pathYears },
    })
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/** Path-years admitted in the month (`yyyy-mm`). */
export async function admittedPathYears(realmId: string, month: string): Promise<number> {
  const result = await dynamoClient().get({
    TableName: tableName(),
    Key: quotaKeys.admitted(realmId, month),
    ConsistentRead: true,
  });
  return Number(result.Item?.pathYears ?? 0);
}
