/**
 * `quota.warning` (80% of the month's path-year quota admitted) and `quota.exhausted` (all of it
 * admitted, or a run refused for want of it): each at most once a month per realm, claimed in the
 * month's admissions item before it is handed on. A failure to hand one on is logged and never
 * fails the run being admitted.
 */
import { log } from '../../log/logger.js';
import { type AdmittedMonth, admittedPathYears, claimMonthNotice } from '../../store/usage/quota.js';
import { apiBaseUrl, derivedId, type EventType } from './events.js';
import { publishEvent } from './publish.js';

const thresholds = [
  { type: 'quota.warning', threshold: 0.8 },
  { type: 'quota.exhausted', threshold: 1 },
] as const satisfies readonly { type: EventType; threshold: number }[];

type QuotaEventType = (typeof thresholds)[number]['type'];

async function publishQuotaEvent(realmId: string, month: string, quota: number, admitted: number, type: QuotaEventType, now: Date) {
  const threshold = thresholds.find((entry) => entry.type === type)?.threshold ?? 1;
  if (!(await claimMonthNotice(realmId, month, type))) return;
  await publishEvent(realmId, type, () => ({
    id: derivedId(now, type, realmId, month),
    type,
    time: now.toISOString(),
    realm: realmId,
    resourceUrl: `${apiBaseUrl()}/usage`,
    data: { month, monthlyPathYears: quota, admittedPathYears: admitted, threshold },
  }));
}

async function quietly(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    log('error', 'a quota event was not handed on', { error: String(error) });
  }
}

/** After an admission: the events of the thresholds it reached that the month has not had. */
export async function afterAdmission(realmId: string, month: string, quota: number | undefined, admitted: AdmittedMonth, now = new Date()) {
  if (quota === undefined || quota <= 0) return;
  for (const { type, threshold } of thresholds) {
    if (admitted.pathYears >= threshold * quota && !admitted.notices.includes(type)) {
      await quietly(() => publishQuotaEvent(realmId, month, quota, admitted.pathYears, type, now));
    }
  }
}

/** After a refusal: the quota is exhausted for this run, whatever is left of it. */
export async function afterRefusal(realmId: string, month: string, quota: number, now = new Date()) {
  await quietly(async () => publishQuotaEvent(realmId, month, quota, await admittedPathYears(realmId, month), 'quota.exhausted', now));
}
