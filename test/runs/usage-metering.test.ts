/**
 * The usage ledger against the store under test, through the real shard worker: a queued run is
 * counted once however often its shards are delivered, including after a crash between its
 * completion and its count; the count goes out as an EMF line with the realm's dimension; and the
 * monthly quota admits a concurrent burst exactly up to its limit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/workers/shard-worker.js';
import { TooManyRequestsError } from '../../shared/domain/errors.js';
import { secondsUntilNextMonth, startOfNextMonth } from '../../shared/domain/usage/calendar.js';
import { admitRun, returnAdmission } from '../../shared/domain/usage/quota.js';
import { usageReport } from '../../shared/domain/usage/usage-report.js';
import { dynamoClient } from '../../shared/store/client.js';
import { getRun, runKeys } from '../../shared/store/runs/runs.js';
import { admittedPathYears, setMonthlyQuota } from '../../shared/store/usage/quota.js';
import { tableName } from '../../shared/store/table.js';
import { event, queuedRun } from './queued-run.js';
import { startStore } from './store-fixture.js';

let store: { close(): Promise<void> };
beforeAll(async () => {
  store = await startStore();
});
afterAll(async () => {
  await store?.close();
});
afterEach(() => {
  delete process.env.POWERTOOLS_METRICS_DISABLED;
});

const today = () => new Date().toISOString().slice(0, 10);
/** The realm's usage today (every count here happens now). */
async function usageToday(realmId: string) {
  return (await usageReport(realmId, { from: today(), to: today(), granularity: 'DAY' })).total;
}

/** Every line the process writes to stdout while `work` runs. */
async function stdoutOf(work: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return write(chunk, ...(rest as []));
  }) as typeof process.stdout.write;
  try {
    await work();
  } finally {
    process.stdout.write = write;
  }
  return lines;
}

describe('metering a queued run', () => {
  it('counts the run once, with its paths, path-years and engine time, however often its shards are delivered', async () => {
    const { ref, messages } = await queuedRun({ realmId: 'metered', paths: 600, shards: 3, pathYears: 6_000 });
    for (const message of messages) {
      expect((await handler(event(message))).batchItemFailures).toEqual([]);
      expect((await handler(event(message, 2))).batchItemFailures).toEqual([]); // redelivered
    }
    const run = await getRun(ref);
    expect(run?.status).toBe('COMPLETED');
    expect(run?.metered).toBe(true);
    expect(run?.elapsedMs).toBeGreaterThan(0);
    // Delivered again once the run has completed: still one run.
    for (const message of messages) await handler(event(message, 3));
    expect(await usageToday('metered')).toEqual({
      apiRequests: 0,
      runs: 1,
      simulations: 1,
      comparisons: 0,
      analyses: 0,
      queries: 0,
      paths: 600,
      billedPathYears: 6_000,
      pathYears: 6_000,
      computeMs: run?.elapsedMs,
      webhookDeliveries: 0,
    });
  });

  it('counts a run whose count was lost after it completed, once, when any of its shards comes again', async () => {
    const { ref, messages } = await queuedRun({ realmId: 'crashed', paths: 200, shards: 2, pathYears: 2_000 });
    // As the worker that completed the run leaves it when it dies right after the transition: COMPLETED, not counted.
    await dynamoClient().update({
      TableName: tableName(),
      Key: runKeys.run(ref),
      UpdateExpression: 'SET #status = :completed, completedAt = :now, elapsedMs = :ms',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':completed': 'COMPLETED', ':now': new Date().toISOString(), ':ms': 40 },
    });
    expect((await usageToday('crashed')).runs).toBe(0);
    await handler(event(messages[1], 2));
    const counted = await usageToday('crashed');
    expect(counted).toMatchObject({ runs: 1, paths: 200, pathYears: 2_000, computeMs: 40 });
    // Dies again between the count and the mark on the run: the ledger's own condition keeps it at one.
    await dynamoClient().update({ TableName: tableName(), Key: runKeys.run(ref), UpdateExpression: 'REMOVE metered' });
    await handler(event(messages[0], 2));
    await handler(event(messages[1], 3));
    expect(await usageToday('crashed')).toEqual(counted);
  });

  it('publishes the count as an embedded-metric-format line with the realm as a dimension', async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const { messages } = await queuedRun({ realmId: 'emf-realm', paths: 100, shards: 1, pathYears: 1_000 });
    const lines = await stdoutOf(() => handler(event(messages[0])));
    const emf = lines.map((line) => JSON.parse(line)).filter((entry) => entry._aws && entry.realm === 'emf-realm');
    expect(emf).toHaveLength(1);
    const [line] = emf;
    expect(line._aws.CloudWatchMetrics[0].Namespace).toBe('HouseholdScenarios');
    expect(line._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', 'realm']]);
    expect(line._aws.CloudWatchMetrics[0].Metrics.map((m: { Name: string }) => m.Name).sort()).toEqual(
      ['ComputeMs', 'PathYears', 'Paths', 'Runs'].sort(),
    );
    expect(line).toMatchObject({ service: 'household-scenarios', Runs: 1, Paths: 100, PathYears: 1_000 });
    // Redelivered after completion: no second line.
    expect((await stdoutOf(() => handler(event(messages[0], 2)))).filter((l) => l.includes('"_aws"'))).toEqual([]);
  });
});

describe('the monthly path-year quota', () => {
  it('admits a concurrent burst exactly up to the quota and refuses the rest with Retry-After until next month', async () => {
    await setMonthlyQuota('quota-realm', 25_000);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => admitRun('quota-realm', 5_000)));
    const admitted = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(admitted).toHaveLength(5);
    expect(refused).toHaveLength(3);
    const month = new Date().toISOString().slice(0, 7);
    expect(await admittedPathYears('quota-realm', month)).toBe(25_000);
    for (const error of refused) {
      expect(error).toBeInstanceOf(TooManyRequestsError);
      expect(error.message).toMatch(/monthly path-year quota \(25000\) is exhausted/);
      const expected = secondsUntilNextMonth(new Date());
      expect(Math.abs(error.retryAfterSeconds - expected)).toBeLessThanOrEqual(5);
    }
    // A run that gives its admission back makes room for one more.
    await returnAdmission((admitted[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof admitRun>>>).value);
    await expect(admitRun('quota-realm', 5_000)).resolves.toMatchObject({ pathYears: 5_000 });
    await expect(admitRun('quota-realm', 1)).rejects.toBeInstanceOf(TooManyRequestsError);
    // Without a quota every run is admitted (and still counted against the month).
    await setMonthlyQuota('quota-realm', undefined);
    await expect(admitRun('quota-realm', 1_000_000)).resolves.toMatchObject({ month });
  });

  it('gives Retry-After as the seconds until the first instant of next month (UTC)', () => {
    const at = new Date('2026-12-31T23:59:30.200Z');
    expect(startOfNextMonth(at).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(secondsUntilNextMonth(at)).toBe(30);
    expect(secondsUntilNextMonth(new Date('2026-02-01T00:00:00Z'))).toBe(28 * 86_400);
  });
});
