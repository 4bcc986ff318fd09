/**
 * The realm's monthly path-year quota. A run's path-years are admitted when it is created, before
 * anything of it is written: one conditional update that fails when the month's admitted path-years
 * would pass the quota, so concurrent requests cannot pass it together and a refused run leaves no
 * trace. A run that is not created after all, or that fails, gives its path-years back.
 */
import { publishRealmMetrics } from '../../log/usage-metrics.js';
import { admitPathYears, getMonthlyQuota, returnPathYears } from '../../store/usage/quota.js';
import { afterAdmission, afterRefusal } from '../webhooks/quota-events.js';
import { TooManyRequestsError } from '../errors.js';
import { monthOf, secondsUntilNextMonth } from './calendar.js';

export interface Admission {
  realmId: string;
  /** `yyyy-mm` the path-years were admitted in. */
  month: string;
  pathYears: number;
}

/**
 * Starts reading the realm's quota for an admission to come, so that a request reads it with what it
 * reads first (its scenarios), a round trip less on the way to the run's first shard. A request
 * that fails before its admission leaves the read unawaited, and that is not an unhandled rejection.
 */
export function readQuota(realmId: string): Promise<number | undefined> {
  const read = getMonthlyQuota(realmId);
  read.catch(() => undefined);
  return read;
}

/**
 * Admits a run's path-years against the realm's quota (as `readQuota` read it, or read now), or
 * refuses it: 429 with `Retry-After` until next month.
 */
export async function admitRun(
  realmId: string,
  pathYears: number,
  now = new Date(),
  quotaRead: Promise<number | undefined> = getMonthlyQuota(realmId),
): Promise<Admission> {
  const month = monthOf(now);
  const quota = await quotaRead;
  const admitted = await admitPathYears(realmId, month, pathYears, quota);
  if (admitted) await afterAdmission(realmId, month, quota, admitted, now);
  else {
    publishRealmMetrics(realmId, { QuotaRefusals: 1 });
    if (quota !== undefined) await afterRefusal(realmId, month, quota, now);
    throw new TooManyRequestsError(
      `The realm's monthly path-year quota (${quota}) is exhausted: this run needs ${pathYears} path-years; ` +
        'it starts again at the beginning of next month (UTC)',
      secondsUntilNextMonth(now),
    );
  }
  return { realmId, month, pathYears };
}

/** Gives an admission back: the run was not created, or ended FAILED. */
export async function returnAdmission(admission: Admission): Promise<void> {
  await returnPathYears(admission.realmId, admission.month, admission.pathYears);
}
