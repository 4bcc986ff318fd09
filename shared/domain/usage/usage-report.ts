/**
 * `GET /usage`: a realm's usage ledger over a range of days, per day or per month, for the realm's
 * back end. Least privilege: a service account whose client was given the `usage-reader` role
 * (billing, and nothing else) or the `realm-admin` role; users never see it. Only the caller's
 * realm is read: the ledger is keyed by the realm the token was issued in.
 */
import * as z from 'zod/mini';
import { admittedPathYears, getMonthlyQuota } from '../../store/usage/quota.js';
import { readUsageDays, type UsageDay, usageCounters, zeroUsageCounts } from '../../store/usage/ledger.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import { isRealmAdmin, type Principal, usageReaderRole } from '../principal.js';
import { daysBetween, monthOf } from './calendar.js';

/** The longest range one request may read, in days: a year and a day, for either granularity. */
export const maxUsageRangeDays = 366;

const isCalendarDay = (value: string) => {
  const at = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value;
};
const daySchema = z
  .string()
  .check(z.refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDay(value), 'must be a date as YYYY-MM-DD (UTC)'));

export const usageQuerySchema = z
  .object({
    from: daySchema.register(z.globalRegistry, { description: 'first day, YYYY-MM-DD (UTC)' }),
    to: daySchema.register(z.globalRegistry, { description: 'last day, YYYY-MM-DD (UTC), inclusive' }),
    granularity: z._default(z.enum(['DAY', 'MONTH']), 'DAY'),
  })
  .register(z.globalRegistry, { id: 'UsageQuery' });
export type UsageQuery = z.output<typeof usageQuerySchema>;

const count = () => z.number().check(z.int(), z.minimum(0));
const countersShape = {
  apiRequests: count().register(z.globalRegistry, { description: 'authenticated API requests' }),
  runs: count().register(z.globalRegistry, { description: 'completed runs of every kind' }),
  simulations: count(),
  comparisons: count(),
  analyses: count(),
  queries: count().register(z.globalRegistry, { description: "completed queries over a run's lives" }),
  paths: count(),
  billedPathYears: count().register(z.globalRegistry, {
    description: 'the path-years billed for the completed runs: paths × horizon, per scenario and per trial',
  }),
  pathYears: count().register(z.globalRegistry, { description: 'the same as billedPathYears, under its former name', deprecated: true }),
  computeMs: count().register(z.globalRegistry, { description: 'engine time of the runs’ shards' }),
  webhookDeliveries: count().register(z.globalRegistry, { description: 'webhook delivery attempts (events POSTed to endpoints)' }),
};
export const usageReportSchema = z
  .object({
    realmId: z.string(),
    from: z.string(),
    to: z.string(),
    granularity: z.enum(['DAY', 'MONTH']),
    periods: z.array(
      z.object({
        period: z.string().register(z.globalRegistry, { description: 'YYYY-MM-DD, or YYYY-MM for MONTH' }),
        from: z.string(),
        to: z.string(),
        ...countersShape,
      }),
    ),
    total: z.object(countersShape),
    quota: z.object({
      month: z.string().register(z.globalRegistry, { description: 'the current month, YYYY-MM (UTC)' }),
      monthlyPathYears: z.nullable(count()).register(z.globalRegistry, { description: 'the quota; null when the realm has none' }),
      admittedPathYears: count().register(z.globalRegistry, { description: 'path-years of the runs admitted this month' }),
    }),
  })
  .register(z.globalRegistry, { id: 'Usage' });
export type UsageReport = z.output<typeof usageReportSchema>;
type Counters = z.output<z.ZodMiniObject<typeof countersShape>>;

export function assertCanReadUsage(principal: Principal): void {
  if (principal.kind === 'service' && (isRealmAdmin(principal) || principal.roles.includes(usageReaderRole))) return;
  throw new ForbiddenError("Only a service account with the usage-reader or realm-admin role may read the realm's usage");
}

/** The range's own checks (each field's format is the schema's): in order, and not too long. */
export function checkRange(query: UsageQuery): void {
  if (query.from > query.to) throw new ValidationError('Invalid query parameters', [{ field: 'from', message: 'must not be after to' }]);
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (days > maxUsageRangeDays) {
    throw new ValidationError('Invalid query parameters', [
      { field: 'to', message: `must be at most ${maxUsageRangeDays} days after from` },
    ]);
  }
}

/**
 * Every counter at 0, in the report's order: the ledger's counters, with the runs of every kind after
 * the requests, and the billed path-years (the ledger's `pathYears`) before their deprecated alias.
 */
const emptyCounters = (): Counters => {
  const { apiRequests, pathYears, computeMs, ...runCounts } = zeroUsageCounts();
  return { apiRequests, runs: 0, ...runCounts, billedPathYears: pathYears, pathYears, computeMs };
};

function add(into: Counters, day: UsageDay): void {
  for (const name of usageCounters) into[name] += day[name];
  into.runs += day.simulations + day.comparisons + day.analyses + day.queries;
  into.billedPathYears += day.pathYears;
}

/** The realm's usage from `from` to `to`, every period listed (zero when nothing was used). */
export async function usageReport(realmId: string, query: UsageQuery, now = new Date()): Promise<UsageReport> {
  checkRange(query);
  const month = monthOf(now);
  // The three reads are independent: one round trip's wait for all of them.
  const [usedDays, monthlyPathYears, admitted] = await Promise.all([
    readUsageDays(realmId, query.from, query.to),
    getMonthlyQuota(realmId),
    admittedPathYears(realmId, month),
  ]);
  const days = new Map(usedDays.map((day) => [day.day, day]));
  const periods: UsageReport['periods'] = [];
  for (const day of daysBetween(query.from, query.to)) {
    const key = query.granularity === 'DAY' ? day : day.slice(0, 7);
    let period = periods.at(-1);
    if (period?.period !== key) {
      period = { period: key, from: day, to: day, ...emptyCounters() };
      periods.push(period);
    }
    period.to = day;
    const used = days.get(day);
    if (used) add(period, used);
  }
  const total = emptyCounters();
  for (const period of periods) for (const name of Object.keys(total) as (keyof Counters)[]) total[name] += period[name];
  return {
    realmId,
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    periods,
    total,
    quota: { month, monthlyPathYears: monthlyPathYears ?? null, admittedPathYears: admitted },
  };
}

/** `GET /usage`: the caller's own realm only. */
export async function readUsage(principal: Principal, query: UsageQuery): Promise<UsageReport> {
  assertCanReadUsage(principal);
  return usageReport(principal.realmId, query);
}
